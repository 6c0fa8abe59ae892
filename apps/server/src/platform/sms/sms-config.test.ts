import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendcode } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, freshIp, nextPhone } from '../../test/helpers.ts';
import { SMS_TEMPLATE_VARS, smsConfigProblems, smsConfigSchema } from './config.ts';
import { fakeAliyun, type FakeAliyun } from './fake-aliyun.ts';

/** The SMS settings' validation (docs/sms.md, "Configuration"): every missing setting named at once, by name. */

const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist' };
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};
const TEMPLATES = Object.values(SMS_TEMPLATE_VARS);

let dir: string;
let fake: FakeAliyun;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sms-config-'));
  fake = await fakeAliyun();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fake.close();
});

describe('SMS configuration', () => {
  it('SMS_PROVIDER=aliyun without settings names every missing one together', () => {
    const msg = problemsOf({ SMS_PROVIDER: 'aliyun' });
    for (const name of ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET (or ALIYUN_SMS_ACCESS_KEY_SECRET_FILE) is required', 'SMS_SIGN_NAME', ...TEMPLATES])
      expect(msg).toContain(name);
    expect(msg).not.toContain('TENCENT_');
  });

  it('SMS_PROVIDER=tencent without settings names every missing one together; one missing template is named alone', () => {
    const msg = problemsOf({ SMS_PROVIDER: 'tencent' });
    for (const name of ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SECRET_KEY (or TENCENT_SMS_SECRET_KEY_FILE) is required', 'SMS_SIGN_NAME', ...TEMPLATES])
      expect(msg).toContain(name);
    const complete = Object.fromEntries(TEMPLATES.map((t) => [t, '1000001']));
    const one = problemsOf({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'AKIDx',
      TENCENT_SMS_SECRET_KEY: 'k',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
      SMS_SIGN_NAME: '考试宝典',
      ...complete,
      SMS_TEMPLATE_PLAN_REMIND: '',
    });
    expect(one).toBe('Invalid configuration (1 problem):\n  - SMS_TEMPLATE_PLAN_REMIND: is required with SMS_PROVIDER=tencent');
  });

  it('NODE_ENV=production with the development provider (set or by default) refuses to start, naming SMS_PROVIDER and its values', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', SMS_PROVIDER: 'dev' }] as Record<string, string>[]) {
      expect(problemsOf(env)).toMatch(/SMS_PROVIDER: the development provider .* set SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent/);
    }
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'disabled' })).toBe('');
    expect(problemsOf({ ...fake.config, NODE_ENV: 'production' })).toBe('');
  });

  it('the checks are a function of the parsed settings (for a configuration validated as one)', () => {
    const parsed = { ...smsConfigSchema.parse({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIx', ALIYUN_SMS_ACCESS_KEY_SECRET: 's' }), NODE_ENV: 'development' };
    expect(smsConfigProblems(parsed).map((p) => p.path)).toEqual(['SMS_SIGN_NAME', ...TEMPLATES]);
  });

  it('a key file must be mode 0600 (group- or world-readable refused); given both ways is refused; a missing file is named', () => {
    const open = join(dir, 'open.secret');
    writeFileSync(open, 'secret\n');
    chmodSync(open, 0o644);
    const env = { ...fake.config, ALIYUN_SMS_ACCESS_KEY_SECRET: '' };
    expect(problemsOf({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: open })).toContain(
      `ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_SMS_ACCESS_KEY_SECRET_FILE ${open} is readable by group or others (mode 0644): chmod 600 it`,
    );
    chmodSync(open, 0o640);
    expect(problemsOf({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: open })).toContain('(mode 0640)');
    expect(problemsOf({ ...fake.config, ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: open })).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET and ALIYUN_SMS_ACCESS_KEY_SECRET_FILE are both set');
    expect(problemsOf({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: join(dir, 'none') })).toContain(
      `ALIYUN_SMS_ACCESS_KEY_SECRET_FILE ${join(dir, 'none')} cannot be read (ENOENT)`,
    );
  });

  it('a key file of mode 0600 is read and the stand-in accepts what it signs; the key is never in the log', async () => {
    const file = join(dir, 'aliyun.secret');
    writeFileSync(file, `${fake.config.ALIYUN_SMS_ACCESS_KEY_SECRET}\n`, { mode: 0o600 });
    const lines: string[] = [];
    const t = await createTestApp({
      config: loadConfig({ ...base, LOG_LEVEL: 'info', ...fake.config, ALIYUN_SMS_ACCESS_KEY_SECRET: '', ALIYUN_SMS_ACCESS_KEY_SECRET_FILE: file }),
      deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } },
    });
    try {
      const phone = nextPhone();
      expect((await t.call(sendcode, { phone, op: 'login' }, { ip: freshIp() })).status).toBe(200);
      expect(fake.sent.at(-1)?.phone).toBe(phone);
      expect(lines.join('')).not.toContain(fake.config.ALIYUN_SMS_ACCESS_KEY_SECRET);
    } finally {
      await t.close();
    }
  });
});

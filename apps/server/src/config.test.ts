import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, mediaPlacement } from './config.ts';

/** The problems loadConfig lists for an environment (one per line of its error), or [] when it starts. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    return (e as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^\s*- /, ''));
  }
}

describe('config', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      MAINTENANCE: false,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.WEB_DIST).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('reads truthy MAINTENANCE values and treats empty strings as unset', () => {
    for (const v of ['1', 'true', 'YES', 'on']) expect(loadConfig({ MAINTENANCE: v }).MAINTENANCE).toBe(true);
    for (const v of ['0', 'false', '', 'off']) expect(loadConfig({ MAINTENANCE: v }).MAINTENANCE).toBe(false);
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('refuses malformed values, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ ALIPAY_SELLER_ID: '12345' })).toThrow(/ALIPAY_SELLER_ID/);
    expect(loadConfig({ ALIPAY_SELLER_ID: '2088102177846880' }).ALIPAY_SELLER_ID).toBe('2088102177846880');
  });

  it('lists every problem of a production start together, naming the settings and never their values', () => {
    const problems = problemsOf({ NODE_ENV: 'production', WEB_CONCURRENCY: '2', PORT: 'eighty', WECHATPAY_MCHID: '1900000109', MEDIA_S3_ACCESS_KEY_ID: 'AKIDSECRETVALUE' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: /),
        expect.stringContaining('WEB_CONCURRENCY above 1 needs DATABASE_URL'),
        expect.stringContaining('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together'),
        expect.stringContaining('WeChat Pay is partly configured: set WECHATPAY_APPID, WECHATPAY_MERCHANT_SERIAL'),
        expect.stringContaining('WeChat Pay needs PUBLIC_BASE_URL'),
      ]),
    );
    expect(problems.join('\n')).not.toMatch(/1900000109|AKIDSECRETVALUE/);
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@db/kaoshi', PUBLIC_BASE_URL: 'http://exam.example.com' })).toContainEqual(
      expect.stringContaining('PUBLIC_BASE_URL must start with https://'),
    );
    expect(problemsOf({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toEqual(['HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS']);
  });

  it('takes a private key from a file only when its owner alone can read it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaoshi-keys-'));
    const key = join(dir, 'alipay.pem');
    writeFileSync(key, '-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n');
    const env = { ALIPAY_APP_ID: '2021000000000000', ALIPAY_PRIVATE_KEY: key, ALIPAY_PUBLIC_KEY: key, PUBLIC_BASE_URL: 'https://exam.example.com' };
    chmodSync(key, 0o644);
    expect(problemsOf(env)).toEqual(['ALIPAY_PRIVATE_KEY: the key file must be readable by its owner only (chmod 600)']);
    chmodSync(key, 0o600);
    expect(problemsOf(env)).toEqual([]);
    expect(problemsOf({ ...env, ALIPAY_PUBLIC_KEY: join(dir, 'missing.pem') })).toEqual(['ALIPAY_PUBLIC_KEY: the key file does not exist or cannot be read']);
  });

  it('trusts a forwarded client address only from the proxies named', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const v of ['1', 'true', 'on']) expect(loadConfig({ TRUST_PROXY: v }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24' }).TRUST_PROXY).toBe('10.0.0.5, 192.168.1.0/24');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone!' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses several machines (MACHINES) without PostgreSQL, Redis and media every machine reaches, naming each', () => {
    const shared = { MACHINES: '2', DATABASE_URL: 'postgres://db/kaoshi', REDIS_URL: 'redis://cache' };
    expect(() => loadConfig({ MACHINES: '3' })).toThrow(
      /MACHINES: several machines need DATABASE_URL[^]*\n {2}- MACHINES: several machines need REDIS_URL[^]*\n {2}- MACHINES: several machines need media/,
    );
    expect(() => loadConfig(shared)).toThrow(
      /^Invalid configuration \(1 problem\):\n {2}- MACHINES: several machines need media every machine reaches: MEDIA_S3_BUCKET, or MEDIA_SHARED=on/,
    );
    expect(loadConfig({ ...shared, MEDIA_SHARED: 'on', MEDIA_DIR: '/srv/kaoshi-media' })).toMatchObject({ MACHINES: 2, MEDIA_SHARED: true });
    expect(loadConfig({ ...shared, MEDIA_S3_BUCKET: 'kaoshi-media' }).MACHINES).toBe(2);
    // One machine (the default) with several processes: its own folder serves them all.
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/kaoshi' })).toMatchObject({ MACHINES: 1, MEDIA_SHARED: false });
  });

  it('says at start where media are and what that means for several machines', () => {
    const c = loadConfig({ DATA_DIR: '/var/lib/kaoshi', WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/kaoshi' });
    expect(mediaPlacement(c)).toBe(
      'media: /var/lib/kaoshi/media, a folder of this machine only, shared by its 2 server processes; several machines need MEDIA_S3_BUCKET or MEDIA_SHARED=on (docs/operations.md, "Several machines")',
    );
    expect(mediaPlacement({ ...c, MEDIA_SHARED: true })).toBe('media: /var/lib/kaoshi/media, a folder every machine mounts (MEDIA_SHARED)');
    expect(mediaPlacement({ ...c, MEDIA_S3_BUCKET: 'kaoshi-media', MEDIA_S3_PREFIX: 'prod/' })).toBe('media: S3 bucket kaoshi-media under prod/ (every machine reaches it)');
  });
});

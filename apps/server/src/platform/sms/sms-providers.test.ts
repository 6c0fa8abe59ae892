import { AGREEMENT_VERSION, CAPTCHA_MSG, SMS, accountDeletionCode, checkcode, freeFegist, sendcode } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { agents } from '../../db/schema/index.ts';
import { createTestApp, freshIp, md5, nextPhone, type TestApp } from '../../test/helpers.ts';
import { createAliyunSmsProvider } from './aliyun.ts';
import { SMS_FAILURE_MSG } from './errors.ts';
import { fakeAliyun, type FakeAliyun } from './fake-aliyun.ts';
import { fakeTencent, type FakeTencent } from './fake-tencent.ts';
import { createTencentSmsProvider } from './tencent.ts';

/**
 * The real providers against their local stand-ins (fake-aliyun.ts, fake-tencent.ts), which check every request's
 * signature as the real services do: a good send (code and notice, the agent's own sign), each provider error
 * mapped to the learner's Chinese text through sendcode (the limits not used up, no code left valid), a wrong
 * secret refused by the stand-in, and the log lines (English, without the phone, the code or the key).
 */

type Fake = FakeAliyun | FakeTencent;
interface Case {
  name: 'aliyun' | 'tencent';
  start(): Promise<Fake>;
  /** The sent messages as phone, sign, template and variables by name. */
  sent(f: Fake): { phone: string; sign: string; template: string; params: string[] }[];
  secretVar: string;
  badSignature: string;
  errors: [code: string, status: number, msg: string][];
}

const UNAVAILABLE = SMS_FAILURE_MSG.unavailable;
const cases: Case[] = [
  {
    name: 'aliyun',
    start: fakeAliyun,
    sent: (f) => (f as FakeAliyun).sent.map((s) => ({ phone: s.phone, sign: s.signName, template: s.templateCode, params: Object.values(s.params) })),
    secretVar: 'ALIYUN_SMS_ACCESS_KEY_SECRET',
    badSignature: 'SignatureDoesNotMatch',
    errors: [
      ['isv.MOBILE_NUMBER_ILLEGAL', 400, SMS_FAILURE_MSG.invalidNumber],
      ['isv.BUSINESS_LIMIT_CONTROL', 429, SMS_FAILURE_MSG.rateLimit],
      ['isv.DAY_LIMIT_CONTROL', 429, SMS_FAILURE_MSG.dailyLimit],
      ['isv.BLACK_KEY_CONTROL_LIMIT', 400, SMS_FAILURE_MSG.numberRefused],
      ['isv.SMS_TEMPLATE_ILLEGAL', 503, UNAVAILABLE],
      ['isv.SMS_SIGNATURE_ILLEGAL', 503, UNAVAILABLE],
      ['isv.AMOUNT_NOT_ENOUGH', 503, UNAVAILABLE],
      ['isp.SYSTEM_ERROR', 503, UNAVAILABLE],
    ],
  },
  {
    name: 'tencent',
    start: fakeTencent,
    sent: (f) => (f as FakeTencent).sent.map((s) => ({ phone: s.phone.replace(/^\+86/, ''), sign: s.signName, template: s.templateId, params: s.params })),
    secretVar: 'TENCENT_SMS_SECRET_KEY',
    badSignature: 'AuthFailure.SignatureFailure',
    errors: [
      ['InvalidParameterValue.IncorrectPhoneNumber', 400, SMS_FAILURE_MSG.invalidNumber],
      ['LimitExceeded.PhoneNumberThirtySecondLimit', 429, SMS_FAILURE_MSG.rateLimit],
      ['LimitExceeded.PhoneNumberDailyLimit', 429, SMS_FAILURE_MSG.dailyLimit],
      ['FailedOperation.PhoneNumberInBlacklist', 400, SMS_FAILURE_MSG.numberRefused],
      ['FailedOperation.TemplateIncorrectOrUnapproved', 503, UNAVAILABLE],
      ['FailedOperation.SignatureIncorrectOrUnapproved', 503, UNAVAILABLE],
      ['FailedOperation.InsufficientBalanceInSmsPackage', 503, UNAVAILABLE],
      ['UnauthorizedOperation.SmsSdkAppIdVerifyFail', 503, UNAVAILABLE],
      ['InternalError.Timeout', 503, UNAVAILABLE],
    ],
  },
];

const baseEnv = { NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent-web-dist' };

describe.each(cases)('SMS_PROVIDER=$name against its stand-in', (c) => {
  let fake: Fake;
  let t: TestApp;
  const lines: string[] = [];
  const logs = () => lines.join('');
  beforeAll(async () => {
    fake = await c.start();
    t = await createTestApp({
      config: loadConfig({ ...baseEnv, ...fake.config }),
      deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } },
    });
    await t.db.insert(agents).values({ code: '9001', name: '护士代理', smsSignName: '护士题库', smsTemplates: { login: c.name === 'aliyun' ? 'SMS_100000003' : '1000003' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const templateOf = (kind: string) => fake.config[`SMS_TEMPLATE_${kind.toUpperCase()}`];

  it('sends a code with the sign name and the template of its purpose; the code works', async () => {
    const phone = nextPhone();
    expect(await t.call(sendcode, { phone, op: 'register' }, { ip: freshIp() })).toMatchObject({ status: 200, data: { expiresIn: 300, resendAfter: 60 } });
    const sent = c.sent(fake).at(-1)!;
    expect(sent).toMatchObject({ phone, sign: '考试宝典', template: templateOf('register') });
    expect(sent.params).toEqual([expect.stringMatching(/^\d{6}$/)]);
    expect(await t.call(checkcode, { phone, op: 'register', code: sent.params[0] })).toMatchObject({ status: 200, data: { valid: true } });
    expect(logs()).not.toContain(sent.params[0]);
  });

  it("uses the agent's own sign name and template where its row has them, else the environment's", async () => {
    const phone = nextPhone();
    expect((await t.call(sendcode, { phone, op: 'login', agentCode: '9001' }, { ip: freshIp() })).status).toBe(200);
    expect(c.sent(fake).at(-1)).toMatchObject({ phone, sign: '护士题库', template: templateOf('reset') });
    const other = nextPhone();
    expect((await t.call(sendcode, { phone: other, op: 'bind', agentCode: '9001' }, { ip: freshIp() })).status).toBe(200);
    expect(c.sent(fake).at(-1)).toMatchObject({ phone: other, sign: '护士题库', template: templateOf('bind') });
    await t.db.update(agents).set({ smsSignName: null, smsTemplates: null }).where(eq(agents.code, '9001'));
    t.forgetCaches();
    const third = nextPhone();
    expect((await t.call(sendcode, { phone: third, op: 'login', agentCode: '9001' }, { ip: freshIp() })).status).toBe(200);
    expect(c.sent(fake).at(-1)).toMatchObject({ phone: third, sign: '考试宝典', template: templateOf('login') });
  });

  it('sends the live and plan reminders as template notices with their variables in order', async () => {
    const config = loadConfig({ ...baseEnv, ...fake.config });
    const make = c.name === 'aliyun' ? createAliyunSmsProvider : createTencentSmsProvider;
    const provider = make(config, t.app.log, async (code) => (code === '9002' ? { signName: '护士题库', templates: null } : undefined));
    const phone = nextPhone();
    await provider.notify!({ phone, template: 'live-remind', params: { title: '护理学基础冲刺直播第一讲：内科', time: '19:30' } });
    expect(c.sent(fake).at(-1)).toEqual({ phone, sign: '考试宝典', template: templateOf('live_remind'), params: ['护理学基础冲刺直播第一…', '19:30'] });
    await provider.notify!({ phone, template: 'plan-remind', params: { time: '08:00', tasks: '3' }, agentCode: '9002' });
    expect(c.sent(fake).at(-1)).toEqual({ phone, sign: '护士题库', template: templateOf('plan_remind'), params: ['08:00', '3'] });
  });

  it.each(c.errors)('maps %s to the learner (status %i, %s) without using up the limits or leaving a code', async (code, status, msg) => {
    const phone = nextPhone();
    const ip = freshIp();
    const before = lines.length;
    fake.failNext = code;
    expect(await t.call(sendcode, { phone, op: 'register' }, { ip })).toEqual({ status, msg, data: null });
    expect(fake.refused.at(-1)).toBe(code);
    const line = lines.slice(before).join('');
    expect(line).toContain(`SMS code not sent: provider=${c.name} kind=`);
    expect(line).toContain(code);
    expect(line).not.toContain(phone);
    expect(line).not.toContain(fake.config[c.secretVar]);
    // No code of that send is valid, and the per-phone 60 s limit was given back: the next send goes out at once.
    expect((await t.call(checkcode, { phone, op: 'register', code: '000000' })).msg).toBe('验证码已失效，请重新获取');
    expect((await t.call(sendcode, { phone, op: 'register' }, { ip })).status).toBe(200);
    expect(c.sent(fake).at(-1)?.phone).toBe(phone);
  });

  it("the account deletion code goes out under the learner's own agent (the account's, not the request's)", async () => {
    await t.db.insert(agents).values({ code: '9003', name: '药师代理', smsSignName: '护士题库', smsTemplates: null });
    const phone = nextPhone();
    const ip = freshIp();
    expect((await t.call(sendcode, { phone, op: 'register', agentCode: '9003' }, { ip })).status).toBe(200);
    const code = c.sent(fake).at(-1)!.params[0];
    const reg = await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: code, password: md5('Passw0rd!'), agentCode: '9003' }, { ip });
    expect(reg.status).toBe(200);
    t.clock.advance(SMS.resendAfterMs);
    expect((await t.call(accountDeletionCode, { guid: reg.data.guid }, { ip: freshIp() })).status).toBe(200);
    expect(c.sent(fake).at(-1)).toMatchObject({ phone, sign: '护士题库', template: templateOf('cancel') });
  });

  it("a failed send gives back the IP's free burst too; parallel sends are still held to one a minute", async () => {
    const ip = freshIp();
    for (let i = 0; i < SMS.ipBurst; i++) {
      fake.failNext = c.errors[0][0];
      expect((await t.call(sendcode, { phone: nextPhone(), op: 'register' }, { ip })).status).toBe(c.errors[0][1]);
    }
    for (let i = 0; i < SMS.ipBurst; i++) expect((await t.call(sendcode, { phone: nextPhone(), op: 'register' }, { ip })).status).toBe(200);
    expect(await t.call(sendcode, { phone: nextPhone(), op: 'register' }, { ip })).toMatchObject({ status: 429, msg: CAPTCHA_MSG.needed });
    const phone = nextPhone();
    const sentBefore = c.sent(fake).length;
    const replies = await Promise.all([1, 2, 3, 4].map(() => t.call(sendcode, { phone, op: 'register' }, { ip: freshIp() })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 429, 429, 429]);
    expect(c.sent(fake).length - sentBefore).toBe(1);
  });

  it('a wrong secret is refused by the stand-in and answered as the service being unavailable', async () => {
    const wrong = await createTestApp({ config: loadConfig({ ...baseEnv, LOG_LEVEL: 'silent', ...fake.config, [c.secretVar]: 'not-the-secret-0123456789abcdef' }) });
    try {
      const sentBefore = c.sent(fake).length;
      expect(await wrong.call(sendcode, { phone: nextPhone(), op: 'login' }, { ip: freshIp() })).toEqual({ status: 503, msg: UNAVAILABLE, data: null });
      expect(fake.refused.at(-1)).toBe(c.badSignature);
      expect(c.sent(fake).length).toBe(sentBefore);
    } finally {
      await wrong.close();
    }
  });

  it('no answer from the provider (connection refused) is the unavailable message, logged as network', async () => {
    // https, as the real endpoints: the SDK must dial it with TLS (nothing listens on port 9).
    const endpoint = c.name === 'aliyun' ? { ALIYUN_SMS_ENDPOINT: 'https://127.0.0.1:9' } : { TENCENT_SMS_ENDPOINT: 'https://sms.localhost:9' };
    const down = await createTestApp({
      config: loadConfig({ ...baseEnv, ...fake.config, ...endpoint }),
      deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } },
    });
    try {
      const before = lines.length;
      expect(await down.call(sendcode, { phone: nextPhone(), op: 'login' }, { ip: freshIp() })).toEqual({ status: 503, msg: UNAVAILABLE, data: null });
      expect(lines.slice(before).join('')).toContain(`provider=${c.name} kind=network`);
    } finally {
      await down.close();
    }
  });

  it('/metrics counts sent and failed per provider', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(new RegExp(`^kaoshi_sms_total\\{provider="${c.name}",kind="code",result="sent"\\} [1-9]`, 'm'));
    expect(text).toMatch(new RegExp(`^kaoshi_sms_total\\{provider="${c.name}",kind="code",result="failed"\\} [1-9]`, 'm'));
  });
});

import { AGREEMENT_VERSION, CAPTCHA_MSG, SMS, captchaNew, checkcode, codelogin, sendcode } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCounters, smsCodes } from '../../db/schema/index.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { createTestApp, DEMO, freshIp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A phone number no other test uses. */
const phone = () => `1370000${String(++n).padStart(4, '0')}`;
/** The answer of a picture challenge, through the test-only hook. */
const answerOf = async (captchaId: string): Promise<string> => {
  const res = await t.app.inject({ method: 'GET', url: '/__test__/captcha', query: { captchaId } });
  return (res.json() as { data: { answer: string } }).data.answer;
};

describe('sendcode', () => {
  it('sends a 6-digit code and says when it expires and when another may be sent', async () => {
    const p = phone();
    expect(await t.call(sendcode, { phone: p, op: 'login' }, { ip: freshIp() })).toEqual({
      status: 200,
      msg: '',
      data: { expiresIn: 300, resendAfter: 60 },
    });
    expect(await t.lastSmsCode(p)).toMatch(/^\d{6}$/);
  });

  it('stores only a hash of the code', async () => {
    const p = phone();
    await t.call(sendcode, { phone: p, op: 'login' }, { ip: freshIp() });
    const code = await t.lastSmsCode(p);
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, p));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
  });

  it('rejects bad input with a Chinese message naming the field', async () => {
    expect(await t.call(sendcode, { phone: '12345' })).toMatchObject({ status: 400, msg: '请输入正确的手机号' });
    expect(await t.call(sendcode, {})).toMatchObject({ status: 400, msg: '请填写手机号' });
    expect(await t.call(sendcode, { phone: phone(), op: 'steal' })).toMatchObject({ status: 400, msg: '验证码用途不正确' });
  });

  it('refuses op=register for a registered phone and op=reset for an unknown one', async () => {
    expect(await t.call(sendcode, { phone: DEMO.learner, op: 'register' }, { ip: freshIp() })).toMatchObject({
      status: 400,
      msg: '该手机号已注册，请直接登录',
    });
    expect(await t.call(sendcode, { phone: phone(), op: 'reset' }, { ip: freshIp() })).toMatchObject({ status: 400, msg: '该手机号尚未注册' });
    expect(await t.call(sendcode, { phone: DEMO.learner, op: 'bind' }, { ip: freshIp() })).toMatchObject({ status: 400, msg: '该手机号已被其他账号使用' });
    expect((await t.call(sendcode, { phone: DEMO.learner, op: 'reset' }, { ip: freshIp() })).status).toBe(200);
  });

  it('allows one send per 60 s per phone', async () => {
    const p = phone();
    expect((await t.call(sendcode, { phone: p }, { ip: freshIp() })).status).toBe(200);
    t.clock.advance(20_000);
    expect(await t.call(sendcode, { phone: p }, { ip: freshIp() })).toEqual({ status: 429, msg: '发送过于频繁，请40秒后再试', data: null });
    t.clock.advance(40_000);
    expect((await t.call(sendcode, { phone: p }, { ip: freshIp() })).status).toBe(200);
  });

  it('allows 10 sends per day per phone', async () => {
    const p = phone();
    for (let i = 0; i < 10; i++) {
      expect((await t.call(sendcode, { phone: p }, { ip: freshIp() })).status).toBe(200);
      t.clock.advance(61_000);
    }
    expect(await t.call(sendcode, { phone: p }, { ip: freshIp() })).toEqual({ status: 429, msg: '今日发送次数已达上限', data: null });
  });

  it('a shared network (one IP): different phones go through without waiting; past the burst each send needs a picture challenge', async () => {
    const ip = freshIp();
    for (let i = 0; i < SMS.ipBurst; i++) expect((await t.call(sendcode, { phone: phone() }, { ip })).status).toBe(200);
    const p = phone();
    expect(await t.call(sendcode, { phone: p }, { ip })).toEqual({ status: 429, msg: CAPTCHA_MSG.needed, data: { captcha: true } });

    const first = (await t.call(captchaNew, {}, { ip })).data;
    expect(first.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(first.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // A wrong answer uses the challenge up.
    expect(await t.call(sendcode, { phone: p, captchaId: first.captchaId, validate: 'xxxx' }, { ip })).toEqual({ status: 400, msg: CAPTCHA_MSG.wrong, data: { captcha: true } });
    const right = await answerOf(first.captchaId);
    expect(await t.call(sendcode, { phone: p, captchaId: first.captchaId, validate: right }, { ip })).toEqual({ status: 400, msg: CAPTCHA_MSG.expired, data: { captcha: true } });

    const second = (await t.call(captchaNew, {}, { ip })).data;
    expect((await t.call(sendcode, { phone: p, captchaId: second.captchaId, validate: (await answerOf(second.captchaId)).toUpperCase() }, { ip })).status).toBe(200);
    // Each further send needs a new challenge; after the window the burst is free again.
    expect((await t.call(sendcode, { phone: phone(), captchaId: second.captchaId, validate: 'x' }, { ip })).status).toBe(400);
    t.clock.advance(SMS.ipBurstWindowMs);
    expect((await t.call(sendcode, { phone: phone() }, { ip })).status).toBe(200);
  });

  it('counts IPv6 clients by their /64 network, so new addresses in it do not escape the burst', async () => {
    const net = `2001:db8:${(Date.now() & 0xffff).toString(16)}:7`;
    for (let i = 1; i <= SMS.ipBurst; i++) expect((await t.call(sendcode, { phone: phone() }, { ip: `${net}::${i}` })).status).toBe(200);
    expect(await t.call(sendcode, { phone: phone() }, { ip: `${net}:ffff::9` })).toEqual({ status: 429, msg: CAPTCHA_MSG.needed, data: { captcha: true } });
    // The next /64 is another network.
    expect((await t.call(sendcode, { phone: phone() }, { ip: `${net.replace(/:7$/, ':8')}::1` })).status).toBe(200);
  });

  it('a challenge expires, and one IP may ask for only so many', async () => {
    const ip = freshIp();
    const c = (await t.call(captchaNew, {}, { ip })).data;
    expect(c.expiresIn).toBe(SMS.captchaValidMs / 1000);
    for (let i = 0; i < SMS.ipBurst; i++) await t.call(sendcode, { phone: phone() }, { ip });
    t.clock.advance(SMS.captchaValidMs + 1);
    expect((await t.call(sendcode, { phone: phone(), captchaId: c.captchaId, validate: await answerOf(c.captchaId) }, { ip })).msg).toBe(CAPTCHA_MSG.expired);
    const other = freshIp();
    for (let i = 0; i < SMS.captchasPerWindow; i++) expect((await t.call(captchaNew, {}, { ip: other })).status).toBe(200);
    expect(await t.call(captchaNew, {}, { ip: other })).toEqual({ status: 429, msg: CAPTCHA_MSG.tooMany, data: null });
  });

  it('keeps a hard ceiling per IP and China day, captcha or not', async () => {
    const ip = freshIp();
    await t.db.insert(rateCounters).values({ key: `sms:day:ip:${ip}:${chinaDay(t.clock.now)}`, count: SMS.ipPerDay, resetAt: new Date(t.clock.now + 3_600_000) });
    expect(await t.call(sendcode, { phone: phone() }, { ip })).toEqual({ status: 429, msg: '今日发送次数已达上限', data: null });
  });

  it('opens a new daily allowance at midnight China time', async () => {
    const fresh = await createTestApp();
    try {
      const p = '13600000001';
      for (let i = 0; i < 10; i++) {
        await fresh.call(sendcode, { phone: p }, { ip: freshIp() });
        fresh.clock.advance(61_000);
      }
      expect((await fresh.call(sendcode, { phone: p }, { ip: freshIp() })).status).toBe(429);
      fresh.clock.advance(24 * 3600_000); // next China day whatever the hour
      expect((await fresh.call(sendcode, { phone: p }, { ip: freshIp() })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('checkcode and using a code', () => {
  const send = async (p: string, op = 'login') => {
    await t.call(sendcode, { phone: p, op }, { ip: freshIp() });
    return t.lastSmsCode(p);
  };
  const other = (code: string) => (code === '000000' ? '111111' : '000000');

  it('accepts the right code without using it up', async () => {
    const p = phone();
    const code = await send(p);
    expect(await t.call(checkcode, { phone: p, code })).toEqual({ status: 200, msg: '', data: { valid: true } });
    expect((await t.call(checkcode, { phone: p, code })).status).toBe(200);
    expect((await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: p, verifyCode: code })).status).toBe(200);
  });

  it('rejects bad input naming the field', async () => {
    expect(await t.call(checkcode, { phone: phone(), code: '12' })).toMatchObject({ status: 400, msg: '请输入6位数字验证码' });
    expect(await t.call(checkcode, { phone: 'x', code: '123456' })).toMatchObject({ status: 400, msg: '请输入正确的手机号' });
  });

  it('says 验证码错误 for a wrong code and kills the code after 5 wrong guesses', async () => {
    const p = phone();
    const code = await send(p);
    for (let i = 0; i < 4; i++) expect(await t.call(checkcode, { phone: p, code: other(code) })).toMatchObject({ status: 400, msg: '验证码错误' });
    expect(await t.call(checkcode, { phone: p, code: other(code) })).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
    expect(await t.call(checkcode, { phone: p, code })).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
    expect(await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: p, verifyCode: code })).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
  });

  it('never lets parallel guesses exceed 5', async () => {
    const p = phone();
    const code = await send(p);
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== code);
    await Promise.all(guesses.map((g) => t.call(checkcode, { phone: p, code: g })));
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, p));
    expect(row.wrongGuesses).toBe(5);
  });

  it('uses a code once', async () => {
    const p = phone();
    const code = await send(p);
    expect((await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: p, verifyCode: code })).status).toBe(200);
    expect(await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: p, verifyCode: code })).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
  });

  it('expires a code after 5 minutes', async () => {
    const p = phone();
    const code = await send(p);
    t.clock.advance(5 * 60_000 - 1000);
    expect((await t.call(checkcode, { phone: p, code })).status).toBe(200);
    t.clock.advance(1000);
    expect(await t.call(checkcode, { phone: p, code })).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
  });

  it('accepts only the latest code, and only for its purpose', async () => {
    const p = phone();
    const first = await send(p);
    t.clock.advance(61_000);
    const second = await send(p);
    if (first !== second) expect((await t.call(checkcode, { phone: p, code: first })).status).toBe(400);
    expect(await t.call(checkcode, { phone: p, code: second, op: 'register' })).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
    expect((await t.call(checkcode, { phone: p, code: second })).status).toBe(200);
  });
});

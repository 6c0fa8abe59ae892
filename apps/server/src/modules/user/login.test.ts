import { AGREEMENT_VERSION, checkUser, codelogin, getUserInfo, sendcode, userlogin } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, sessions, users } from '../../db/schema/index.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { createTestApp, DEMO, freshIp, md5, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demoLogin = (password: string = DEMO.password, ip = freshIp(), username: string = DEMO.learner) =>
  t.call(userlogin, { username, password: md5(password), clientType: 'web_h5', userAgent: 'vitest' }, { ip });

describe('userlogin', () => {
  it('logs a demo learner in and returns a guid and the account', async () => {
    const body = await demoLogin();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ userName: DEMO.learner, phone: DEMO.learner, agentCode: '888', hasPassword: true, isNew: false });
    expect(body.data.guid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hands out a new guid at every login and stores only its SHA-256', async () => {
    const a = (await demoLogin()).data.guid;
    const b = (await demoLogin()).data.guid;
    expect(a).not.toBe(b);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(a)));
    expect(row).toBeDefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, a))).toHaveLength(0);
  });

  it('stores the argon2id hash of the received MD5, never the MD5 itself', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.phone, DEMO.learner));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(md5(DEMO.password));
  });

  it('records the login as an event and on the user row', async () => {
    const ip = freshIp();
    const body = await demoLogin(DEMO.password, ip);
    const rows = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'login'), eq(events.ip, ip)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: body.data.userID, userName: DEMO.learner, agentCode: '888', path: '/api/user/userlogin' });
    expect((await t.call(getUserInfo, { guid: body.data.guid })).data.lastIP).toBe(ip);
  });

  it('says 账号或密码错误 alike for a wrong password and an unknown account', async () => {
    expect(await demoLogin('wrong')).toEqual({ status: 400, msg: '账号或密码错误', data: null });
    expect(await demoLogin(DEMO.password, freshIp(), '13512345678')).toEqual({ status: 400, msg: '账号或密码错误', data: null });
  });

  it('rejects bad input naming the field', async () => {
    expect(await t.call(userlogin, { password: md5('x') })).toMatchObject({ status: 400, msg: '请填写账号' });
    expect(await t.call(userlogin, { username: DEMO.learner, password: 'plain' })).toMatchObject({ status: 400, msg: '密码格式不正确' });
    expect(await t.call(userlogin, { username: DEMO.learner })).toMatchObject({ status: 400, msg: '请填写密码' });
  });

  it('locks an account for 15 minutes after 5 failed logins, with the minutes in the message', async () => {
    const fresh = await createTestApp();
    try {
      const login = (pw: string) => fresh.call(userlogin, { username: DEMO.owner, password: md5(pw) }, { ip: freshIp() });
      for (let i = 0; i < 4; i++) expect((await login('bad')).msg).toBe('账号或密码错误');
      expect(await login('bad')).toEqual({ status: 429, msg: '密码错误次数过多，请在15分钟后重试', data: null });
      fresh.clock.advance(5 * 60_000 + 1);
      expect(await login(DEMO.password)).toMatchObject({ status: 429, msg: '密码错误次数过多，请在10分钟后重试' });
      fresh.clock.advance(10 * 60_000);
      expect((await login(DEMO.password)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('limits failed logins per IP across accounts', async () => {
    const fresh = await createTestApp();
    try {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) {
        await fresh.call(userlogin, { username: `1351111${String(i).padStart(4, '0')}`, password: md5('x') }, { ip });
      }
      expect(await fresh.call(userlogin, { username: DEMO.learner, password: md5(DEMO.password) }, { ip })).toMatchObject({
        status: 429,
        msg: '登录失败次数过多，请在15分钟后重试',
      });
      expect((await fresh.call(userlogin, { username: DEMO.learner, password: md5(DEMO.password) }, { ip: freshIp() })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('codelogin', () => {
  it('creates an account without a password for an unknown phone (isNew)', async () => {
    const phone = '13512340001';
    await t.call(sendcode, { phone, op: 'login' }, { ip: freshIp() });
    const body = await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: await t.lastSmsCode(phone), agentCode: '6001' });
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ userName: phone, phone, agentCode: '6001', hasPassword: false, isNew: true, nickName: '学员0001' });
  });

  it('logs an existing learner in (isNew false)', async () => {
    await t.call(sendcode, { phone: DEMO.owner, op: 'login' }, { ip: freshIp() });
    const body = await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: DEMO.owner, verifyCode: await t.lastSmsCode(DEMO.owner) });
    expect(body.data).toMatchObject({ userName: DEMO.owner, hasPassword: true, isNew: false });
  });

  it('rejects a code sent for another purpose', async () => {
    const phone = '13512340002';
    await t.call(sendcode, { phone, op: 'register' }, { ip: freshIp() });
    expect(await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: await t.lastSmsCode(phone) })).toMatchObject({
      status: 400,
      msg: '验证码已失效，请重新获取',
    });
  });

  it('rejects bad input naming the field', async () => {
    expect(await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: '1234', verifyCode: '123456' })).toMatchObject({ status: 400, msg: '请输入正确的手机号' });
    expect(await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: DEMO.owner, verifyCode: 'abc' })).toMatchObject({ status: 400, msg: '请输入6位数字验证码' });
  });

  it('answers 404 for an unknown agent when creating an account', async () => {
    const phone = '13512340003';
    await t.call(sendcode, { phone }, { ip: freshIp() });
    expect(await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: await t.lastSmsCode(phone), agentCode: '424242' })).toMatchObject({
      status: 404,
      msg: '没有对应代理商信息',
    });
  });
});

describe('checkUser', () => {
  it('reveals only whether an account exists', async () => {
    expect(await t.call(checkUser, { userName: DEMO.learner }, { ip: freshIp() })).toEqual({ status: 200, msg: '', data: { exists: true } });
    expect(await t.call(checkUser, { userName: '13599999999' }, { ip: freshIp() })).toEqual({ status: 200, msg: '', data: { exists: false } });
  });

  it('rejects a missing name', async () => {
    expect(await t.call(checkUser, {})).toMatchObject({ status: 400, msg: '请填写账号' });
  });

  it('allows 30 lookups per minute per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await t.call(checkUser, { userName: DEMO.learner }, { ip })).status).toBe(200);
    expect(await t.call(checkUser, { userName: DEMO.learner }, { ip })).toEqual({ status: 429, msg: '操作过于频繁，请稍后再试', data: null });
    t.clock.advance(60_000);
    expect((await t.call(checkUser, { userName: DEMO.learner }, { ip })).status).toBe(200);
  });
});

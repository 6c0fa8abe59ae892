import { AGREEMENT_VERSION, bindPhone, checkIsTourist, codelogin, getUserInfo, logout, sendcode, updateIP, userlogin } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, freshIp, md5, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;

describe('getUserInfo', () => {
  it('returns the signed-in learner', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    const body = await t.call(getUserInfo, { guid });
    expect(body).toMatchObject({ status: 200, msg: '' });
    expect(body.data).toMatchObject({
      userName: DEMO.learner,
      phone: DEMO.learner,
      nickName: '演示学员',
      agentCode: '888',
      hasPassword: true,
      isTourist: false,
    });
    expect(getUserInfo.data.parse(body.data)).toEqual(body.data);
  });

  it('accepts the guid in the x-guid header', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    expect((await t.call(getUserInfo, {}, { headers: { 'x-guid': guid } })).status).toBe(200);
  });

  it('answers 401 without a guid, and with an unknown one', async () => {
    expect(await t.call(getUserInfo, {})).toEqual(NOT_LOGGED_IN);
    expect(await t.call(getUserInfo, { guid: 'f'.repeat(64) })).toEqual({ status: 401, msg: '登录已失效，请重新登录', data: null });
  });
});

describe('session expiry', () => {
  it('ends a session idle for 7 days', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    t.clock.advance(7 * DAY - 1000);
    expect((await t.call(getUserInfo, { guid })).status).toBe(200);
    t.clock.advance(7 * DAY - 1000); // used a moment ago: slid forward, still alive
    expect((await t.call(getUserInfo, { guid })).status).toBe(200);
    t.clock.advance(7 * DAY);
    expect(await t.call(getUserInfo, { guid })).toMatchObject({ status: 401, msg: '登录已失效，请重新登录' });
  });

  it('ends any session 30 days after login however active', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      expect((await t.call(getUserInfo, { guid })).status).toBe(200);
    }
    t.clock.advance(DAY);
    expect((await t.call(getUserInfo, { guid })).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the current session only', async () => {
    const a = await t.login(DEMO.learner, DEMO.password);
    const b = await t.login(DEMO.learner, DEMO.password);
    expect(await t.call(logout, { guid: a })).toEqual({ status: 200, msg: '', data: null });
    expect((await t.call(getUserInfo, { guid: a })).status).toBe(401);
    expect((await t.call(getUserInfo, { guid: b })).status).toBe(200);
    expect((await t.call(logout, { guid: a })).status).toBe(401);
  });

  it('needs a session', async () => {
    expect((await t.call(logout, {})).status).toBe(401);
  });
});

describe('updateIP', () => {
  it('stores the client IP', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    expect(await t.call(updateIP, { guid }, { ip: '203.0.113.7' })).toEqual({ status: 200, msg: '', data: { ip: '203.0.113.7' } });
    expect((await t.call(getUserInfo, { guid })).data.lastIP).toBe('203.0.113.7');
  });

  it('needs a session', async () => {
    expect((await t.call(updateIP, {})).status).toBe(401);
  });
});

describe('checkIsTourist', () => {
  it('is true without a valid session, false with one, true in free-try mode', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    expect(await t.call(checkIsTourist, {})).toEqual({ status: 200, msg: '', data: { isTourist: true } });
    expect(await t.call(checkIsTourist, { guid: 'x'.repeat(40) })).toMatchObject({ data: { isTourist: true } });
    expect(await t.call(checkIsTourist, { guid })).toMatchObject({ data: { isTourist: false } });
    expect(await t.call(checkIsTourist, { guid, freeTry: 'true' })).toMatchObject({ data: { isTourist: true } });
  });
});

describe('bindPhone', () => {
  it('binds a new phone proven by a code sent with op=bind', async () => {
    const { guid } = await t.register('13722220001', 'pw');
    await t.call(sendcode, { phone: '13722220002', op: 'bind' }, { ip: freshIp() });
    const body = await t.call(bindPhone, { guid, phone: '13722220002', verifyCode: await t.lastSmsCode('13722220002') });
    expect(body).toEqual({ status: 200, msg: '', data: { phone: '13722220002', userName: '13722220002' } });
    expect((await t.call(getUserInfo, { guid })).data.phone).toBe('13722220002');
    expect((await t.call(userlogin, { username: '13722220002', password: md5('pw') }, { ip: freshIp() })).status).toBe(200);
  });

  it('lets the old number go: the user name follows the phone, and an SMS code to the old number never enters this account', async () => {
    const { guid } = await t.register('13722220011', 'pw');
    await t.call(sendcode, { phone: '13722220012', op: 'bind' }, { ip: freshIp() });
    await t.call(bindPhone, { guid, phone: '13722220012', verifyCode: await t.lastSmsCode('13722220012') });
    const me = (await t.call(getUserInfo, { guid })).data;
    expect(me).toMatchObject({ userName: '13722220012', phone: '13722220012' });

    t.clock.advance(61_000); // past the 60 s resend limit of the old number's registration code
    // The old number no longer names the account: no password login, no reset ...
    expect(await t.call(userlogin, { username: '13722220011', password: md5('pw') }, { ip: freshIp() })).toMatchObject({ status: 400, msg: '账号或密码错误' });
    expect(await t.call(sendcode, { phone: '13722220011', op: 'reset' }, { ip: freshIp() })).toMatchObject({ status: 400, msg: '该手机号尚未注册' });
    // ... and whoever holds it now gets an account of their own by SMS-code login.
    await t.call(sendcode, { phone: '13722220011', op: 'login' }, { ip: freshIp() });
    const other = await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: '13722220011', verifyCode: await t.lastSmsCode('13722220011') }, { ip: freshIp() });
    expect(other.data).toMatchObject({ userName: '13722220011', isNew: true });
    expect(other.data?.userID).not.toBe(me.userID);
  });

  it('refuses a phone taken by another account since its code was sent, once the code is right', async () => {
    const { guid } = await t.register('13722220003', 'pw');
    expect(await t.call(bindPhone, { guid, phone: DEMO.owner, verifyCode: '123456' })).toEqual({ status: 400, msg: '验证码已失效，请重新获取', data: null });
    await t.call(sendcode, { phone: '13722220013', op: 'bind' }, { ip: freshIp() });
    const code = await t.lastSmsCode('13722220013');
    t.clock.advance(61_000);
    await t.call(sendcode, { phone: '13722220013', op: 'login' }, { ip: freshIp() });
    await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: '13722220013', verifyCode: await t.lastSmsCode('13722220013') }, { ip: freshIp() });
    expect(await t.call(bindPhone, { guid, phone: '13722220013', verifyCode: code })).toEqual({ status: 400, msg: '该手机号已被其他账号使用', data: null });
  });

  it('refuses a code for another purpose, and bad input', async () => {
    const { guid } = await t.register('13722220004', 'pw');
    await t.call(sendcode, { phone: '13722220005', op: 'login' }, { ip: freshIp() });
    expect(await t.call(bindPhone, { guid, phone: '13722220005', verifyCode: await t.lastSmsCode('13722220005') })).toMatchObject({
      status: 400,
      msg: '验证码已失效，请重新获取',
    });
    expect(await t.call(bindPhone, { guid, phone: '2', verifyCode: '123456' })).toMatchObject({ status: 400, msg: '请输入正确的新手机号' });
  });

  it('needs a session', async () => {
    expect((await t.call(bindPhone, { phone: '13722220006', verifyCode: '123456' })).status).toBe(401);
  });
});

import { AGREEMENT_VERSION, changePassword, checkPassword, codelogin, freeFegist, getUserInfo, restorePassword, sendcode, SESSION_ENDED_MSG, userlogin } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, freshIp, md5, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh code (the clock moves past the 60-second resend limit first). */
const codeFor = async (phone: string, op: string) => {
  t.clock.advance(61_000);
  expect((await t.call(sendcode, { phone, op }, { ip: freshIp() })).status).toBe(200);
  return t.lastSmsCode(phone);
};
const alive = async (guid: string) => (await t.call(getUserInfo, { guid })).status === 200;

describe('freeFegist (registration)', () => {
  it('registers with phone, SMS code and password, and logs the learner in', async () => {
    const phone = '13611110001';
    const body = await t.call(freeFegist, {
      agreed: AGREEMENT_VERSION,
      phone,
      verifyCode: await codeFor(phone, 'register'),
      password: md5('Xy@12345'),
      nickName: '小李',
      agentCode: '6001',
    });
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ userName: phone, phone, nickName: '小李', agentCode: '6001', hasPassword: true, isNew: true });
    expect(await alive(body.data.guid)).toBe(true);
    expect((await t.call(userlogin, { username: phone, password: md5('Xy@12345') }, { ip: freshIp() })).status).toBe(200);
  });

  it('takes the tenant from the Host subdomain', async () => {
    const phone = '13611110002';
    const code = await codeFor(phone, 'register');
    const body = await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: code, password: md5('x') }, { host: 'hushi.example.com' });
    expect(body.data.agentCode).toBe('6001');
  });

  it('refuses a phone registered since its code was sent, once the code is right', async () => {
    const phone = '13611110003';
    const code = await codeFor(phone, 'register');
    await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: await codeFor(phone, 'login') }, { ip: freshIp() });
    expect(await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: code, password: md5('x') })).toMatchObject({ status: 400, msg: '该手机号已注册，请直接登录' });
  });

  it('refuses a wrong code and bad input naming the field', async () => {
    const phone = '13611110004';
    const code = await codeFor(phone, 'register');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: wrong, password: md5('x') })).toMatchObject({ status: 400, msg: '验证码错误' });
    expect(await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: code })).toMatchObject({ status: 400, msg: '请填写密码' });
    expect(await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone: '10000000000', verifyCode: code, password: md5('x') })).toMatchObject({
      status: 400,
      msg: '请输入正确的手机号',
    });
    expect(await t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: code, password: md5('x'), nickName: 'n'.repeat(40) })).toMatchObject({
      status: 400,
      msg: '昵称不能超过32个字符',
    });
  });
});

describe('restorePassword', () => {
  it('sets a new password with an SMS code and ends every session', async () => {
    const phone = '13611110010';
    const { guid } = await t.register(phone, 'old-pass');
    const body = await t.call(restorePassword, { phone, verifyCode: await codeFor(phone, 'reset'), password: md5('new-pass') });
    expect(body).toEqual({ status: 200, msg: '', data: null });
    expect(await alive(guid)).toBe(false);
    expect((await t.call(userlogin, { username: phone, password: md5('old-pass') }, { ip: freshIp() })).status).toBe(400);
    expect((await t.call(userlogin, { username: phone, password: md5('new-pass') }, { ip: freshIp() })).status).toBe(200);
  });

  it('refuses a wrong code alike for an unknown and a registered phone, and bad input', async () => {
    expect(await t.call(restorePassword, { phone: '13611110011', verifyCode: '123456', password: md5('x') })).toMatchObject({
      status: 400,
      msg: '验证码已失效，请重新获取',
    });
    expect(await t.call(restorePassword, { phone: DEMO.owner, verifyCode: '123456', password: md5('x') })).toMatchObject({
      status: 400,
      msg: '验证码已失效，请重新获取',
    });
    expect(await t.call(restorePassword, { phone: DEMO.owner, verifyCode: '123456', password: 'short' })).toMatchObject({
      status: 400,
      msg: '新密码格式不正确',
    });
  });
});

describe('changePassword', () => {
  it('requires a session', async () => {
    expect(await t.call(changePassword, { password: md5('x'), time: '120000' })).toEqual({
      status: 401,
      msg: '您当前尚未登录，请登录后再使用',
      data: null,
    });
  });

  it('requires a six-character time value (spec §5)', async () => {
    const { guid } = await t.register('13611110020');
    expect(await t.call(changePassword, { guid, oldPassword: md5('Passw0rd!'), password: md5('n'), time: '1200' })).toMatchObject({
      status: 400,
      msg: '时间长度错误',
    });
    expect(await t.call(changePassword, { guid, oldPassword: md5('Passw0rd!'), password: md5('n') })).toMatchObject({ status: 400, msg: '时间长度错误' });
  });

  it('changes the password and ends every session, the current one too', async () => {
    const phone = '13611110021';
    const { guid } = await t.register(phone, 'first');
    const other = await t.login(phone, 'first');
    const body = await t.call(changePassword, { guid, oldPassword: md5('first'), password: md5('second'), time: '093015' });
    expect(body).toEqual({ status: 200, msg: '', data: { sessionEnded: true } });
    expect(await alive(guid)).toBe(false);
    expect(await alive(other)).toBe(false);
    expect(await t.login(phone, 'second')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('requires the old password when one is set, and a wrong one counts as a failed login', async () => {
    const phone = '13611110022';
    const { guid } = await t.register(phone, 'first');
    expect(await t.call(changePassword, { guid, password: md5('n'), time: '093015' })).toMatchObject({ status: 400, msg: '请填写原密码' });
    for (let i = 0; i < 4; i++) {
      expect(await t.call(changePassword, { guid, oldPassword: md5('nope'), password: md5('n'), time: '093015' })).toMatchObject({
        status: 400,
        msg: '原密码错误',
      });
    }
    expect(await t.call(changePassword, { guid, oldPassword: md5('nope'), password: md5('n'), time: '093015' })).toMatchObject({
      status: 429,
      msg: '密码错误次数过多，请在15分钟后重试',
    });
    expect((await t.call(userlogin, { username: phone, password: md5('first') }, { ip: freshIp() })).status).toBe(429);
  });

  it('sets a first password: keeps the current session, ends the others', async () => {
    const phone = '13611110023';
    await t.call(sendcode, { phone, op: 'login' }, { ip: freshIp() });
    const current = (await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: await t.lastSmsCode(phone) })).data.guid;
    t.clock.advance(61_000);
    await t.call(sendcode, { phone, op: 'login' }, { ip: freshIp() });
    const other = (await t.call(codelogin, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: await t.lastSmsCode(phone) })).data.guid;
    const body = await t.call(changePassword, { guid: current, password: md5('brand-new'), time: '101010' });
    expect(body).toEqual({ status: 200, msg: '', data: { sessionEnded: false } });
    expect(await alive(current)).toBe(true);
    // The other device is told why it must log in again.
    expect(await t.call(getUserInfo, { guid: other })).toEqual({ status: 401, msg: SESSION_ENDED_MSG.password, data: null });
    expect((await t.call(getUserInfo, { guid: current })).data.hasPassword).toBe(true);
  });
});

describe('checkPassword', () => {
  it('confirms the current password of the signed-in learner', async () => {
    const guid = await t.login(DEMO.owner, DEMO.password);
    expect(await t.call(checkPassword, { guid, password: md5(DEMO.password) })).toEqual({ status: 200, msg: '', data: { valid: true } });
    expect(await t.call(checkPassword, { guid, password: md5('wrong') })).toEqual({ status: 400, msg: '账号或密码错误', data: null });
  });

  it('needs a session and a well-formed password', async () => {
    expect((await t.call(checkPassword, { password: md5('x') })).status).toBe(401);
    const guid = await t.login(DEMO.owner, DEMO.password);
    expect(await t.call(checkPassword, { guid })).toMatchObject({ status: 400, msg: '请填写密码' });
  });

  it('counts failures toward the account lock', async () => {
    const phone = '13611110030';
    const { guid } = await t.register(phone, 'pw');
    for (let i = 0; i < 4; i++) await t.call(checkPassword, { guid, password: md5('bad') });
    expect(await t.call(checkPassword, { guid, password: md5('bad') })).toMatchObject({ status: 429, msg: '密码错误次数过多，请在15分钟后重试' });
    expect(await t.call(checkPassword, { guid, password: md5('pw') })).toMatchObject({ status: 429 });
  });
});

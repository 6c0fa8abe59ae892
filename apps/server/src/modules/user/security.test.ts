import {
  changePassword,
  changePasswordnew,
  changePasswordweakusers,
  codelogin,
  AGREEMENT_VERSION,
  PASSWORD_CHANGE_MSG,
  restorePassword,
  sendcode,
  userlogin,
  WEAK_CHANGE_WINDOW_MS,
  WEAK_PASSWORD_MSG,
  getUserInfo,
} from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { createTestApp, freshIp, md5, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';

/**
 * Account security (docs/account-security.md): weak passwords found at login and changed by changePasswordweakusers,
 * the change by SMS code (changePasswordnew), weak new passwords refused everywhere, and the login side of account
 * deletion (a login in the cooling-off period withdraws the request; an erased account cannot log in).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const time = '120000';
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const login = (phone: string, password: string) => t.call(userlogin, { username: phone, password: md5(password) }, { ip: freshIp() });
/** A learner whose stored password is `password` (registration refuses weak ones, so it is written the way an old account has it). */
async function learnerWithPassword(password: string) {
  const phone = nextPhone();
  const { userID } = await t.register(phone);
  await t.db
    .update(users)
    .set({ passwordHash: await hashPassword(md5(password)) })
    .where(eq(users.id, userID));
  return { phone, userID };
}
const resetCode = async (phone: string) => {
  t.clock.advance(61_000);
  expect((await t.call(sendcode, { phone, op: 'reset' }, { ip: freshIp() })).status).toBe(200);
  return t.lastSmsCode(phone);
};

describe('weak passwords found at login', () => {
  it('answers weakPassword for a common password, the phone and its last 6 digits, and remembers it', async () => {
    for (const weak of ['123456', 'a123456', 'qwe123', 'phone', 'last6']) {
      const { phone, userID } = await learnerWithPassword('x');
      const typed = weak === 'phone' ? phone : weak === 'last6' ? phone.slice(-6) : weak;
      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword(md5(typed)) })
        .where(eq(users.id, userID));
      const body = await login(phone, typed);
      expect(body, weak).toMatchObject({ status: 200, data: { weakPassword: true, consentNeeded: false, deletionCancelled: false } });
      expect((await row(userID)).weakPassword).toBe(true);
    }
  });

  it('answers false for a strong one, and a code login answers what the last password login found', async () => {
    const phone = nextPhone();
    await t.register(phone, 'Str0ng#Pass');
    expect((await login(phone, 'Str0ng#Pass')).data).toMatchObject({ weakPassword: false });

    const weak = await learnerWithPassword('123456');
    await login(weak.phone, '123456');
    t.clock.advance(61_000);
    await t.call(sendcode, { phone: weak.phone, op: 'login' }, { ip: freshIp() });
    const code = await t.call(codelogin, { userName: weak.phone, verifyCode: await t.lastSmsCode(weak.phone), agreed: AGREEMENT_VERSION });
    expect(code.data).toMatchObject({ weakPassword: true });
  });

  it('refuses a weak new password on registration, reset and change, naming why', async () => {
    expect(await t.register(nextPhone(), '123456').catch((e: Error) => e.message)).toContain(WEAK_PASSWORD_MSG);

    const { guid } = await t.register(nextPhone(), 'Old-pass1');
    expect(await t.call(changePassword, { guid, oldPassword: md5('Old-pass1'), password: md5('password'), time })).toMatchObject({ status: 400, msg: WEAK_PASSWORD_MSG });
    const other = nextPhone();
    await t.register(other);
    expect(await t.call(restorePassword, { phone: other, verifyCode: await resetCode(other), password: md5(other.slice(-6)) })).toMatchObject({
      status: 400,
      msg: WEAK_PASSWORD_MSG,
    });
  });
});

describe('changePasswordweakusers', () => {
  it('sets a new password right after the login, keeps this session, ends the others, and clears the flag', async () => {
    const { phone, userID } = await learnerWithPassword('111111');
    const other = (await login(phone, '111111')).data.guid as string;
    const current = (await login(phone, '111111')).data.guid as string;
    expect(await t.call(changePasswordweakusers, { guid: current, password: md5('New-pass26'), time })).toEqual({ status: 200, msg: '', data: { sessionEnded: false } });
    expect((await t.call(getUserInfo, { guid: current })).status).toBe(200);
    expect(await t.call(getUserInfo, { guid: other })).toMatchObject({ status: 401 });
    const after = await row(userID);
    expect(after).toMatchObject({ weakPassword: false, passwordChangedAt: new Date(t.clock.now) });
    expect((await login(phone, '111111')).status).toBe(400);
    expect((await login(phone, 'New-pass26')).data).toMatchObject({ weakPassword: false });
  });

  it('401 without a session; 400 naming the field, a weak or missing password, a bad time; only while weak; only soon after the login', async () => {
    expect(await t.callRaw(changePasswordweakusers, { password: md5('New-pass26'), time })).toEqual(NOT_LOGGED_IN);
    const { phone } = await learnerWithPassword('000000');
    const guid = (await login(phone, '000000')).data.guid as string;
    expect(await t.call(changePasswordweakusers, { guid, time })).toMatchObject({ status: 400, msg: '请填写新密码' });
    expect(await t.call(changePasswordweakusers, { guid, password: 'plain', time })).toMatchObject({ status: 400, msg: '新密码格式不正确' });
    expect(await t.call(changePasswordweakusers, { guid, password: md5('New-pass26'), time: '12' })).toMatchObject({ status: 400, msg: '时间长度错误' });
    expect(await t.call(changePasswordweakusers, { guid, password: md5(phone), time })).toMatchObject({ status: 400, msg: WEAK_PASSWORD_MSG });
    t.clock.advance(WEAK_CHANGE_WINDOW_MS + 1000);
    expect(await t.call(changePasswordweakusers, { guid, password: md5('New-pass26'), time })).toMatchObject({ status: 403, msg: PASSWORD_CHANGE_MSG.stale });
    // Another learner (strong password) cannot use it, and nothing of the first learner changes.
    const strong = (await t.register(nextPhone(), 'Str0ng#Pass')).guid;
    expect(await t.call(changePasswordweakusers, { guid: strong, password: md5('New-pass26'), time })).toMatchObject({ status: 400, msg: PASSWORD_CHANGE_MSG.notWeak });
    expect((await login(phone, '000000')).data).toMatchObject({ weakPassword: true });
  });
});

describe('changePasswordnew', () => {
  it('changes the password with a code sent to the bound phone, without the old one; this session stays, the others end', async () => {
    const phone = nextPhone();
    const { guid: other } = await t.register(phone, 'Old-pass1');
    const current = (await login(phone, 'Old-pass1')).data.guid as string;
    const code = await resetCode(phone);
    expect(await t.call(changePasswordnew, { guid: current, verifyCode: code, password: md5('New-pass26'), time })).toEqual({
      status: 200,
      msg: '',
      data: { sessionEnded: false },
    });
    expect((await t.call(getUserInfo, { guid: current })).status).toBe(200);
    expect(await t.call(getUserInfo, { guid: other })).toMatchObject({ status: 401 });
    expect((await login(phone, 'Old-pass1')).status).toBe(400);
    expect((await login(phone, 'New-pass26')).status).toBe(200);
    // The code is used up.
    expect(await t.call(changePasswordnew, { guid: current, verifyCode: code, password: md5('Newer-pass27'), time })).toMatchObject({
      status: 400,
      msg: '验证码已失效，请重新获取',
    });
  });

  it('401; 400 naming the field; a code sent to another learner is refused; weak refused before the code is used', async () => {
    expect(await t.callRaw(changePasswordnew, { verifyCode: '123456', password: md5('New-pass26'), time })).toEqual(NOT_LOGGED_IN);
    const phone = nextPhone();
    const { guid } = await t.register(phone, 'Old-pass1');
    expect(await t.call(changePasswordnew, { guid, password: md5('New-pass26'), time })).toMatchObject({ status: 400, msg: '请填写验证码' });
    expect(await t.call(changePasswordnew, { guid, verifyCode: '123456', time })).toMatchObject({ status: 400, msg: '请填写新密码' });
    expect(await t.call(changePasswordnew, { guid, verifyCode: '123456', password: md5('New-pass26') })).toMatchObject({ status: 400, msg: '时间长度错误' });

    const stranger = nextPhone();
    await t.register(stranger);
    const theirs = await resetCode(stranger);
    expect(await t.call(changePasswordnew, { guid, verifyCode: theirs, password: md5('New-pass26'), time })).toMatchObject({ status: 400 });
    expect((await login(phone, 'Old-pass1')).status).toBe(200);

    const mine = await resetCode(phone);
    expect(await t.call(changePasswordnew, { guid, verifyCode: mine, password: md5('abc123'), time })).toMatchObject({ status: 400, msg: WEAK_PASSWORD_MSG });
    expect((await t.call(changePasswordnew, { guid, verifyCode: mine, password: md5('New-pass26'), time })).status).toBe(200);
  });
});

describe('the login side of account deletion', () => {
  it('a login in the cooling-off period withdraws the request and says so once', async () => {
    const phone = nextPhone();
    const { userID } = await t.register(phone, 'Old-pass1');
    await t.db
      .update(users)
      .set({ deleteRequestedAt: new Date(t.clock.now) })
      .where(eq(users.id, userID));
    t.clock.advance(3 * 24 * 3600_000);
    expect((await login(phone, 'Old-pass1')).data).toMatchObject({ deletionCancelled: true });
    expect((await row(userID)).deleteRequestedAt).toBeNull();
    expect((await login(phone, 'Old-pass1')).data).toMatchObject({ deletionCancelled: false });
  });

  it('an erased account cannot log in: by password it answers like a wrong password, by code it says so', async () => {
    const phone = nextPhone();
    const { userID } = await t.register(phone, 'Old-pass1');
    await t.db
      .update(users)
      .set({ deleteRequestedAt: new Date(t.clock.now - 8 * 24 * 3600_000), deletedAt: new Date(t.clock.now) })
      .where(eq(users.id, userID));
    expect(await login(phone, 'Old-pass1')).toMatchObject({ status: 400, msg: '账号或密码错误' });
    t.clock.advance(61_000);
    await t.call(sendcode, { phone, op: 'login' }, { ip: freshIp() });
    expect(await t.call(codelogin, { userName: phone, verifyCode: await t.lastSmsCode(phone), agreed: AGREEMENT_VERSION })).toMatchObject({ status: 400, msg: '该账号已注销' });
    expect((await row(userID)).deletedAt).not.toBeNull();
  });
});

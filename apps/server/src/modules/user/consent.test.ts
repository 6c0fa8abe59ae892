import { AGREEMENT_MSG, AGREEMENT_VERSION, codelogin, freeFegist, sendcode } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, users } from '../../db/schema/index.ts';
import { createTestApp, freshIp, md5, nextPhone, type TestApp } from '../../test/helpers.ts';

/**
 * Consent (issue 14 item 7): 注册 and 验证码登录 — which creates an account for an unknown phone — both need
 * the 用户协议 and 隐私政策 accepted, and the server records the version, when, from where and how.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFor = async (phone: string, op: string) => {
  t.clock.advance(61_000);
  expect((await t.call(sendcode, { phone, op }, { ip: freshIp() })).status).toBe(200);
  return t.lastSmsCode(phone);
};
const accountOf = async (phone: string) => (await t.db.select().from(users).where(eq(users.phone, phone)))[0];
const consentsOf = async (userId: number) => t.db.select().from(consents).where(eq(consents.userId, userId));

describe('验证码登录 needs the agreement', () => {
  it('refuses a code login without it before the code is used (no account, the same code still works), then records it', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone, 'login');
    expect(await t.call(codelogin, { userName: phone, verifyCode: code })).toEqual({ status: 400, msg: AGREEMENT_MSG, data: null });
    expect(await accountOf(phone)).toBeUndefined();

    const ip = freshIp();
    const body = await t.call(codelogin, { userName: phone, verifyCode: code, agreed: AGREEMENT_VERSION }, { ip });
    expect(body).toMatchObject({ status: 200, data: { isNew: true, hasPassword: false } });
    const user = (await accountOf(phone))!;
    expect(await consentsOf(user.id)).toEqual([{ userId: user.id, version: AGREEMENT_VERSION, via: 'codelogin', ip, acceptedAt: new Date(t.clock.now) }]);
  });

  it('an existing account logging in by code keeps its first record of a version', async () => {
    const phone = nextPhone();
    await t.call(codelogin, { userName: phone, verifyCode: await codeFor(phone, 'login'), agreed: AGREEMENT_VERSION });
    const user = (await accountOf(phone))!;
    const [first] = await consentsOf(user.id);
    t.clock.advance(3_600_000);
    expect((await t.call(codelogin, { userName: phone, verifyCode: await codeFor(phone, 'login'), agreed: AGREEMENT_VERSION })).data).toMatchObject({ isNew: false });
    expect(await consentsOf(user.id)).toEqual([first]);
  });

  it('refuses another version of the text with a message to read it again', async () => {
    const phone = nextPhone();
    const body = await t.callRaw(codelogin, { userName: phone, verifyCode: await codeFor(phone, 'login'), agreed: '2020-01-01' });
    expect(body).toEqual({ status: 400, msg: '用户协议已更新，请刷新页面后重新阅读并同意', data: null });
  });
});

describe('注册 needs the agreement', () => {
  it('refuses a registration without it, and records the accepted version with the account', async () => {
    const phone = nextPhone();
    const code = await codeFor(phone, 'register');
    expect(await t.call(freeFegist, { phone, verifyCode: code, password: md5('Xy@12345') })).toEqual({ status: 400, msg: AGREEMENT_MSG, data: null });
    expect(await accountOf(phone)).toBeUndefined();
    expect((await t.call(freeFegist, { phone, verifyCode: code, password: md5('Xy@12345'), agreed: AGREEMENT_VERSION })).status).toBe(200);
    const user = (await accountOf(phone))!;
    expect(await consentsOf(user.id)).toMatchObject([{ version: AGREEMENT_VERSION, via: 'register' }]);
  });
});

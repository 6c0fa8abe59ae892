import { AGREEMENT_VERSION, codelogin, sendcode, userlogin } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Passwords, type PasswordHasher } from '../../platform/passwords.ts';
import { createTestApp, DEMO, md5, type TestApp } from '../../test/helpers.ts';

/**
 * The login lock under parallel guesses (issue 12 item 3), against a real listening server: every guess is
 * reserved on an atomic counter before argon2 runs, so no burst checks more than the limit.
 */
let t: TestApp;
let base: string;
const checked: string[] = [];
const counting: PasswordHasher = {
  hash: argon2Passwords.hash,
  async verify(stored, md5hex) {
    checked.push(md5hex);
    return argon2Passwords.verify(stored, md5hex);
  },
};

beforeAll(async () => {
  t = await createTestApp({ deps: { passwords: counting } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const post = async (path: string, form: Record<string, string>) => {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  return (await res.json()) as { status: number; msg: string };
};

describe('parallel guesses', () => {
  it('20 parallel wrong passwords for one account: at most 5 are checked, the rest refused unchecked', async () => {
    checked.length = 0;
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => post(userlogin.path, { username: DEMO.learner, password: md5(`wrong-${i}`) })));
    expect(checked.length).toBe(5);
    expect(replies.filter((r) => r.msg === '账号或密码错误').length).toBeLessThanOrEqual(4);
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(16);
    for (const r of replies) expect([400, 429]).toContain(r.status);
    // Locked: the right password is refused too, without a check.
    const before = checked.length;
    expect(await post(userlogin.path, { username: DEMO.learner, password: md5(DEMO.password) })).toMatchObject({ status: 429 });
    expect(checked.length).toBe(before);
    // After the window the right password opens the account again.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await post(userlogin.path, { username: DEMO.learner, password: md5(DEMO.password) })).status).toBe(200);
  });

  it('a right password among parallel wrong ones clears the account only for itself', async () => {
    checked.length = 0;
    const replies = await Promise.all([
      post(userlogin.path, { username: DEMO.owner, password: md5(DEMO.password) }),
      ...Array.from({ length: 3 }, (_, i) => post(userlogin.path, { username: DEMO.owner, password: md5(`bad-${i}`) })),
    ]);
    expect(replies[0]!.status).toBe(200);
    expect(checked.length).toBe(4);
  });

  it('20 parallel wrong SMS codes: at most 5 are counted against the code, then it is dead', async () => {
    const phone = '13655511111';
    expect((await post(sendcode.path, { phone, op: 'login' })).status).toBe(200);
    const code = await t.lastSmsCode(phone);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => post(codelogin.path, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: wrong(i) })));
    expect(replies.filter((r) => r.msg === '验证码错误').length).toBeLessThanOrEqual(4);
    expect(replies.filter((r) => r.msg === '验证码错误次数过多，请重新获取').length).toBeGreaterThanOrEqual(16);
    expect(await post(codelogin.path, { agreed: AGREEMENT_VERSION, userName: phone, verifyCode: code })).toMatchObject({ status: 400, msg: '验证码错误次数过多，请重新获取' });
  });
});

import { AGREEMENT_VERSION, bindPhone, freeFegist, restorePassword } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, freshIp, md5, type TestApp } from '../../test/helpers.ts';
import { ACCOUNT_CHANGE_LIMIT } from './service.ts';

/**
 * Account existence (issue 12 item 4): freeFegist, restorePassword and bindPhone check the code first, so until
 * it is right a registered and an unknown phone get the same answer; each is limited per IP and per phone.
 */
let t: TestApp;
let guid: string;
beforeAll(async () => {
  t = await createTestApp();
  guid = (await t.register('13655522200')).guid;
});
afterAll(() => t.close());

const registered = DEMO.owner;
const unknown = '13655522299';
const calls = {
  freeFegist: (phone: string, ip: string) => t.call(freeFegist, { agreed: AGREEMENT_VERSION, phone, verifyCode: '123456', password: md5('x') }, { ip }),
  restorePassword: (phone: string, ip: string) => t.call(restorePassword, { phone, verifyCode: '123456', password: md5('x') }, { ip }),
  bindPhone: (phone: string, ip: string) => t.call(bindPhone, { guid, phone, verifyCode: '123456' }, { ip }),
};

describe('a wrong code reveals nothing about the phone', () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: the same answer for a registered and an unknown phone`, async () => {
      const a = await call(registered, freshIp());
      const b = await call(unknown, freshIp());
      expect(a).toEqual(b);
      expect(a).toEqual({ status: 400, msg: '验证码已失效，请重新获取', data: null });
    });
  }
});

describe('limited per IP and per phone', () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: refused past ${ACCOUNT_CHANGE_LIMIT.perIp} attempts from one IP`, async () => {
      const ip = freshIp();
      for (let i = 0; i < ACCOUNT_CHANGE_LIMIT.perIp; i++) expect((await call(`1365553${String(i).padStart(4, '0')}`, ip)).status).toBe(400);
      expect(await call('13655539999', ip)).toEqual({ status: 429, msg: '操作过于频繁，请稍后再试', data: null });
    });

    it(`${name}: refused past ${ACCOUNT_CHANGE_LIMIT.perPhone} attempts for one phone from many IPs`, async () => {
      const phone = name === 'bindPhone' ? '13655544401' : name === 'freeFegist' ? '13655544402' : '13655544403';
      for (let i = 0; i < ACCOUNT_CHANGE_LIMIT.perPhone; i++) expect((await call(phone, freshIp())).status).toBe(400);
      expect((await call(phone, freshIp())).status).toBe(429);
      t.clock.advance(ACCOUNT_CHANGE_LIMIT.windowMs + 1000);
      expect((await call(phone, freshIp())).status).toBe(400);
    });
  }
});

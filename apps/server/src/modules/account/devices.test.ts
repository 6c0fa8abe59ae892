import { ACCOUNT_MSG, accountCalls, accountDevices, accountSignOutDevice, accountSignOutOthers, getUserInfo, logout, MSG, SESSION_ENDED_MSG, userlogin } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, md5, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';

/**
 * /accountKeys through HTTP (docs/account-deletion.md, "Devices"): the learner's open sessions with the device told
 * from the user agent, the IP masked, 本机 first; signing out one other device or all others ends them at once; this
 * device and another learner's devices cannot be signed out from here.
 */

const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Passw0rd!';
/** A learner logged in on three devices (the registration's session is the first). */
async function learnerOnThreeDevices() {
  const phone = nextPhone();
  const reg = await t.register(phone, PASSWORD);
  const loginOn = async (ua: string, ip: string) => {
    const body = await t.call(userlogin, { username: phone, password: md5(PASSWORD) }, { ip, headers: { 'user-agent': ua } });
    expect(body.status).toBe(200);
    return body.data.guid as string;
  };
  t.clock.advance(120_000);
  const iphone = await loginOn(IPHONE_WECHAT, '203.0.113.45');
  t.clock.advance(120_000);
  const pc = await loginOn(WINDOWS_CHROME, '192.168.1.20');
  return { phone, first: reg.guid, iphone, pc };
}
const devicesOf = async (guid: string) => (await t.call(accountDevices, { guid })).data.list as { id: string; current: boolean; [k: string]: unknown }[];
const alive = async (guid: string) => (await t.call(accountDevices, { guid })).status === 200;

describe('every account call', () => {
  it('needs a session (401)', async () => {
    for (const call of Object.values(accountCalls)) expect(await t.callRaw(call, { id: 'a'.repeat(24), code: '123456', confirm: '1' }), call.id).toEqual(NOT_LOGGED_IN);
  });

  it('names a bad device id (400)', async () => {
    const guid = await t.newLearner();
    expect(await t.callRaw(accountSignOutDevice, { guid })).toMatchObject({ status: 400, msg: '请选择设备' });
    expect(await t.callRaw(accountSignOutDevice, { guid, id: 'not-a-device' })).toMatchObject({ status: 400, msg: '设备编号格式不正确' });
  });
});

describe('the device list', () => {
  it('shows each open session: this one first, device and browser from the user agent, the IP masked', async () => {
    const { pc } = await learnerOnThreeDevices();
    const list = await devicesOf(pc);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, kind: 'desktop', os: 'Windows', browser: 'Chrome 124', ip: '192.168.*.*', place: '局域网' });
    expect(list[1]).toMatchObject({ current: false, kind: 'phone', os: 'iOS 17', browser: '微信', ip: '203.0.*.*', place: '' });
    expect(list[1]!.createdAt).toBe(new Date(t.clock.now - 120_000).toISOString());
    expect(list[2]).toMatchObject({ current: false });
    for (const d of list) expect(d.id).toMatch(/^[0-9a-f]{24}$/);
    // Nothing of the session's key or the raw user agent leaves the server.
    expect(JSON.stringify(list)).not.toContain('MicroMessenger');
  });

  it('tells a tablet from a phone', async () => {
    const phone = nextPhone();
    await t.register(phone, PASSWORD);
    const guid = (await t.call(userlogin, { username: phone, password: md5(PASSWORD) }, { headers: { 'user-agent': ANDROID_TABLET } })).data.guid;
    expect((await devicesOf(guid))[0]).toMatchObject({ kind: 'tablet', os: 'Android 13', browser: 'Chrome 120' });
  });

  it('leaves out ended and expired sessions', async () => {
    const { first, iphone, pc } = await learnerOnThreeDevices();
    await t.call(accountSignOutDevice, { guid: pc, id: (await devicesOf(iphone)).find((d) => d.current)!.id });
    expect(await devicesOf(first)).toHaveLength(2);
  });
});

describe('signing out', () => {
  it('ends one other device at once; its next call is 401 telling it another device signed it out', async () => {
    const { first, iphone, pc } = await learnerOnThreeDevices();
    const target = (await devicesOf(pc)).find((d) => d.browser === '微信')!;
    expect(await t.call(accountSignOutDevice, { guid: pc, id: target.id })).toMatchObject({ status: 200, data: { ended: 1 } });
    // Not a silent '登录已失效': the phone is told why, on any call that needs the session (spec §8: alerted, then login).
    expect(await t.call(getUserInfo, { guid: iphone })).toEqual({ status: 401, msg: SESSION_ENDED_MSG.device, data: null });
    expect(await t.call(accountDevices, { guid: iphone })).toMatchObject({ status: 401, msg: SESSION_ENDED_MSG.device });
    expect(await alive(iphone)).toBe(false);
    expect(await alive(first)).toBe(true);
    expect(await alive(pc)).toBe(true);
    // Signed out already: unknown now.
    expect(await t.call(accountSignOutDevice, { guid: pc, id: target.id })).toMatchObject({ status: 404, msg: ACCOUNT_MSG.deviceUnknown });
  });

  it('a device that logged itself out, or whose session expired, gets the plain 登录已失效', async () => {
    const { first, iphone } = await learnerOnThreeDevices();
    await t.call(logout, { guid: iphone });
    expect(await t.call(getUserInfo, { guid: iphone })).toEqual({ status: 401, msg: MSG.sessionExpired, data: null });
    t.clock.advance(8 * 24 * 3600_000);
    expect(await t.call(getUserInfo, { guid: first })).toEqual({ status: 401, msg: MSG.sessionExpired, data: null });
  });

  it('refuses this device (use 退出登录) and another learner’s device (404), which stays logged in', async () => {
    const a = await learnerOnThreeDevices();
    const b = await learnerOnThreeDevices();
    const mine = (await devicesOf(a.pc)).find((d) => d.current)!;
    expect(await t.call(accountSignOutDevice, { guid: a.pc, id: mine.id })).toMatchObject({ status: 400, msg: ACCOUNT_MSG.currentDevice });
    const theirs = (await devicesOf(b.iphone)).find((d) => d.current)!;
    expect(await t.call(accountSignOutDevice, { guid: a.pc, id: theirs.id })).toMatchObject({ status: 404, msg: ACCOUNT_MSG.deviceUnknown });
    expect(await alive(b.iphone)).toBe(true);
    expect(await alive(a.pc)).toBe(true);
  });

  it('ends every other device, keeps this one, and says how many', async () => {
    const { first, iphone, pc } = await learnerOnThreeDevices();
    const other = await learnerOnThreeDevices();
    expect(await t.call(accountSignOutOthers, { guid: iphone })).toMatchObject({ status: 200, data: { ended: 2 } });
    for (const guid of [first, pc]) expect(await t.call(accountDevices, { guid })).toEqual({ status: 401, msg: SESSION_ENDED_MSG.device, data: null });
    expect(await devicesOf(iphone)).toHaveLength(1);
    // Another learner's sessions are untouched.
    expect(await devicesOf(other.pc)).toHaveLength(3);
    // Nothing left: 0.
    expect((await t.call(accountSignOutOthers, { guid: iphone })).data).toEqual({ ended: 0 });
  });
});

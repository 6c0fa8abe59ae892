import {
  ACCOUNT_MSG,
  accountDeletionCode,
  accountDeletionInfo,
  accountDevices,
  accountRequestDeletion,
  DELETION_COOLING_OFF_MS,
  ERASED_NAME,
  ERASED_TEXT,
  liveClick,
  position,
  sendcode,
  SESSION_ENDED_MSG,
  stayTime,
  userclick,
  userlogin,
} from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema/index.ts';
import { createTestApp, freshIp, md5, nextPhone, type TestApp } from '../../test/helpers.ts';
import { learnerData, readBack } from './deletion-harness.ts';

/**
 * /cancelAccount through HTTP (docs/account-deletion.md): the code goes to the session's own bound phone, the request
 * needs it and the 注销须知 confirmation, every session ends at once, nothing is erased during the cooling-off period
 * (nor when the request was cancelled by a login), and afterwards the database holds no personal data of the account
 * while its purchases, orders and learning rows stay, anonymised.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const PASSWORD = 'Passw0rd!';

async function learner() {
  const phone = nextPhone();
  const reg = await t.register(phone, PASSWORD);
  return { phone, guid: reg.guid, userID: reg.userID };
}
/** Sends the 'cancel' code to the learner's phone and answers it. */
async function codeFor(l: { phone: string; guid: string }) {
  // One code per phone per minute: the registration's code was just sent.
  t.clock.advance(61_000);
  expect(await t.call(accountDeletionCode, { guid: l.guid }, { ip: freshIp() })).toMatchObject({ status: 200, data: { expiresIn: 300, resendAfter: 60 } });
  return t.lastSmsCode(l.phone);
}
async function requestDeletion(l: { phone: string; guid: string }) {
  const code = await codeFor(l);
  return t.call(accountRequestDeletion, { guid: l.guid, code, confirm: '1' });
}
const accountRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('what /cancelAccount shows', () => {
  it('the masked phone, the cooling-off days and what would be lost', async () => {
    const l = await learner();
    await t.grant(l.userID, 1001, { vn: '3', vnOrder: 3 }, 30 * DAY);
    expect(await t.call(accountDeletionInfo, { guid: l.guid })).toMatchObject({
      status: 200,
      data: { phone: `${l.phone.slice(0, 3)}****${l.phone.slice(-4)}`, coolingOffDays: 7, validVersions: 1, openOrders: 0 },
    });
  });
});

describe('the request', () => {
  it('names the missing code and the missing confirmation (400)', async () => {
    const l = await learner();
    expect(await t.callRaw(accountRequestDeletion, { guid: l.guid, confirm: '1' })).toMatchObject({ status: 400, msg: '请填写验证码' });
    expect(await t.callRaw(accountRequestDeletion, { guid: l.guid, code: '12ab', confirm: '1' })).toMatchObject({ status: 400, msg: '请输入6位数字验证码' });
    expect(await t.callRaw(accountRequestDeletion, { guid: l.guid, code: '123456' })).toMatchObject({ status: 400, msg: ACCOUNT_MSG.confirmRequired });
  });

  it('needs the code sent for deletion to this account’s phone', async () => {
    const l = await learner();
    // No code yet, then a wrong one, then a login code of the same phone: all refused.
    expect(await t.call(accountRequestDeletion, { guid: l.guid, code: '000000', confirm: '1' })).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
    const right = await codeFor(l);
    expect(await t.call(accountRequestDeletion, { guid: l.guid, code: right === '000000' ? '111111' : '000000', confirm: '1' })).toMatchObject({ status: 400, msg: '验证码错误' });
    t.clock.advance(61_000);
    await t.call(sendcode, { phone: l.phone, op: 'login' }, { ip: freshIp() });
    const login = await t.lastSmsCode(l.phone);
    expect(await t.call(accountRequestDeletion, { guid: l.guid, code: login, confirm: '1' })).toMatchObject({ status: 400 });
    expect((await accountRow(l.userID)).deleteRequestedAt).toBeNull();
  });

  it('refuses another learner’s code: the code is checked against the session’s own phone only', async () => {
    const a = await learner();
    const b = await learner();
    const codeOfA = await codeFor(a);
    expect(await t.call(accountRequestDeletion, { guid: b.guid, code: codeOfA, confirm: '1' })).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
    expect((await accountRow(a.userID)).deleteRequestedAt).toBeNull();
    expect((await accountRow(b.userID)).deleteRequestedAt).toBeNull();
  });

  it('records the request and ends every session of the account at once', async () => {
    const l = await learner();
    const other = await t.login(l.phone, PASSWORD);
    const body = await requestDeletion(l);
    expect(body).toMatchObject({ status: 200, data: { eraseAt: new Date(t.clock.now + DELETION_COOLING_OFF_MS).toISOString() } });
    expect((await accountRow(l.userID)).deleteRequestedAt).toEqual(new Date(t.clock.now));
    // The other device is told why (the asking one shows ACCOUNT_MSG.requested itself).
    for (const guid of [l.guid, other]) expect(await t.call(accountDevices, { guid })).toEqual({ status: 401, msg: SESSION_ENDED_MSG.deletion, data: null });
  });

  it('an account without a bound phone cannot ask (the code has nowhere to go)', async () => {
    const l = await learner();
    await t.db.update(users).set({ phone: null }).where(eq(users.id, l.userID));
    expect(await t.call(accountDeletionCode, { guid: l.guid })).toMatchObject({ status: 400, msg: ACCOUNT_MSG.noPhone });
    expect((await t.call(accountDeletionInfo, { guid: l.guid })).data.phone).toBe('');
  });
});

describe('the erasure job', () => {
  it('erases nothing during the cooling-off period, then every personal datum; keeps purchases, orders and answers anonymised', async () => {
    const l = await learner();
    const bystander = await learner();
    const ids = await learnerData(t, l.userID, l.phone);
    const theirs = await learnerData(t, bystander.userID, bystander.phone);
    expect((await requestDeletion(l)).status).toBe(200);

    // (Other tests' requests share this app and its clock: the job's count is not this learner's alone.)
    t.clock.advance(DELETION_COOLING_OFF_MS - 60_000);
    await t.app.accountErasure.run();
    expect(await accountRow(l.userID)).toMatchObject({ phone: l.phone, deletedAt: null });

    t.clock.advance(120_000);
    expect(await t.app.accountErasure.run()).toBeGreaterThanOrEqual(1);
    const after = await readBack(t, l.userID, l.phone, ids);
    expect(after.user).toMatchObject({
      userName: `已注销_${l.userID}`,
      phone: null,
      nickName: ERASED_NAME,
      passwordHash: null,
      avatar: null,
      qq: null,
      education: null,
      profession: null,
      lastIp: null,
    });
    expect(after.user.deletedAt).toEqual(new Date(t.clock.now));
    expect(after).toMatchObject({ sessions: 0, notes: 0, videoNotes: 0, addresses: 0, messages: 0, smsCodes: 0 });
    expect(after.post).toMatchObject({ body: ERASED_TEXT, likeCount: 0 });
    expect(after.feedback).toMatchObject({ content: ERASED_TEXT, contact: '', images: [], client: {} });
    expect(after.event).toMatchObject({ ip: null, userName: null, payload: { page: '/homePage' } });
    expect(after.consentIps).toEqual([null]);
    // Kept for accounting and statistics, tied to the anonymous row only.
    expect(after.order).toMatchObject({ amountFen: 9900, delivery: null, status: 'fulfilled' });
    expect(after.purchases).toBe(1);
    expect(after.answers).toBe(1);
    expect(JSON.stringify(after)).not.toContain(l.phone);
    // Another learner's data is untouched, and a second run finds nothing.
    expect((await readBack(t, bystander.userID, bystander.phone, theirs)).notes).toBe(1);
    expect(await accountRow(bystander.userID)).toMatchObject({ phone: bystander.phone, deletedAt: null });
    // Erased once: a second run finds nothing more to do.
    expect(await t.app.accountErasure.run()).toBe(0);
  });

  it('anonymises the tracking rows written with or without a session: no phone, user id or IP is left', async () => {
    const before = new Set((await t.db.select({ id: events.id }).from(events)).map((r) => r.id));
    const l = await learner();
    const other = await learner();
    const [ip, otherIp] = [freshIp(), freshIp()];
    const track = (guid: string | null, who: { phone: string; userID: number }, from: string) =>
      Promise.all([
        // What the web app's statistics calls send (a guid only while a session is open).
        t.call(userclick, { userID: who.userID, btnName: '购买', pageName: '/homePage' }, { ip: from, headers: guid ? { 'x-guid': guid } : {} }),
        t.call(position, { userName: who.phone, wpageName: '章节', agentCode: '888' }, { ip: from }),
        t.call(position, { userName: `游客_${who.phone}`, wpageName: '试用' }, { ip: from }),
        t.call(stayTime, { userName: who.phone, userID: who.userID, wpageName: '做题', stayTime: 3000 }, { ip: from }),
        t.call(liveClick, { UserID: who.userID, AppID: 1001, FuncPoint: 'list' }, { ip: from }),
      ]);
    for (const r of [...(await track(l.guid, l, ip)), ...(await track(null, l, ip)), ...(await track(other.guid, other, otherIp))]) expect(r.status).toBe(200);
    const fresh = async () => (await t.db.select().from(events)).filter((r) => !before.has(r.id));
    const written = await fresh();
    // Ten tracking rows and the registration's login (with the phone and its IP) are the learner's.
    const mine = new Set(written.filter((r) => r.ip === ip || r.userId === l.userID).map((r) => r.id));
    const theirs = new Set(written.filter((r) => r.ip === otherIp || r.userId === other.userID).map((r) => r.id));
    expect(mine.size).toBe(11);
    expect(written.filter((r) => mine.has(r.id) && r.userId === null && r.kind !== 'login')).toHaveLength(9);
    expect((await requestDeletion(l)).status).toBe(200);
    t.clock.advance(DELETION_COOLING_OFF_MS + 60_000);
    await t.app.accountErasure.run();

    const after = await fresh();
    const text = JSON.stringify(after.filter((r) => !theirs.has(r.id)));
    expect(text).not.toContain(l.phone);
    expect(text).not.toContain(`"${ip}"`);
    for (const r of after.filter((r) => mine.has(r.id))) {
      expect(r).toMatchObject({ userId: null, userName: null, ip: null });
      expect(Object.keys(r.payload as object)).not.toEqual(expect.arrayContaining(['userID']));
      expect(Object.keys(r.payload as object)).not.toEqual(expect.arrayContaining(['UserID']));
    }
    // What is not personal stays, for statistics; another learner's rows are untouched.
    expect(after.find((r) => mine.has(r.id) && r.page === '章节')).toMatchObject({ kind: 'tracking.position', agentCode: '888', payload: { wpageName: '章节', agentCode: '888' } });
    expect(after.filter((r) => theirs.has(r.id))).toEqual(written.filter((r) => theirs.has(r.id)));
    expect(JSON.stringify(after.filter((r) => theirs.has(r.id)))).toContain(other.phone);
  });

  it('the erased account cannot log in; its phone may register a new account', async () => {
    const l = await learner();
    await requestDeletion(l);
    t.clock.advance(DELETION_COOLING_OFF_MS + 1000);
    await t.app.accountErasure.run();
    expect((await t.call(userlogin, { username: l.phone, password: md5(PASSWORD) }, { ip: freshIp() })).status).not.toBe(200);
    expect((await t.call(userlogin, { username: `已注销_${l.userID}`, password: md5(PASSWORD) }, { ip: freshIp() })).status).not.toBe(200);
    const again = await t.register(l.phone, PASSWORD);
    expect(again.userID).not.toBe(l.userID);
  });

  it('leaves an account alone when a login cancelled the request during the cooling-off period', async () => {
    const l = await learner();
    await requestDeletion(l);
    t.clock.advance(DAY);
    // What modules/user does when the learner logs in during the period (docs/account-deletion.md).
    await t.db.update(users).set({ deleteRequestedAt: null }).where(eq(users.id, l.userID));
    t.clock.advance(DELETION_COOLING_OFF_MS);
    await t.app.accountErasure.run();
    expect(await accountRow(l.userID)).toMatchObject({ phone: l.phone, deletedAt: null });
  });
});

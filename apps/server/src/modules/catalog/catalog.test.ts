import { getKsbClass, searchAppEName, setLastApp, versionList, vipApp, vipinfo } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogStore } from './store.ts';
import { activationCodes, purchases, users, versions } from '../../db/schema/index.ts';
import { seed } from '../../seed/seed.ts';
import { createTestApp, DEMO, TEST_EPOCH, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let owner: string;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  [owner, learner] = await Promise.all([t.login(DEMO.owner, DEMO.password), t.login(DEMO.learner, DEMO.password)]);
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('getKsbClass', () => {
  it('answers the class tree and the subjects the default tenant sells', async () => {
    const body = await t.call(getKsbClass, {});
    expect(body.status).toBe(200);
    expect(body.data.classes).toContainEqual({ ID: 11, Name: '护理学类', Order: 1, ParentID: 10 });
    expect(body.data.classes).toContainEqual({ ID: 10, Name: '医药卫生', Order: 1, ParentID: null });
    expect(body.data.subjects.map((s: { AppID: number }) => s.AppID)).toEqual([1001, 1002, 2001, 3001]);
    expect(body.data.subjects[0]).toEqual({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', ClassID: 11, Level: 'zhiye' });
  });

  it('scopes subjects to the tenant: 6001 sells only the nursing subjects (by ac and by subdomain)', async () => {
    const byAc = await t.call(getKsbClass, { ac: '6001' });
    expect(byAc.data.subjects.map((s: { AppID: number }) => s.AppID)).toEqual([1001, 1002]);
    // Classes without a subject of the tenant are left out (no empty tabs); ancestors stay.
    expect(byAc.data.classes.map((c: { ID: number }) => c.ID).sort()).toEqual([10, 11]);
    const byHost = await t.call(getKsbClass, {}, { host: 'hushi.example.com' });
    expect(byHost.data.subjects.map((s: { AppID: number }) => s.AppID)).toEqual([1001, 1002]);
  });

  it('answers 404 没有对应代理商信息 for an unknown agent', async () => {
    expect((await t.call(getKsbClass, { ac: '999999' })).msg).toBe('没有对应代理商信息');
  });
});

describe('search appEName', () => {
  it('finds subjects by every word of the keyword, within the tenant', async () => {
    expect((await t.call(searchAppEName, { keyword: '护师' })).data.list.map((s: { AppID: number }) => s.AppID)).toEqual([1002]);
    expect((await t.call(searchAppEName, { keyword: '执业 护理' })).data.list.map((s: { AppID: number }) => s.AppID)).toEqual([1001]);
    expect((await t.call(searchAppEName, { keyword: '执业' })).data.list.map((s: { AppID: number }) => s.AppID)).toEqual([1001, 2001, 3001]);
    expect((await t.call(searchAppEName, { keyword: '药师', ac: '6001' })).data.list).toEqual([]);
  });

  it('answers 400 with a Chinese message without a keyword', async () => {
    expect(await t.call(searchAppEName, {})).toEqual({ status: 400, msg: '请填写关键词', data: null });
  });
});

describe('versionList', () => {
  it("answers the module entries and 'ar' with the _MNDB variant", async () => {
    const body = await t.call(versionList, { appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data.ar).toEqual([
      { AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vname: '基础班', vn: '1', vnorder: 1 },
      { AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vname: 'VIP班', vn: '2', vnorder: 2 },
      { AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vname: '至尊班', vn: '3', vnorder: 3 },
      { AppID: 1001, AppEName: 'HSZYZG', CName: '护理学类', vname: '考前模拟_MNDB', vn: '4_MNDB', vnorder: 4 },
    ]);
    // Chapter practice is not free as a whole: a trial opens some chapters (docs/entitlement.md).
    expect(body.data.chapter).toEqual({ id: 'chapter', name: '章节练习', route: '/chapterMenu', free: false, vns: ['1', '2', '3', '4_MNDB'] });
    expect(body.data.live).toEqual({ id: 'live', name: '直播课堂', route: '/livelist', free: false, vns: ['3'] });
    expect(Object.keys(body.data).length).toBeGreaterThan(2);
  });

  it("answers only 'ar': [] for a subject the tenant does not sell or that is off shelf (spec §4: 已下架)", async () => {
    expect((await t.call(versionList, { appID: 2001, ac: '6001' })).data).toEqual({ ar: [] });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    t.forgetCaches();
    expect((await t.call(versionList, { appID: 3001 })).data).toEqual({ ar: [] });
    await t.db.execute('update subjects set listed = true where app_id = 3001');
    t.forgetCaches();
  });

  it('answers 404 for an unknown subject and 400 for a bad appID', async () => {
    expect(await t.call(versionList, { appID: 999 })).toEqual({ status: 404, msg: '科目不存在', data: null });
    expect(await t.call(versionList, { appID: 'abc' })).toEqual({ status: 400, msg: '科目编号格式不正确', data: null });
    expect(await t.call(versionList, {})).toEqual({ status: 400, msg: '请填写科目编号', data: null });
  });
});

describe('vipApp and vipinfo', () => {
  it('answer the demo owner’s top version of 护士执业资格', async () => {
    const end = new Date(TEST_EPOCH + 365 * DAY).toISOString();
    const record = { AppID: 1001, AppVn: '3', AppVnName: '至尊班', VnOrder: 3, EndTime: end };
    expect(await t.call(vipApp, { guid: owner, appID: 1001 })).toEqual({ status: 200, msg: '', data: [record] });
    const info = await t.call(vipinfo, { guid: owner, appID: 1001 });
    expect(info.data.vipdata).toEqual(record);
    expect(info.data.userInfoAll).toEqual([record]);
    expect(info.data.msdbMsg).toBe('');
    const top = info.data.list.find((i: { vn: string }) => i.vn === '3');
    expect(top).toMatchObject({ appID: 1001, vname: '至尊班', isVip: 1, buyListHide: false, rules: { hideByVip: [] } });
    expect(top.vnjson.map((m: { route: string }) => m.route)).toContain('/AICoreExamTest');
    expect(top.SubList).toContainEqual({ ID: 4, Name: '直播课' });
    expect(info.data.list.filter((i: { isVip: number }) => i.isVip === 1)).toHaveLength(1);
  });

  it('answer nothing for the learner who holds nothing (trial)', async () => {
    expect((await t.call(vipApp, { guid: learner, appID: 1001 })).data).toEqual([]);
    const info = await t.call(vipinfo, { guid: learner, appID: 1001 });
    expect(info.data).toMatchObject({ vipdata: null, userInfoAll: [], msdbMsg: '' });
    expect(info.data.list.map((i: { vn: string; isVip: number }) => [i.vn, i.isVip])).toEqual([
      ['1', 0],
      ['2', 0],
      ['3', 0],
      ['4_MNDB', 0],
    ]);
  });

  it('carry buyListHide and the hideByVip rules of each version', async () => {
    const info = await t.call(vipinfo, { guid: learner, appID: 1002 });
    expect(info.data.list.find((i: { vn: string }) => i.vn === '1').buyListHide).toBe(true);
    expect(info.data.list.find((i: { vn: string }) => i.vn === '4_MNDB').rules).toEqual({ hideByVip: ['1'] });
  });

  it('leave versions hidden by hideByVip out of the holder’s list (基础班 holders do not see 考前模拟_MNDB)', async () => {
    const { guid, userID } = await t.register('13877770001');
    await t.db
      .insert(purchases)
      .values({ userId: userID, appId: 1001, vn: '1', vnOrder: 1, endTime: new Date(t.clock.now + DAY), source: 'order', createdAt: new Date(t.clock.now) });
    t.forgetCaches();
    const info = await t.call(vipinfo, { guid, appID: 1001 });
    expect(info.data.list.map((i: { vn: string; isVip: number }) => [i.vn, i.isVip])).toEqual([
      ['1', 1],
      ['2', 0],
      ['3', 0],
    ]);
    expect(info.data.vipdata).toMatchObject({ AppVn: '1', AppVnName: '基础班' });
  });

  it('read the session’s learner only, whatever user parameters are sent', async () => {
    const body = await t.callRaw(vipApp, { guid: learner, appID: 1001, userName: DEMO.owner, userID: 1 });
    expect(body.data).toEqual([]);
    expect((await t.callRaw(vipinfo, { guid: learner, appID: 1001, userName: DEMO.owner })).data.vipdata).toBeNull();
  });

  it('need a session', async () => {
    expect(await t.call(vipApp, { appID: 1001 })).toEqual(NOT_LOGGED_IN);
    expect((await t.call(vipinfo, { appID: 1001 })).status).toBe(401);
  });
});

describe('setLastApp', () => {
  it('remembers the learner’s last subject and version', async () => {
    expect(await t.call(setLastApp, { guid: learner, appID: 2001, vn: '2' })).toEqual({ status: 200, msg: '', data: { AppID: 2001, AppVn: '2' } });
    expect(await t.call(setLastApp, { guid: learner, appID: 1001, vn: '1' })).toEqual({ status: 200, msg: '', data: { AppID: 1001, AppVn: '1' } });
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, DEMO.learner));
    expect(await createCatalogStore(t.db).lastApp(user!.id)).toMatchObject({ appId: 1001, vn: '1' });
  });

  it('refuses an unknown version or subject, and a guest', async () => {
    expect(await t.call(setLastApp, { guid: learner, appID: 1001, vn: '9' })).toEqual({ status: 404, msg: '班次不存在', data: null });
    expect((await t.call(setLastApp, { guid: learner, appID: 999, vn: '1' })).msg).toBe('科目不存在');
    expect((await t.call(setLastApp, { appID: 1001, vn: '1' })).status).toBe(401);
    expect(await t.call(setLastApp, { guid: learner, appID: 1001 })).toEqual({ status: 400, msg: '请填写班次', data: null });
  });
});

describe('demo seed', () => {
  it('adds nothing when run again (and keeps the owner’s purchase end)', async () => {
    const count = async () => [
      (await t.db.select().from(versions)).length,
      (await t.db.select().from(activationCodes)).length,
      (await t.db.select().from(purchases)).filter((p) => p.source === 'seed').length,
    ];
    const before = await count();
    expect(before).toEqual([16, 6, 1]);
    await seed(t.db, t.clock.now + 100 * DAY);
    expect(await count()).toEqual(before);
    const [owned] = (await t.db.select().from(purchases)).filter((p) => p.source === 'seed');
    expect(owned!.endTime.getTime()).toBe(TEST_EPOCH + 365 * DAY);
  });
});

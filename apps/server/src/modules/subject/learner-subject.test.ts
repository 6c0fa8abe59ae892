import { TEST_MODES, checkUserModulesDown, getLastApp, moduleInfoX, myPurchases, redDotList, redDotRead, setLastApp, subjectCalls } from '@kaoshi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moduleUpdates, purchases } from '../../db/schema/index.ts';
import { createTestApp, DEMO, TEST_EPOCH, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { createSubjectStore } from './store.ts';

let t: TestApp;
let owner: string;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  [owner, learner] = await Promise.all([t.login(DEMO.owner, DEMO.password), t.login(DEMO.learner, DEMO.password)]);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const HOUR = 3600_000;
const ids = (list: { id: string }[]) => list.map((m) => m.id);
const decisions = (list: { id: string; allowed: boolean; reason: string }[]) => Object.fromEntries(list.map((m) => [m.id, [m.allowed, m.reason]]));

let phoneCounter = 0;
/** A fresh learner with, optionally, purchases of subject 1001 ending `days` from now. */
async function learnerWith(held: { vn: string; vnOrder: number; ms: number; appId?: number }[] = []) {
  const { guid, userID } = await t.register(`1377777${String(++phoneCounter).padStart(4, '0')}`);
  for (const p of held) {
    await t.db.insert(purchases).values({
      userId: userID,
      appId: p.appId ?? 1001,
      vn: p.vn,
      vnOrder: p.vnOrder,
      endTime: new Date(t.clock.now + p.ms),
      source: 'order',
      createdAt: new Date(t.clock.now),
    });
  }
  t.forgetCaches();
  return { guid, userID };
}

/** The 至尊班 grid of 1001: the question and video modules, then reading's (docs/reading.md). */
const TOP = ['chapter', 'daily', 'paper', 'video', 'handout', 'live', 'ai', 'mock', 'sprint', 'clearance', 'grabPoint'];
const READING = ['knowledge', 'shorthand', 'dailyNote', 'pocket', 'theory'];
/** 学习计划 (docs/plan.md): free, last in every version of the demo subjects. */
const PLAN = ['plan'];

describe('every call of calls/subject.ts', () => {
  it('needs a session where the contract says so', async () => {
    const needing = Object.values(subjectCalls).filter((c) => c.needsSession);
    expect(needing.map((c) => c.id).sort()).toEqual(
      ['subject.checkUserModulesDown', 'subject.getLastApp', 'subject.moduleInfoX', 'subject.myPurchases', 'subject.redDotList', 'subject.redDotRead'].sort(),
    );
    for (const call of needing) expect(await t.callRaw(call, { appID: 1001, moduleID: 'chapter' }), call.id).toEqual(NOT_LOGGED_IN);
  });
});

describe('moduleInfoX', () => {
  it('names each tile as the screen it opens is titled (闯关提分 on the tile and on the page)', async () => {
    for (const appID of [1001, 1002]) {
      const { data } = await t.call(moduleInfoX, { guid: owner, appID });
      for (const m of data.modules as { name: string; route: string }[]) {
        const row = TEST_MODES.find((r) => r.route === m.route);
        if (row) expect([m.route, row.title]).toEqual([m.route, m.name]);
      }
    }
  });

  it('gives the trial learner the top version’s grid: free modules open (trial), paid ones locked with the versions that open them', async () => {
    const body = await t.call(moduleInfoX, { guid: learner, appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', vn: '3', vname: '至尊班', current: null });
    expect(ids(body.data.modules)).toEqual([...TOP, ...READING, ...PLAN]);
    // The 考试中心 tile opens its hub for the trial learner (考试指南, the free tests, the records), while the
    // module itself stays closed for its paid rows.
    const paper = body.data.modules.find((m: { id: string }) => m.id === 'paper');
    expect(paper).toMatchObject({ route: '/exam', allowed: false, opensHub: true });
    // So does 视频精讲's: its list holds the free lessons and the previews (docs/video.md).
    // And the reading lists' (docs/reading.md): a trial learner opens the first chapter of each part, and 每日一记 is free.
    // And 直播课堂's: its schedule is open to all, the 公开课 too (docs/live.md).
    expect(body.data.modules.filter((m: { opensHub: boolean }) => m.opensHub).map((m: { id: string }) => m.id)).toEqual(['paper', 'video', 'handout', 'live', ...READING]);
    expect(decisions(body.data.modules)).toEqual({
      chapter: [true, 'trial'],
      daily: [true, 'trial'],
      paper: [false, 'not-purchased'],
      video: [false, 'not-purchased'],
      handout: [true, 'trial'],
      live: [false, 'not-purchased'],
      ai: [false, 'not-purchased'],
      mock: [false, 'not-purchased'],
      sprint: [false, 'not-purchased'],
      clearance: [false, 'not-purchased'],
      grabPoint: [false, 'not-purchased'],
      knowledge: [true, 'trial'],
      shorthand: [true, 'trial'],
      dailyNote: [true, 'trial'],
      pocket: [true, 'trial'],
      theory: [true, 'trial'],
      plan: [true, 'trial'],
    });
    const byId = Object.fromEntries(body.data.modules.map((m: { id: string }) => [m.id, m]));
    // Chapter practice opens as a trial (its first chapter of each part; docs/entitlement.md).
    expect(byId.chapter).toEqual({
      id: 'chapter',
      name: '章节练习',
      route: '/chapterMenu',
      trial: { chaptersPerPart: 1 },
      allowed: true,
      reason: 'trial',
      unlocking: [],
      opensHub: false,
    });
    expect(byId.paper.unlocking).toEqual([
      { vn: '1', vname: '基础班' },
      { vn: '2', vname: 'VIP班' },
      { vn: '3', vname: '至尊班' },
    ]);
    expect(byId.live.unlocking).toEqual([{ vn: '3', vname: '至尊班' }]);
  });

  it('opens every module of the top version for its holder (purchase) and names the current version', async () => {
    const body = await t.call(moduleInfoX, { guid: owner, appID: 1001 });
    expect(body.data.current).toEqual({ AppID: 1001, AppVn: '3', AppVnName: '至尊班', VnOrder: 3, EndTime: new Date(TEST_EPOCH + 365 * DAY).toISOString() });
    expect(body.data.modules.every((m: { allowed: boolean; reason: string; unlocking: unknown[] }) => m.allowed && m.reason === 'purchase' && m.unlocking.length === 0)).toBe(true);
    expect(body.data.modules).toHaveLength(TOP.length + READING.length + PLAN.length);
  });

  it('shows the grid of the requested version, and adds the modules of the learner’s other valid purchases', async () => {
    const basic = await t.call(moduleInfoX, { guid: learner, appID: 1001, vn: '1' });
    expect([basic.data.vn, basic.data.vname]).toEqual(['1', '基础班']);
    expect(ids(basic.data.modules)).toEqual(['chapter', 'daily', 'paper', 'knowledge', 'shorthand', 'dailyNote', 'plan']);

    const { guid } = await learnerWith([{ vn: '4_MNDB', vnOrder: 4, ms: 30 * DAY }]);
    const body = await t.call(moduleInfoX, { guid, appID: 1001 });
    expect(body.data.vn).toBe('3');
    expect(ids(body.data.modules)).toEqual([...TOP, ...READING, ...PLAN]);
    expect(decisions(body.data.modules).mock).toEqual([true, 'purchase']);
    expect(decisions(body.data.modules).chapter).toEqual([true, 'purchase']);
    expect(body.data.current).toMatchObject({ AppVn: '4_MNDB', AppVnName: '考前模拟_MNDB', VnOrder: 4 });
  });

  it('locks the modules of an expired purchase (expired) and drops it from current', async () => {
    const { guid } = await learnerWith([{ vn: '2', vnOrder: 2, ms: HOUR }]);
    expect(decisions((await t.call(moduleInfoX, { guid, appID: 1001 })).data.modules).video).toEqual([true, 'purchase']);
    t.clock.advance(2 * HOUR);
    const body = await t.call(moduleInfoX, { guid, appID: 1001 });
    expect(body.data.current).toBeNull();
    expect(decisions(body.data.modules)).toMatchObject({ chapter: [true, 'trial'], video: [false, 'expired'], live: [false, 'not-purchased'] });
  });

  it('marks modules only a version hidden from the learner offers (hideByVip) as hidden-by-vip', async () => {
    const { guid } = await learnerWith([{ vn: '1', vnOrder: 1, ms: 30 * DAY }]);
    const body = await t.call(moduleInfoX, { guid, appID: 1001, vn: '4_MNDB' });
    const mock = body.data.modules.find((m: { id: string }) => m.id === 'mock');
    // 模拟考场 is also in 至尊班, so it stays buyable there; 考前冲刺 likewise; the hidden variant is never offered.
    expect(mock).toMatchObject({ allowed: false, reason: 'not-purchased', unlocking: [{ vn: '3', vname: '至尊班' }] });
    expect(decisions(body.data.modules).chapter).toEqual([true, 'purchase']);
  });

  it('splices each learner’s own current version into a grid shared by learners holding the same versions', async () => {
    const [one, two] = [await learnerWith([{ vn: '2', vnOrder: 2, ms: 10 * DAY }]), await learnerWith([{ vn: '2', vnOrder: 2, ms: 20 * DAY }])];
    const [a, b] = [await t.call(moduleInfoX, { guid: one.guid, appID: 1001 }), await t.call(moduleInfoX, { guid: two.guid, appID: 1001 })];
    expect(b.data.modules).toEqual(a.data.modules);
    expect([a.data.current.EndTime, b.data.current.EndTime]).toEqual([new Date(t.clock.now + 10 * DAY).toISOString(), new Date(t.clock.now + 20 * DAY).toISOString()]);
    // Each learner's current version is made into JSON once, and made again when the purchase or the version changes
    // (the database's notifications drop the purchases and the catalog: no cache reset here).
    const current = async () => (await t.call(moduleInfoX, { guid: one.guid, appID: 1001 })).data.current;
    await t.db
      .update(purchases)
      .set({ endTime: new Date(t.clock.now + 40 * DAY) })
      .where(eq(purchases.userId, one.userID));
    // On PostgreSQL the notification comes through its listener a moment after the write.
    const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000 });
    await soon(async () => expect((await current()).EndTime).toBe(new Date(t.clock.now + 40 * DAY).toISOString()));
    await t.db.execute(sql`update versions set vname = 'VIP班（新）' where app_id = 1001 and vn = '2'`);
    await soon(async () => expect((await current()).AppVnName).toBe('VIP班（新）'));
    await t.db.execute(sql`update versions set vname = ${a.data.current.AppVnName} where app_id = 1001 and vn = '2'`);
    await soon(async () => expect((await current()).AppVnName).toBe(a.data.current.AppVnName));
  });

  it('answers a tile renamed in the catalog at once: the grid’s bytes, made once, are dropped with the grid', async () => {
    const tileName = async () => ((await t.call(moduleInfoX, { guid: owner, appID: 1002 })).data.modules as { id: string; name: string }[]).find((m) => m.id === 'daily')!.name;
    const before = await tileName();
    const rename = (name: string) =>
      t.db.execute(sql`update versions set vnjson = (select jsonb_agg(case when m->>'id' = 'daily' then jsonb_set(m, '{name}', to_jsonb(${name}::text)) else m end order by i)
        from jsonb_array_elements(vnjson) with ordinality as e(m, i)) where app_id = 1002`);
    // No cache reset here: the database's notification of the change drops the grid (docs/caching.md).
    // On PostgreSQL the notification comes through its listener a moment after the write.
    const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000 });
    await rename('每日一练（新）');
    await soon(async () => expect(await tileName()).toBe('每日一练（新）'));
    await rename(before);
    await soon(async () => expect(await tileName()).toBe(before));
  });

  it('answers the spec’s refusals: unknown subject, off shelf, unknown version, bad fields', async () => {
    expect(await t.call(moduleInfoX, { guid: learner, appID: 999 })).toEqual({ status: 404, msg: '科目不存在', data: null });
    expect(await t.call(moduleInfoX, { guid: learner, appID: 1001, vn: '9' })).toEqual({ status: 400, msg: '班次不存在', data: null });
    expect(await t.call(moduleInfoX, { guid: learner, appID: 'x' })).toEqual({ status: 400, msg: '科目编号格式不正确', data: null });
    expect(await t.call(moduleInfoX, { guid: learner })).toEqual({ status: 400, msg: '请填写科目编号', data: null });
    expect(await t.call(moduleInfoX, { guid: learner, appID: 1001, vn: 'x'.repeat(33) })).toEqual({ status: 400, msg: '班次不能超过32个字符', data: null });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    t.forgetCaches();
    expect(await t.call(moduleInfoX, { guid: learner, appID: 3001 })).toEqual({ status: 400, msg: '该科目已下架，请使用其他科目', data: null });
    await t.db.execute('update subjects set listed = true where app_id = 3001');
    t.forgetCaches();
  });
});

describe('red dots', () => {
  it('light the updated modules for a fresh learner, go out when read, and come back after a newer update', async () => {
    const a = await learnerWith();
    const b = await learnerWith();
    expect(await t.call(redDotList, { guid: a.guid, appID: 1001 })).toEqual({ status: 200, msg: '', data: { modules: ['chapter', 'paper', 'video'] } });
    expect(await t.call(redDotRead, { guid: a.guid, appID: 1001, moduleID: 'paper' })).toEqual({ status: 200, msg: '', data: { moduleID: 'paper' } });
    expect((await t.call(redDotList, { guid: a.guid, appID: 1001 })).data.modules).toEqual(['chapter', 'video']);
    // Another learner's dots are their own.
    expect((await t.call(redDotList, { guid: b.guid, appID: 1001 })).data.modules).toEqual(['chapter', 'paper', 'video']);

    t.clock.advance(60_000);
    await createSubjectStore(t.db).touchModule(1001, 'paper', new Date(t.clock.now));
    expect((await t.call(redDotList, { guid: a.guid, appID: 1001 })).data.modules).toEqual(['chapter', 'paper', 'video']);
    // An older mark never moves the update back.
    await createSubjectStore(t.db).touchModule(1001, 'paper', new Date(TEST_EPOCH));
    const [mark] = await t.db.select().from(moduleUpdates).where(eq(moduleUpdates.moduleId, 'paper'));
    expect(mark!.updatedAt.getTime()).toBe(t.clock.now);
  });

  it('list only modules the subject offers', async () => {
    const a = await learnerWith();
    await createSubjectStore(t.db).touchModule(2001, 'mock', new Date(t.clock.now));
    await t.db.insert(moduleUpdates).values({ appId: 2001, moduleId: 'gone', updatedAt: new Date(t.clock.now) });
    expect((await t.call(redDotList, { guid: a.guid, appID: 2001 })).data.modules).toEqual(['mock']);
    expect((await t.call(redDotList, { guid: a.guid, appID: 3001 })).data.modules).toEqual([]);
  });

  it('refuse an unknown module or subject and bad fields', async () => {
    expect(await t.call(redDotRead, { guid: learner, appID: 1001, moduleID: 'gone' })).toEqual({ status: 400, msg: '模块不存在', data: null });
    expect(await t.call(redDotRead, { guid: learner, appID: 1001 })).toEqual({ status: 400, msg: '请填写模块', data: null });
    expect(await t.call(redDotRead, { guid: learner, appID: 999, moduleID: 'chapter' })).toEqual({ status: 404, msg: '科目不存在', data: null });
    expect(await t.call(redDotList, { guid: learner })).toEqual({ status: 400, msg: '请填写科目编号', data: null });
  });
});

describe('checkUserModulesDown', () => {
  it('names the cached modules no version offers any more, and an off-shelf or unknown subject', async () => {
    expect(await t.call(checkUserModulesDown, { guid: learner, appID: 1001, moduleIDs: 'chapter, mock,old1,,old1' })).toEqual({
      status: 200,
      msg: '',
      data: { subjectDown: false, modulesDown: ['old1'] },
    });
    expect((await t.call(checkUserModulesDown, { guid: learner, appID: 1001 })).data).toEqual({ subjectDown: false, modulesDown: [] });
    expect((await t.call(checkUserModulesDown, { guid: learner, appID: 999, moduleIDs: 'chapter' })).data).toEqual({
      subjectDown: true,
      modulesDown: ['chapter'],
    });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    t.forgetCaches();
    expect((await t.call(checkUserModulesDown, { guid: learner, appID: 3001, moduleIDs: 'chapter' })).data).toEqual({ subjectDown: true, modulesDown: [] });
    await t.db.execute('update subjects set listed = true where app_id = 3001');
    t.forgetCaches();
  });

  it('refuses bad fields', async () => {
    expect(await t.call(checkUserModulesDown, { guid: learner })).toEqual({ status: 400, msg: '请填写科目编号', data: null });
    expect(await t.call(checkUserModulesDown, { guid: learner, appID: 1001, moduleIDs: 'x'.repeat(2001) })).toEqual({
      status: 400,
      msg: '模块不能超过2000个字符',
      data: null,
    });
  });
});

describe('myPurchases', () => {
  it("lists the learner's purchases over all subjects, valid first, with subject names and modules", async () => {
    const { guid } = await learnerWith([
      { vn: '1', vnOrder: 1, ms: 10 * DAY },
      { vn: '2', vnOrder: 2, ms: -DAY, appId: 2001 },
      { vn: '4_MNDB', vnOrder: 4, ms: 40 * DAY, appId: 1002 },
    ]);
    const body = await t.call(myPurchases, { guid });
    expect(body.status).toBe(200);
    expect(body.data.list.map((p: { AppID: number; AppVn: string; valid: boolean }) => [p.AppID, p.AppVn, p.valid])).toEqual([
      [1002, '4_MNDB', true],
      [1001, '1', true],
      [2001, '2', false],
    ]);
    expect(body.data.list[1]).toEqual({
      AppID: 1001,
      AppVn: '1',
      AppVnName: '基础班',
      VnOrder: 1,
      EndTime: new Date(t.clock.now + 10 * DAY).toISOString(),
      AppEName: 'HSZYZG',
      AppName: '护士执业资格',
      valid: true,
      modules: [
        { id: 'chapter', name: '章节练习' },
        { id: 'daily', name: '每日一练' },
        { id: 'paper', name: '考试中心' },
        { id: 'knowledge', name: '知识点' },
        { id: 'shorthand', name: '速记' },
        { id: 'dailyNote', name: '每日一记' },
        { id: 'plan', name: '学习计划' },
      ],
    });
  });

  it("reads the session's learner only, whatever user fields are sent", async () => {
    expect((await t.callRaw(myPurchases, { guid: learner, userName: DEMO.owner, userID: 1 })).data).toEqual({ list: [] });
    const owned = (await t.call(myPurchases, { guid: owner })).data.list;
    expect(owned.map((p: { AppID: number; AppVn: string }) => [p.AppID, p.AppVn])).toEqual([[1001, '3']]);
  });
});

describe('getLastApp', () => {
  it('answers null before setLastApp, then the subject with its names; never another learner’s', async () => {
    const a = await learnerWith();
    const b = await learnerWith();
    expect(await t.call(getLastApp, { guid: a.guid })).toEqual({ status: 200, msg: '', data: null });
    await t.call(setLastApp, { guid: a.guid, appID: 1002, vn: '2' });
    expect((await t.call(getLastApp, { guid: a.guid })).data).toEqual({ AppID: 1002, AppVn: '2', AppEName: 'ZGHS', AppName: '主管护师', CName: '护理学类' });
    expect((await t.callRaw(getLastApp, { guid: b.guid, userID: a.userID })).data).toBeNull();
  });

  it('answers null when the subject went off shelf', async () => {
    const a = await learnerWith();
    await t.call(setLastApp, { guid: a.guid, appID: 3001, vn: '1' });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    t.forgetCaches();
    expect((await t.call(getLastApp, { guid: a.guid })).data).toBeNull();
    await t.db.execute('update subjects set listed = true where app_id = 3001');
    t.forgetCaches();
  });

  it('without a last subject, answers the subject of the most recent valid purchase (a new device), never an expired one', async () => {
    const expired = await learnerWith([{ vn: '3', vnOrder: 3, ms: -DAY }]);
    expect((await t.call(getLastApp, { guid: expired.guid })).data).toBeNull();

    const paying = await learnerWith([{ vn: '3', vnOrder: 3, ms: 30 * DAY, appId: 1001 }]);
    expect((await t.call(getLastApp, { guid: paying.guid })).data).toEqual({ AppID: 1001, AppVn: '3', AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类' });
    t.clock.advance(HOUR);
    await t.db
      .insert(purchases)
      .values({ userId: paying.userID, appId: 1002, vn: '2', vnOrder: 2, endTime: new Date(t.clock.now + DAY), source: 'order', createdAt: new Date(t.clock.now) });
    t.forgetCaches();
    expect((await t.call(getLastApp, { guid: paying.guid })).data).toMatchObject({ AppID: 1002, AppVn: '2' });

    // A chosen subject still wins over purchases.
    await t.call(setLastApp, { guid: paying.guid, appID: 1001, vn: '3' });
    expect((await t.call(getLastApp, { guid: paying.guid })).data).toMatchObject({ AppID: 1001, AppVn: '3' });
  });
});

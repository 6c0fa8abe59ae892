import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  activityClick,
  checkUserModulesDown,
  getLastApp,
  guidePage,
  messWindow,
  moduleInfoX,
  myPurchases,
  publish,
  redDotList,
  redDotRead,
  selectApp,
  setLastApp,
  sprintClassType,
  subjectCalls,
} from '@kaoshi/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, events, moduleUpdates, notices, purchases } from '../../db/schema/index.ts';
import { seed, CONTENT_DIR } from '../../db/seed.ts';
import { seedSubject } from '../../db/seed-subject.ts';
import { createTestApp, DEMO, TEST_EPOCH, type TestApp } from '../../test/helpers.ts';
import { isInAppLink } from './service.ts';
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
const NOT_LOGGED_IN = { status: 401, msg: '您当前尚未登录，请登录后再使用', data: null };
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
  return { guid, userID };
}

describe('every call of calls/subject.ts', () => {
  it('needs a session where the contract says so', async () => {
    const needing = Object.values(subjectCalls).filter((c) => c.needsSession);
    expect(needing.map((c) => c.id).sort()).toEqual(
      ['subject.checkUserModulesDown', 'subject.getLastApp', 'subject.moduleInfoX', 'subject.myPurchases', 'subject.redDotList', 'subject.redDotRead'].sort(),
    );
    for (const call of needing) expect(await t.call(call, { appID: 1001, moduleID: 'chapter' }), call.id).toEqual(NOT_LOGGED_IN);
  });
});

describe('moduleInfoX', () => {
  it('gives the trial learner the top version’s grid: free modules open (trial), paid ones locked with the versions that open them', async () => {
    const body = await t.call(moduleInfoX, { guid: learner, appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ AppID: 1001, AppEName: 'HSZYZG', AppName: '护士执业资格', CName: '护理学类', vn: '3', vname: '至尊班', current: null });
    expect(ids(body.data.modules)).toEqual(['chapter', 'daily', 'paper', 'video', 'handout', 'live', 'ai']);
    expect(decisions(body.data.modules)).toEqual({
      chapter: [true, 'trial'],
      daily: [true, 'trial'],
      paper: [false, 'not-purchased'],
      video: [false, 'not-purchased'],
      handout: [false, 'not-purchased'],
      live: [false, 'not-purchased'],
      ai: [false, 'not-purchased'],
    });
    const byId = Object.fromEntries(body.data.modules.map((m: { id: string }) => [m.id, m]));
    expect(byId.chapter).toEqual({ id: 'chapter', name: '章节练习', route: '/chapterMenu', free: true, allowed: true, reason: 'trial', unlocking: [] });
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
    expect(body.data.modules).toHaveLength(7);
  });

  it('shows the grid of the requested version, and adds the modules of the learner’s other valid purchases', async () => {
    const basic = await t.call(moduleInfoX, { guid: learner, appID: 1001, vn: '1' });
    expect([basic.data.vn, basic.data.vname]).toEqual(['1', '基础班']);
    expect(ids(basic.data.modules)).toEqual(['chapter', 'daily', 'paper']);

    const { guid } = await learnerWith([{ vn: '4_MNDB', vnOrder: 4, ms: 30 * DAY }]);
    const body = await t.call(moduleInfoX, { guid, appID: 1001 });
    expect(body.data.vn).toBe('3');
    expect(ids(body.data.modules)).toEqual(['chapter', 'daily', 'paper', 'video', 'handout', 'live', 'ai', 'mock']);
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
    expect(mock).toMatchObject({ allowed: false, reason: 'hidden-by-vip', unlocking: [] });
    expect(decisions(body.data.modules).chapter).toEqual([true, 'purchase']);
  });

  it('answers the spec’s refusals: unknown subject, off shelf, unknown version, bad fields', async () => {
    expect(await t.call(moduleInfoX, { guid: learner, appID: 999 })).toEqual({ status: 404, msg: '科目不存在', data: null });
    expect(await t.call(moduleInfoX, { guid: learner, appID: 1001, vn: '9' })).toEqual({ status: 400, msg: '班次不存在', data: null });
    expect(await t.call(moduleInfoX, { guid: learner, appID: 'x' })).toEqual({ status: 400, msg: '科目编号格式不正确', data: null });
    expect(await t.call(moduleInfoX, { guid: learner })).toEqual({ status: 400, msg: '请填写科目编号', data: null });
    expect(await t.call(moduleInfoX, { guid: learner, appID: 1001, vn: 'x'.repeat(33) })).toEqual({ status: 400, msg: '班次不能超过32个字符', data: null });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    expect(await t.call(moduleInfoX, { guid: learner, appID: 3001 })).toEqual({ status: 400, msg: '该科目已下架，请使用其他科目', data: null });
    await t.db.execute('update subjects set listed = true where app_id = 3001');
  });
});

describe('sprintClassType', () => {
  it('answers the subject’s sprint config', async () => {
    expect(await t.call(sprintClassType, { appID: 1001 })).toEqual({ status: 200, msg: '', data: { AppID: 1001, ClassType: 1, newClassType: 1 } });
    expect((await t.call(sprintClassType, { appID: 2001 })).data).toEqual({ AppID: 2001, ClassType: 2, newClassType: 0 });
  });

  it('answers 404 获取配置失败 for a subject without config (3001) or an unknown one, and 400 for a bad appID', async () => {
    expect(await t.call(sprintClassType, { appID: 3001 })).toEqual({ status: 404, msg: '获取配置失败', data: null });
    expect((await t.call(sprintClassType, { appID: 999 })).msg).toBe('获取配置失败');
    expect(await t.call(sprintClassType, {})).toEqual({ status: 400, msg: '请填写科目编号', data: null });
  });
});

describe('guidePage', () => {
  it("answers the default guidance page, and the tenant's own where it has one", async () => {
    const def = await t.call(guidePage, { kind: 'guidance' });
    expect(def.status).toBe(200);
    expect(def.data.title).toBe('新手使用指南');
    expect(def.data.sections.map((s: { title: string }) => s.title)).toEqual(['第一步：选好科目', '日常练习', '模拟考试', '错题本', '激活码与开通班次']);
    expect((await t.call(guidePage, { kind: 'guidance', ac: '6001' })).data.title).toBe('护考学员使用指南');
    expect((await t.call(guidePage, { kind: 'guidance' }, { host: 'hushi.example.com' })).data.title).toBe('护考学员使用指南');
    expect((await t.call(guidePage, { kind: 'guidance', ac: '7021004', appID: 1001 })).data.title).toBe('新手使用指南');
  });

  it("answers a subject's introduction as plain text", async () => {
    const body = await t.call(guidePage, { kind: 'introduce', appID: 1002 });
    expect(body.data.title).toBe('主管护师考试介绍');
    expect(body.data.sections.length).toBeGreaterThanOrEqual(3);
    for (const s of body.data.sections) expect(`${s.title}${s.body}`).not.toMatch(/<[a-z/!]/i);
    expect(JSON.stringify(body.data)).toContain('B1型');
  });

  it('refuses a missing subject, an unknown page and a bad kind', async () => {
    expect(await t.call(guidePage, { kind: 'introduce' })).toEqual({ status: 400, msg: '请选择科目', data: null });
    expect(await t.call(guidePage, { kind: 'introduce', appID: 999 })).toEqual({ status: 404, msg: '页面不存在', data: null });
    expect(await t.call(guidePage, { kind: 'faq' })).toEqual({ status: 400, msg: '页面类型不正确', data: null });
    expect((await t.call(guidePage, { kind: 'guidance', ac: '999999' })).msg).toBe('没有对应代理商信息');
  });
});

describe('publish (banners)', () => {
  const titles = async (input: Record<string, unknown>, host?: string) =>
    (await t.call(publish, input, host ? { host } : {})).data.list.map((b: { ManagementID: number }) => b.ManagementID);

  it("answers the current banners of a subject's home page for the tenant, by order", async () => {
    const body = await t.call(publish, { position: 'home', appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data.list[0]).toEqual({
      ManagementID: 101,
      ImageID: 1,
      Title: '先看考试介绍，再定学习计划',
      SubTitle: '考几科、什么题型、多少分合格，一页说清',
      ImageUrl: '',
      Link: '/introduce',
      Color: '#5bb8ff',
    });
    expect(body.data.list.map((b: { ManagementID: number }) => b.ManagementID)).toEqual([101, 102]);
    expect(await titles({ position: 'home', appID: 1001, ac: '6001' })).toEqual([105, 101, 102]);
    expect(await titles({ position: 'home', appID: 1001 }, 'hushi.example.com')).toEqual([105, 101, 102]);
    expect(await titles({ position: 'home', appID: 2001 })).toEqual([101, 104]);
    expect(await titles({ position: 'home' })).toEqual([101]);
  });

  it("answers only every-subject banners for 'switch', per tenant", async () => {
    expect(await titles({ position: 'switch' })).toEqual([201, 202]);
    expect(await titles({ position: 'switch', appID: 1001 })).toEqual([201, 202]);
    expect(await titles({ position: 'switch', ac: '6001' })).toEqual([203, 202]);
    const links = (await t.call(publish, { position: 'switch' })).data.list.map((b: { Link: string }) => b.Link);
    expect(links).toEqual(['/appointSub?appID=2001', '/memberCenter']);
  });

  it('respects the time window at the server clock', async () => {
    const at = (ms: number) => new Date(t.clock.now + ms);
    await t.db.insert(banners).values({ id: 900, imageId: 0, position: 'home', agentCode: null, appId: 1002, title: '限时', link: '/buyapp', order: 9, startsAt: at(HOUR), endsAt: at(3 * HOUR) });
    expect(await titles({ position: 'home', appID: 1002 })).toEqual([101, 103]);
    t.clock.advance(2 * HOUR);
    expect(await titles({ position: 'home', appID: 1002 })).toEqual([101, 103, 900]);
    t.clock.advance(2 * HOUR);
    expect(await titles({ position: 'home', appID: 1002 })).toEqual([101, 103]);
  });

  it('never sends a link that leaves the app, even from a bad row', async () => {
    await t.db.insert(banners).values({ id: 901, imageId: 0, position: 'home', agentCode: null, appId: 3001, title: '外链', link: '//evil.example/x', order: 9, startsAt: new Date(0), endsAt: new Date(t.clock.now + DAY) });
    const list = (await t.call(publish, { position: 'home', appID: 3001 })).data.list;
    expect(list.find((b: { ManagementID: number }) => b.ManagementID === 901).Link).toBe('');
    await t.db.delete(banners).where(eq(banners.id, 901));
  });

  it('refuses a bad position or appID', async () => {
    expect(await t.call(publish, { position: 'top' })).toEqual({ status: 400, msg: '位置不正确', data: null });
    expect(await t.call(publish, {})).toEqual({ status: 400, msg: '位置不正确', data: null });
    expect(await t.call(publish, { position: 'home', appID: '-1' })).toEqual({ status: 400, msg: '科目编号格式不正确', data: null });
  });
});

describe('in-app links', () => {
  it('accepts in-app paths and refuses anything that could leave the app', () => {
    for (const ok of ['', '/introduce', '/Guidance', '/memberCenter', '/appointSub?appID=2001', '/buyapp']) expect(isInAppLink(ok), ok).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'introduce', '/a b', '/x\n']) expect(isInAppLink(bad), bad).toBe(false);
  });
});

describe('messWindow', () => {
  it('answers the newest current notice for the tenant or all tenants', async () => {
    const body = await t.call(messWindow, { appID: 1001 });
    expect(body).toEqual({
      status: 200,
      msg: '',
      data: { window: { ID: 1, Title: '新版学习系统已上线', Content: expect.stringContaining('错题本'), Link: '/Guidance', ButtonText: '看看新手指南' } },
    });
    expect((await t.call(messWindow, { ac: '6001' })).data.window).toMatchObject({ ID: 2, Title: '护考学员答疑时间调整', Link: '', ButtonText: '我知道了' });
  });

  it('refuses a bad appID', async () => {
    expect(await t.call(messWindow, { appID: 'abc' })).toEqual({ status: 400, msg: '科目编号格式不正确', data: null });
  });

  it('answers {window: null} when no notice is current', async () => {
    await t.db.update(notices).set({ endsAt: new Date(t.clock.now - 1) });
    expect(await t.call(messWindow, {})).toEqual({ status: 200, msg: '', data: { window: null } });
    expect((await t.call(messWindow, { ac: '6001', appID: 1001 })).data).toEqual({ window: null });
  });
});

describe('activityClick and selectApp', () => {
  const lastEvent = async (kind: string) => (await t.db.select().from(events).where(eq(events.kind, kind)).orderBy(desc(events.id)).limit(1))[0]!;

  it('record a banner tap, linked to the proven user, without storing the guid', async () => {
    expect(await t.call(activityClick, { appID: 1001, guid: learner, manageMentID: 101, imageID: 1 }, { ip: '198.51.100.7' })).toEqual({ status: 200, msg: '', data: { recorded: true } });
    const row = await lastEvent(activityClick.id);
    expect(row).toMatchObject({ kind: 'subject.activityClick', path: '/api/getManagement/activityClick', appId: '1001', ip: '198.51.100.7' });
    expect(row.userId).toBeGreaterThan(0);
    expect(row.payload).toEqual({ appID: 1001, manageMentID: 101, imageID: 1 });
    expect(JSON.stringify(row.payload)).not.toContain(learner);
    // A guest tap is recorded too.
    expect((await t.call(activityClick, { manageMentID: 202 })).data).toEqual({ recorded: true });
    expect((await lastEvent(activityClick.id)).userId).toBeNull();
  });

  it('record the subject choice', async () => {
    const input = { userName: DEMO.learner, appID: 1001, appEName: 'HSZYZG', appName: '护士执业资格', vn: '3', curVn: '-1', agentCode: '888', clientType: 6 };
    expect((await t.call(selectApp, input)).data).toEqual({ recorded: true });
    expect(await lastEvent(selectApp.id)).toMatchObject({ kind: 'tracking.selectApp', userName: DEMO.learner, appId: '1001', agentCode: '888', clientType: '6' });
  });

  it('refuse bad fields naming them, storing nothing', async () => {
    const count = async () => (await t.db.select().from(events)).length;
    const before = await count();
    expect(await t.call(activityClick, { manageMentID: 'x' })).toEqual({ status: 400, msg: '活动编号格式不正确', data: null });
    expect(await t.call(selectApp, { clientType: 100 })).toEqual({ status: 400, msg: '客户端类型格式不正确', data: null });
    expect(await t.call(selectApp, { appEName: 'x'.repeat(65) })).toEqual({ status: 400, msg: '科目英文名不能超过64个字符', data: null });
    expect(await count()).toBe(before);
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
    expect((await t.call(checkUserModulesDown, { guid: learner, appID: 999, moduleIDs: 'chapter' })).data).toEqual({ subjectDown: true, modulesDown: ['chapter'] });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    expect((await t.call(checkUserModulesDown, { guid: learner, appID: 3001, moduleIDs: 'chapter' })).data).toEqual({ subjectDown: true, modulesDown: [] });
    await t.db.execute('update subjects set listed = true where app_id = 3001');
  });

  it('refuses bad fields', async () => {
    expect(await t.call(checkUserModulesDown, { guid: learner })).toEqual({ status: 400, msg: '请填写科目编号', data: null });
    expect(await t.call(checkUserModulesDown, { guid: learner, appID: 1001, moduleIDs: 'x'.repeat(2001) })).toEqual({ status: 400, msg: '模块不能超过2000个字符', data: null });
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
        { id: 'paper', name: '历年真题' },
      ],
    });
  });

  it("reads the session's learner only, whatever user fields are sent", async () => {
    expect((await t.call(myPurchases, { guid: learner, userName: DEMO.owner, userID: 1 })).data).toEqual({ list: [] });
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
    expect((await t.call(getLastApp, { guid: b.guid, userID: a.userID })).data).toBeNull();
  });

  it('answers null when the subject went off shelf', async () => {
    const a = await learnerWith();
    await t.call(setLastApp, { guid: a.guid, appID: 3001, vn: '1' });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    expect((await t.call(getLastApp, { guid: a.guid })).data).toBeNull();
    await t.db.execute('update subjects set listed = true where app_id = 3001');
  });
});

describe('demo seed (subject content)', () => {
  it('adds nothing when run again', async () => {
    const fresh = await createTestApp();
    try {
      const count = async () =>
        Promise.all(
          ['banners', 'notices', 'guide_pages', 'sprint_configs', 'module_updates'].map(
            async (table) => ((await fresh.db.execute(`select count(*)::int as n from ${table}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
          ),
        );
      const before = await count();
      expect(before).toEqual([9, 2, 6, 3, 3]);
      const marks = await fresh.db.select().from(moduleUpdates);
      await seed(fresh.db, TEST_EPOCH + 100 * DAY);
      expect(await count()).toEqual(before);
      expect(await fresh.db.select().from(moduleUpdates)).toEqual(marks);
    } finally {
      await fresh.close();
    }
  });

  it('fails with a clear message on a banner link that leaves the app', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kaoshi-content-'));
    cpSync(CONTENT_DIR, dir, { recursive: true });
    const list = JSON.parse(readFileSync(join(dir, 'banners.json'), 'utf8'));
    list[0].link = 'https://evil.example/';
    writeFileSync(join(dir, 'banners.json'), JSON.stringify(list));
    await expect(seedSubject(t.db, `${dir}/`, t.clock.now)).rejects.toThrow(/banners\.json: 0\.link: link "https:\/\/evil\.example\/" is not an in-app path/);
  });
});

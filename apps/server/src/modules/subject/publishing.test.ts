import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityClick, guidePage, messWindow, publish, selectApp, sprintClassType } from '@kaoshi/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, events, moduleUpdates, notices } from '../../db/schema/index.ts';
import { seed, CONTENT_DIR } from '../../seed/seed.ts';
import { seedSubject } from '../../seed/seed-subject.ts';
import { createTestApp, DEMO, TEST_EPOCH, nextPhone, type TestApp } from '../../test/helpers.ts';
import { isInAppLink } from './service.ts';

let t: TestApp;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  learner = await t.login(DEMO.learner, DEMO.password);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const HOUR = 3600_000;

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
    await t.db.insert(banners).values({
      id: 900,
      imageId: 0,
      position: 'home',
      agentCode: null,
      appId: 1002,
      title: '限时',
      link: '/buyapp',
      order: 9,
      startsAt: at(HOUR),
      endsAt: at(3 * HOUR),
    });
    expect(await titles({ position: 'home', appID: 1002 })).toEqual([101, 103]);
    t.clock.advance(2 * HOUR);
    expect(await titles({ position: 'home', appID: 1002 })).toEqual([101, 103, 900]);
    t.clock.advance(2 * HOUR);
    expect(await titles({ position: 'home', appID: 1002 })).toEqual([101, 103]);
  });

  it('never sends a link that leaves the app, even from a bad row', async () => {
    await t.db.insert(banners).values({
      id: 901,
      imageId: 0,
      position: 'home',
      agentCode: null,
      appId: 3001,
      title: '外链',
      link: '//evil.example/x',
      order: 9,
      startsAt: new Date(0),
      endsAt: new Date(t.clock.now + DAY),
    });
    const list = (await t.call(publish, { position: 'home', appID: 3001 })).data.list;
    expect(list.find((b: { ManagementID: number }) => b.ManagementID === 901).Link).toBe('');
    await t.db.delete(banners).where(eq(banners.id, 901));
  });

  it('leaves out, for a signed-in learner, a banner promoting a version they hold or one containing it (the VIP班 banner to a 至尊班 holder)', async () => {
    const home = (guid?: string) => titles({ position: 'home', appID: 1001, ...(guid ? { guid } : {}) });
    // 102 promotes 1001's VIP班: shown to guests and to a trial learner.
    expect(await home()).toEqual([101, 102]);
    expect(await home(learner)).toEqual([101, 102]);
    // The demo member holds 至尊班, which contains VIP班.
    expect(await home(await t.login(DEMO.owner, DEMO.password))).toEqual([101]);
    // 基础班 does not contain VIP班 (VIP班 adds to it); VIP班 itself does.
    const basic = await t.register(nextPhone());
    await t.grant(basic.userID, 1001, { vn: '1', vnOrder: 1 });
    expect(await home(basic.guid)).toEqual([101, 102]);
    const vip = await t.register(nextPhone());
    await t.grant(vip.userID, 1001, { vn: '2', vnOrder: 2 });
    expect(await home(vip.guid)).toEqual([101]);
    // Only while it is valid: once the purchase ends, the banner shows again.
    t.clock.advance(2 * DAY);
    t.forgetCaches();
    expect(await home(vip.guid)).toEqual([101, 102]);
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
    // The demo learner's account is older than the notice (a learner of the old system): the migration notice.
    const body = await t.call(messWindow, { appID: 1001, guid: learner });
    expect(body).toEqual({
      status: 200,
      msg: '',
      data: { window: { ID: 1, Title: '新版学习系统已上线', Content: expect.stringContaining('错题本'), Link: '/Guidance', ButtonText: '看看新手指南' } },
    });
    expect((await t.call(messWindow, { ac: '6001' })).data.window).toMatchObject({ ID: 2, Title: '护考学员答疑时间调整', Link: '', ButtonText: '我知道了' });
  });

  it('shows each learner the notices of their audience: the migration notice to existing accounts, the welcome to new ones', async () => {
    const fresh = (await t.register(nextPhone())).guid;
    expect((await t.call(messWindow, { appID: 1001, guid: fresh })).data.window).toMatchObject({ ID: 3, Title: '欢迎加入考试宝典' });
    const owner = await t.login(DEMO.owner, DEMO.password);
    expect((await t.call(messWindow, { appID: 1001, guid: owner })).data.window).toMatchObject({ ID: 1, Title: '新版学习系统已上线' });
    // Without a session: notices for everyone only (none for the default tenant in the demo).
    expect((await t.call(messWindow, { appID: 1001 })).data.window).toBeNull();
    // A notice for everyone reaches new and existing accounts alike.
    expect((await t.call(messWindow, { ac: '6001', guid: fresh })).data.window).toMatchObject({ ID: 2 });
  });

  it('gives a signed-in learner each notice once, whichever device asks; before a subject is chosen too; a guest every time', async () => {
    const phone = nextPhone();
    const { guid: phoneDevice } = await t.register(phone);
    // Before choosing a subject (no appID): the welcome, which then never comes again, with a subject or on a new device.
    expect((await t.call(messWindow, { guid: phoneDevice })).data.window).toMatchObject({ ID: 3, Title: '欢迎加入考试宝典' });
    expect((await t.call(messWindow, { appID: 1001, guid: phoneDevice })).data.window).toBeNull();
    const newDevice = await t.login(phone, 'Passw0rd!');
    expect((await t.call(messWindow, { appID: 1001, guid: newDevice })).data.window).toBeNull();
    // A notice not given yet still comes, once.
    expect((await t.call(messWindow, { ac: '6001', guid: newDevice })).data.window).toMatchObject({ ID: 2 });
    expect((await t.call(messWindow, { ac: '6001', guid: phoneDevice })).data.window).toBeNull();
    // Another learner is given it as well; a guest gets it every time (the guest's device remembers what it showed).
    expect((await t.call(messWindow, { guid: await t.newLearner() })).data.window).toMatchObject({ ID: 3 });
    for (let i = 0; i < 2; i++) expect((await t.call(messWindow, { ac: '6001' })).data.window).toMatchObject({ ID: 2 });
    // Two devices asking at once: one is given it.
    const twice = nextPhone();
    const a = (await t.register(twice)).guid;
    const b = await t.login(twice, 'Passw0rd!');
    const both = await Promise.all([a, b].map(async (guid) => (await t.call(messWindow, { guid })).data.window));
    expect(both.filter((w) => w !== null)).toEqual([expect.objectContaining({ ID: 3 })]);
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
    expect(await t.call(activityClick, { appID: 1001, guid: learner, manageMentID: 101, imageID: 1 }, { ip: '198.51.100.7' })).toEqual({
      status: 200,
      msg: '',
      data: { recorded: true },
    });
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
    expect(await lastEvent(selectApp.id)).toMatchObject({
      kind: 'tracking.selectApp',
      userName: DEMO.learner,
      appId: '1001',
      agentCode: '888',
      clientType: '6',
    });
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
      expect(before).toEqual([9, 3, 6, 3, 3]);
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

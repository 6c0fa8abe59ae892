import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFacts } from '../catalog/index.ts';
import { localCacheBus } from '../../platform/cache/bus.ts';
import { createDbRateLimiter } from '../../platform/rate-limit/db-store.ts';
import { and, eq } from 'drizzle-orm';
import { chapters, purchases, users, versions } from '../../db/schema/index.ts';
import { createEntitlementService, type Target } from './service.ts';
import { createEntitlementStore } from './store.ts';
import { chapterTree } from '../questions/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const DAY = 86_400_000;
let t: TestApp;
let service: ReturnType<typeof createEntitlementService>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const clock = () => t.clock.now;
  service = createEntitlementService({
    store: createEntitlementStore(t.db),
    catalog: catalogFacts(t.db),
    chapters: (appId) => chapterTree(t.db, appId),
    clock,
    limiter: createDbRateLimiter(t.db, clock),
    bus: await localCacheBus(),
  });
  const rows = await t.db.select({ id: users.id, user_name: users.userName }).from(users);
  for (const r of rows) ids[r.user_name] = r.id;
  ids.lower = (await t.register('13855550001')).userID;
  ids.expired = (await t.register('13855550002')).userID;
  ids.basic = (await t.register('13855550003')).userID;
  const at = new Date(t.clock.now);
  await t.db.insert(purchases).values([
    { userId: ids.lower!, appId: 1001, vn: '2', vnOrder: 2, endTime: new Date(t.clock.now + 30 * DAY), source: 'order', createdAt: at },
    { userId: ids.expired!, appId: 1001, vn: '3', vnOrder: 3, endTime: new Date(t.clock.now + 10 * DAY), source: 'order', createdAt: at },
    { userId: ids.basic!, appId: 1001, vn: '1', vnOrder: 1, endTime: new Date(t.clock.now + 30 * DAY), source: 'order', createdAt: at },
  ]);
});
afterAll(() => t.close());

const mod = (moduleId: string): Target => ({ moduleId });
const V = { vip: { vn: '2', vname: 'VIP班' }, top: { vn: '3', vname: '至尊班' }, mndb: { vn: '4_MNDB', vname: '考前模拟_MNDB' } };

describe('decide (entitlement matrix on 护士执业资格, AppID 1001)', () => {
  it('guest: free items only; modules need login', async () => {
    expect(await service.decide(null, 1001, { contentItem: { moduleId: 'video', free: true } })).toEqual({
      allowed: true,
      reason: 'free',
      unlockingVersions: [],
    });
    expect(await service.decide(null, 1001, mod('video'))).toEqual({ allowed: false, reason: 'guest', unlockingVersions: [V.vip, V.top] });
    expect((await service.decide(null, 1001, mod('chapter'))).reason).toBe('guest');
  });

  it('trial learner (no purchase): free modules open as trial, paid ones list the versions that unlock them', async () => {
    const learner = ids['13800000000']!;
    expect(await service.decide(learner, 1001, mod('chapter'))).toEqual({ allowed: true, reason: 'trial', unlockingVersions: [] });
    expect(await service.decide(learner, 1001, mod('live'))).toEqual({ allowed: false, reason: 'not-purchased', unlockingVersions: [V.top] });
    expect(await service.decide(learner, 1001, mod('mock'))).toEqual({ allowed: false, reason: 'not-purchased', unlockingVersions: [V.top, V.mndb] });
    expect(await service.decide(learner, 1001, mod('clearance'))).toEqual({ allowed: false, reason: 'not-purchased', unlockingVersions: [V.vip, V.top] });
    expect(await service.decide(learner, 1001, { contentItem: { moduleId: 'video' } })).toMatchObject({ allowed: false, reason: 'not-purchased' });
  });

  it('lower paid version: its modules open, higher ones do not', async () => {
    expect(await service.decide(ids.lower!, 1001, mod('video'))).toEqual({ allowed: true, reason: 'purchase', unlockingVersions: [] });
    expect(await service.decide(ids.lower!, 1001, mod('live'))).toEqual({ allowed: false, reason: 'not-purchased', unlockingVersions: [V.top] });
  });

  it('top version: every module of it opens; other subjects stay closed', async () => {
    const owner = ids['13900000000']!;
    for (const m of ['chapter', 'daily', 'paper', 'video', 'handout', 'live', 'ai', 'mock', 'sprint', 'clearance', 'grabPoint'])
      expect((await service.decide(owner, 1001, mod(m))).allowed, m).toBe(true);
    expect((await service.decide(owner, 1001, mod('live'))).reason).toBe('purchase');
    expect((await service.decide(owner, 2001, mod('live'))).reason).toBe('not-purchased');
  });

  it('expired purchase (test clock past EndTime): denied as expired', async () => {
    expect((await service.decide(ids.expired!, 1001, mod('live'))).allowed).toBe(true);
    t.clock.advance(11 * DAY);
    try {
      expect(await service.decide(ids.expired!, 1001, mod('live'))).toEqual({ allowed: false, reason: 'expired', unlockingVersions: [V.top] });
      expect((await service.decide(ids.expired!, 1001, mod('chapter'))).reason).toBe('trial');
    } finally {
      t.clock.advance(-11 * DAY);
    }
  });

  it('hideByVip: the simulated variant is hidden from holders of 基础班', async () => {
    // 模拟考场 is sold in 至尊班 and 考前模拟_MNDB: the hidden variant leaves the unlocking list.
    expect(await service.decide(ids.basic!, 1001, mod('mock'))).toEqual({ allowed: false, reason: 'not-purchased', unlockingVersions: [V.top] });
    expect((await service.decide(ids.basic!, 1001, mod('paper'))).reason).toBe('purchase');
    // A module only the hidden variant offers is refused as hidden (here: 模拟考场 taken out of 至尊班 for the test).
    const [top] = await t.db
      .select()
      .from(versions)
      .where(and(eq(versions.appId, 1001), eq(versions.vn, '3')));
    await t.db
      .update(versions)
      .set({ vnjson: top!.vnjson.filter((m) => m.id !== 'mock') })
      .where(eq(versions.id, top!.id));
    try {
      expect(await service.decide(ids.basic!, 1001, mod('mock'))).toEqual({ allowed: false, reason: 'hidden-by-vip', unlockingVersions: [] });
    } finally {
      await t.db.update(versions).set({ vnjson: top!.vnjson }).where(eq(versions.id, top!.id));
      t.forgetCaches();
    }
  });

  it('unknown or off-shelf subject', async () => {
    expect(await service.decide(ids.basic!, 999, mod('chapter'))).toEqual({ allowed: false, reason: 'unknown-subject', unlockingVersions: [] });
    await t.db.execute('update subjects set listed = false where app_id = 3001');
    expect((await service.decide(ids.basic!, 3001, mod('chapter'))).reason).toBe('unknown-subject');
    await t.db.execute('update subjects set listed = true where app_id = 3001');
    t.forgetCaches();
  });

  it('trial chapters: the first chapter of each part opens to a learner without a version, the rest name the versions', async () => {
    const learner = ids['13800000000']!;
    const rows = await t.db.select({ id: chapters.id, name: chapters.name }).from(chapters).where(eq(chapters.appId, 1001));
    const cpt = (name: string) => rows.find((r) => r.name === name)!.id;
    const item = (name: string): Target => ({ contentItem: { moduleId: 'chapter', chapter: cpt(name) } });
    const all = [{ vn: '1', vname: '基础班' }, V.vip, V.top, V.mndb];
    expect(await service.decide(learner, 1001, item('糖尿病'))).toEqual({ allowed: true, reason: 'trial', unlockingVersions: [] });
    expect(await service.decide(learner, 1001, item('护理伦理与卫生法规'))).toMatchObject({ allowed: true, reason: 'trial' });
    expect(await service.decide(learner, 1001, item('甲状腺功能亢进症'))).toEqual({ allowed: false, reason: 'beyond-trial', unlockingVersions: all });
    // A part holding a closed chapter stays closed as a whole (it would show all its chapters' questions).
    expect((await service.decide(learner, 1001, item('内分泌与代谢性疾病病人的护理'))).reason).toBe('beyond-trial');
    expect((await service.decide(ids.basic!, 1001, item('甲状腺功能亢进症'))).reason).toBe('purchase');
    expect((await service.decide(null, 1001, item('糖尿病'))).reason).toBe('guest');

    const access = await service.chapterAccess(learner, 1001, 'chapter');
    expect(access.all).toBe(false);
    const open = access.all ? [] : rows.filter((r) => access.open.has(r.id)).map((r) => r.name);
    expect(open.sort()).toEqual(
      [
        '生命体征的评估与护理',
        '心力衰竭',
        '慢性阻塞性肺疾病',
        '消化性溃疡',
        '护理伦理与卫生法规',
        '糖尿病',
        '泌尿系统疾病病人的护理',
        '正常妊娠与产前检查',
        '新生儿与新生儿疾病',
        '精神障碍病人的护理',
      ].sort(),
    );
    expect(await service.chapterAccess(ids.basic!, 1001, 'chapter')).toEqual({ all: true });
    expect(access).toMatchObject({ unlocking: all });
    expect(await service.chapterAccess(learner, 1001, 'video')).toEqual({ all: false, open: new Set(), unlocking: [V.vip, V.top] });
  });

  it('one learner’s purchases never count for another', async () => {
    expect((await service.decide(ids['13800000000']!, 1001, mod('live'))).allowed).toBe(false);
  });
});

describe('the item policy facts (docs/entitlement.md, "Item policies")', () => {
  it('a key of the item opens it unasked; an item may name its own 404; a module of anyOf opens it whole', async () => {
    // A host link: not even the subject is asked.
    await expect(service.itemAccess(ids.basic!, { appId: 999_999, module: 'live', granted: true })).resolves.toEqual({ full: true, previewSeconds: 0, unlocking: [] });
    await expect(service.itemAccess(ids.basic!, { appId: 999_999, module: 'video', unknown: '视频不存在' }, '科目不存在')).rejects.toMatchObject({
      status: 404,
      message: '视频不存在',
    });
    await expect(service.itemAccess(ids.basic!, { appId: 999_999, module: 'video' }, '科目不存在')).rejects.toMatchObject({ status: 404, message: '科目不存在' });
    // 基础班 holds the exam centre ('paper'), not 考前模拟's 'mock': a paper of both opens, one of 'mock' alone does not.
    await expect(service.itemAccess(ids.basic!, { appId: 1001, module: 'mock', anyOf: ['mock', 'paper'] })).resolves.toMatchObject({ full: true });
    const refused = service.itemAccess(ids.basic!, { appId: 1001, module: 'mock', anyOf: ['mock'] });
    await expect(refused).rejects.toMatchObject({ status: 403, data: { unlocking: [{ vn: '3', vname: '至尊班' }] } });
  });

  it('the module gate opens with any module of anyOf, and its refusal names the first module’s versions', async () => {
    await expect(service.gate(ids.basic!, 1001, { module: 'mock', anyOf: ['sprint', 'paper'] })).resolves.toBeUndefined();
    await expect(service.gate(ids.basic!, 1001, { module: 'mock', anyOf: ['sprint'] })).rejects.toMatchObject({ status: 403, data: { unlocking: [{ vn: '3', vname: '至尊班' }] } });
  });
});

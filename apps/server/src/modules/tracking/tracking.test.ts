import {
  advertiseClick,
  articleClick,
  frontendError,
  liveClick,
  newauthSave,
  position,
  statLogin,
  stayTime,
  trackingCalls,
  userclick,
  videoProgressClick,
  videoSwitch,
} from '@kaoshi/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.ts';
import { createTestApp, DEMO, freshIp, type TestApp } from '../../test/helpers.ts';
import { createDbRateLimiter } from '../../platform/rate-limit/db-store.ts';
import { createTrackingService, TRACKING_PER_MINUTE } from './service.ts';
import { createTrackingStore } from './store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastEvent = async (kind: string) => (await t.db.select().from(events).where(eq(events.kind, kind)).orderBy(desc(events.id)).limit(1))[0];

/** A valid example of each tracking call, as the web client sends it. */
const examples = [
  {
    call: userclick,
    input: {
      userID: 12,
      appID: 301,
      agentID: '888',
      vn: '2',
      userType: 'vip',
      clientType: '6',
      btnNum: 'b1',
      btnName: '购买',
      pageNum: 'p1',
      pageName: '首页',
    },
    row: { appId: '301', agentCode: '888', page: '首页', clientType: '6' },
  },
  {
    call: position,
    input: {
      userName: '13800000000',
      appEName: 'HUSHI',
      appName: '护士',
      wpageName: '章节',
      codeName: 'cpt',
      userType: 'vip',
      agentCode: '6001',
      appVN: '2',
      clientType: 6,
      location: 'top',
    },
    row: { userName: '13800000000', appId: 'HUSHI', agentCode: '6001', page: '章节' },
  },
  {
    call: stayTime,
    input: { userName: 'u', userID: 1, agentCode: '888', codeName: 'c', userType: 't', wpageName: '做题', clientType: 5, appVer: '0', stayTime: 35000 },
    row: { page: '做题', clientType: '5' },
  },
  { call: statLogin, input: { userName: 'u', userID: 1, codeName: 'agent', agentCode: '888', clientType: 3 }, row: { agentCode: '888', clientType: '3' } },
  {
    call: newauthSave,
    input: { userName: 'u', appEName: 'HUSHI', appName: '护士', appVN: '3', codeName: 'auth', agentCode: '888', clientType: 6 },
    row: { appId: 'HUSHI' },
  },
  {
    call: frontendError,
    input: {
      appid: '301',
      userid: '1',
      client_type: 3,
      bug_type: 1,
      page: '/homePage',
      page_type: 'spa',
      action: 'load',
      path: '/homePage',
      detail: 'TypeError: x is undefined',
    },
    row: { appId: '301', clientType: '3', page: '/homePage' },
  },
  {
    call: videoSwitch,
    input: { appID: 1001, clientType: 6, userID: 7, actType: 'play', type: 'videoStudy', videoID: 12, progress: 30 },
    row: { appId: '1001', clientType: '6' },
  },
  {
    call: videoProgressClick,
    input: { appID: 1001, clientType: 6, userID: 7, videoID: 12, progress: 40, duration: 90, percent: 44 },
    row: { appId: '1001', clientType: '6' },
  },
  {
    call: articleClick,
    input: { userName: '13800000000', appEName: 'HSZYZG', appName: '护士执业资格', articleName: '生命体征的评估与护理', lastMenuID: 3 },
    row: {},
  },
  {
    call: liveClick,
    input: {
      UserID: 7,
      AppID: 1001,
      AppEName: 'HSZYZG',
      AppName: '护士执业资格',
      FuncPoint: 'livelist',
      LiveID: 12,
      LiveName: '第2讲',
      StartTime: '2026-11-26 19:30',
      ChapterName: '急救护理',
      ClientType: 6,
    },
    row: {},
  },
  {
    call: advertiseClick,
    input: {
      activeID: 3,
      childActiveID: 7,
      sign: 'banner-3-7',
      userID: 7,
      agentCode: '888',
      appID: 1001,
      appEName: 'HSZYZG',
      appName: '护士执业资格',
      vn: '3',
      vname: '至尊班',
      userType: 'vip',
      noticeType: 'banner',
      remark: '考前冲刺',
      position: 'homePage',
      clientType: '6',
      btnType: 'open',
      btnName: '考前冲刺',
      startTime: '2026-11-26 08:00:00',
      imgUrl: '/static/banners/sprint.png',
    },
    row: { appId: '1001', agentCode: '888', page: 'homePage', clientType: '6' },
  },
];

describe('tracking calls', () => {
  it('covers every tracking call of the contract', () => {
    expect(examples.map((e) => e.call.id).sort()).toEqual(
      Object.values(trackingCalls)
        .map((c) => c.id)
        .sort(),
    );
  });

  for (const { call, input, row } of examples) {
    it(`${call.path} stores one event with kind ${call.id}`, async () => {
      expect(await t.call(call, input, { ip: '198.51.100.9' })).toEqual({ status: 200, msg: '', data: { recorded: true } });
      const stored = await lastEvent(call.id);
      expect(stored).toMatchObject({ kind: call.id, path: call.path, ip: '198.51.100.9', userId: null, ...row });
      expect(stored.payload).toMatchObject(Object.fromEntries(Object.entries(input).filter(([, v]) => typeof v === 'string')));
    });
  }

  it('links the event to the user proven by a guid, never to a claimed userID', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    await t.call(userclick, { userID: 999, btnName: 'x' }, { headers: { 'x-guid': guid } });
    const stored = await lastEvent(userclick.id);
    expect(stored.userId).not.toBe(999);
    expect(stored.userId).toBeGreaterThan(0);
    expect(stored.payload).toMatchObject({ userID: 999 });
  });

  it('rejects bad fields with a Chinese message naming the field, and stores nothing', async () => {
    const before = (await t.db.select().from(events)).length;
    expect(await t.call(userclick, { userID: 'abc' })).toMatchObject({ status: 400, msg: '用户编号格式不正确' });
    expect(await t.call(stayTime, { stayTime: -5 })).toMatchObject({ status: 400, msg: '停留时长格式不正确' });
    expect(await t.call(frontendError, { detail: 'x'.repeat(4001) })).toMatchObject({ status: 400, msg: '详情不能超过4000个字符' });
    expect((await t.db.select().from(events)).length).toBe(before);
  });

  it('accepts guests and the common query parameters', async () => {
    const body = await t.call(position, { wpageName: 'p' }, { query: { client: 'h5', terminalType: '3', clientver: '1.0', v: 'abc', _u: '1' } });
    expect(body.status).toBe(200);
    expect((await lastEvent(position.id)).payload).not.toHaveProperty('terminalType');
  });
});

describe('bounded writes (issue 12 item 5)', () => {
  it('a guest IP may send TRACKING_PER_MINUTE events a minute; past it 429 and nothing stored; other IPs go on', async () => {
    const ip = freshIp();
    const stored = async () => (await t.db.select().from(events).where(eq(events.ip, ip))).length;
    const replies = await Promise.all(Array.from({ length: TRACKING_PER_MINUTE + 30 }, () => t.call(frontendError, { detail: 'd'.repeat(4000) }, { ip })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(TRACKING_PER_MINUTE);
    expect(replies.filter((r) => r.status === 429)[0]).toEqual({ status: 429, msg: '操作过于频繁，请稍后再试', data: null });
    expect(await stored()).toBe(TRACKING_PER_MINUTE);
    expect((await t.call(userclick, { btnName: 'x' }, { ip: freshIp() })).status).toBe(200);
    t.clock.advance(61_000);
    expect((await t.call(userclick, { btnName: 'x' }, { ip })).status).toBe(200);
  });

  it('a learner with a session is counted per learner, not per shared IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < TRACKING_PER_MINUTE; i++) await t.call(position, { wpageName: 'p' }, { ip });
    expect((await t.call(position, { wpageName: 'p' }, { ip })).status).toBe(429);
    const guid = await t.login(DEMO.owner, DEMO.password);
    expect((await t.call(position, { wpageName: 'p' }, { ip, headers: { 'x-guid': guid } })).status).toBe(200);
  });

  it('events older than the retention are purged, oldest first in batches; newer ones stay', async () => {
    const clock = { now: t.clock.now };
    const service = createTrackingService(createTrackingStore(t.db), () => clock.now, {
      limiter: createDbRateLimiter(t.db, () => clock.now),
      retentionDays: 90,
    });
    const old = await t.db.select().from(events);
    for (let i = 0; i < 3; i++) await service.record({ kind: 'test.old', path: '/x', input: {}, ip: '198.51.100.1' });
    clock.now += 91 * 86_400_000;
    await service.record({ kind: 'test.new', path: '/x', input: {}, ip: '198.51.100.1' });
    expect(await service.purge()).toBe(old.length + 3);
    expect((await t.db.select().from(events)).map((e) => e.kind)).toEqual(['test.new']);
    expect(await service.purge()).toBe(0);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MSG, LIVE_REMIND_BEFORE_MS, LIVE_STATUS, MSG, liveCalls as c, videoAppoint } from '@kaoshi/contract';
import { liveCards, liveCourses, liveSessions, questions, teachers, userMessages } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';

const APP = 1002;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const TOP = { vn: '3', vnOrder: 3 };
let t: TestApp;
const S = { past: 0, soon: 0, later: 0, open: 0, cc: 0, april: 0 };
let courseId = 0;
let owner: { guid: string; userID: number; phone: string };
let trial: { guid: string; userID: number; phone: string };

const learner = async () => {
  const phone = nextPhone();
  const r = await t.register(phone);
  return { guid: r.guid, userID: r.userID, phone };
};
const setSession = async (id: number, set: Partial<typeof liveSessions.$inferInsert>) => {
  await t.db.update(liveSessions).set(set).where(eq(liveSessions.id, id));
  t.forgetCaches();
};

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now;
  const [teacher] = await t.db
    .insert(teachers)
    .values({ key: 'live-t', name: '陈老师', title: '副主任护师', introduction: '急诊护理骨干。', appIds: [APP] })
    .returning();
  const [course] = await t.db
    .insert(liveCourses)
    .values({ key: 'live-c', appId: APP, title: '冲刺直播', summary: '考前串讲', introduction: '## 介绍\n\n每周两次。', teacherId: teacher!.id })
    .returning();
  courseId = course!.id;
  const row = (key: string, startsIn: number, over: Partial<typeof liveSessions.$inferInsert> = {}) => ({
    key,
    courseId,
    appId: APP,
    title: key,
    teacherId: teacher!.id,
    startsAt: new Date(now + startsIn),
    endsAt: new Date(now + startsIn + HOUR),
    streamKey: `stream-${key}-0123456789`,
    hostKey: `host-${key}-0123456789`,
    createdAt: new Date(now),
    ...over,
  });
  const rows = await t.db
    .insert(liveSessions)
    .values([
      row('past', -2 * DAY, { chapterName: '循环系统疾病患者的护理', state: 'ended', liveStartedAt: new Date(now - 2 * DAY), liveEndedAt: new Date(now - 2 * DAY + HOUR) }),
      row('soon', 20 * 60_000),
      row('later', 3 * DAY),
      row('open', 2 * DAY, { free: true }),
      row('cc', 4 * HOUR, { provider: 'cc', providerUrl: 'https://view.csslcloud.net/api/view/index?roomid=X' }),
      // 2026-03-31 17:30 UTC is 1 April in China.
      row('april', Date.parse('2026-03-31T17:30:00Z') - now),
    ])
    .returning({ id: liveSessions.id, key: liveSessions.key });
  for (const r of rows) S[r.key as keyof typeof S] = r.id;
  t.forgetCaches();
  owner = await learner();
  await t.grant(owner.userID, APP, TOP);
  trial = await learner();
});
afterAll(() => t.close());

describe('schedule lists', () => {
  it('splits the subject’s sessions into live, coming and past, with my bookings and collections', async () => {
    await setSession(S.soon, { state: 'live', liveStartedAt: new Date(t.clock.now) });
    const r = await t.call(c.liveList, { guid: owner.guid, appID: APP });
    expect(r.status).toBe(200);
    expect(r.data.live.map((i: { id: number }) => i.id)).toEqual([S.soon]);
    expect(r.data.upcoming.map((i: { id: number }) => i.id)).toEqual([S.cc, S.open, S.later, S.april]);
    expect(r.data.replays.map((i: { id: number }) => i.id)).toEqual([S.past]);
    const past = r.data.replays[0];
    expect(past).toMatchObject({ status: LIVE_STATUS.ended, statusText: '已结束', teacher: { name: '陈老师' }, courseTitle: '冲刺直播', reserved: false });
    await setSession(S.past, { replayState: 'ready', replayKey: 'live/x/r1', replayDurationS: 60 });
    const again = await t.call(c.liveList, { guid: owner.guid, appID: APP });
    expect(again.data.replays[0]).toMatchObject({ status: LIVE_STATUS.replay, statusText: '回放' });
    await setSession(S.soon, { state: 'scheduled', liveStartedAt: null });
  });

  it('puts sessions on their China day in the calendar, and refuses a bad month', async () => {
    const april = await t.call(c.liveCalendar, { guid: owner.guid, appID: APP, month: '2026-04' });
    expect(april.data.days).toEqual([{ date: '2026-04-01', items: [expect.objectContaining({ id: S.april })] }]);
    const march = await t.call(c.liveCalendar, { guid: owner.guid, appID: APP, month: '2026-03' });
    expect(march.data.days.flatMap((d: { items: { id: number }[] }) => d.items.map((i) => i.id))).not.toContain(S.april);
    const bad = await t.callRaw(c.liveCalendar, { guid: owner.guid, appID: APP, month: '2026-13' });
    expect(bad).toMatchObject({ status: 400, msg: LIVE_MSG.badMonth });
  });

  it('answers courses with their next session, and a course with its sessions', async () => {
    const list = await t.call(c.liveCourses, { guid: trial.guid, appID: APP });
    expect(list.data.list).toEqual([expect.objectContaining({ id: courseId, sessions: 6, next: expect.objectContaining({ id: S.soon }) })]);
    const one = await t.call(c.liveCourse, { guid: trial.guid, courseID: courseId });
    expect(one.data.course.introduction).toContain('每周两次');
    expect(one.data.sessions).toHaveLength(6);
    expect(await t.callRaw(c.liveCourse, { guid: trial.guid, courseID: 999_999 })).toMatchObject({ status: 404, msg: LIVE_MSG.unknownCourse });
  });
});

describe('booking, collecting and reminders', () => {
  it('books and cancels a session through /api/user/live/appoint, counted on the lists', async () => {
    const booked = await t.call(videoAppoint, { guid: trial.guid, appID: APP, videoID: S.soon, status: 1 });
    expect(booked.data).toMatchObject({ videoID: S.soon, status: 1 });
    const twice = await t.call(videoAppoint, { guid: trial.guid, appID: APP, videoID: S.soon, status: 1 });
    expect(twice.data.appointedAt).toBe(booked.data.appointedAt);
    const list = await t.call(c.liveList, { guid: trial.guid, appID: APP });
    expect(list.data.upcoming[0]).toMatchObject({ id: S.soon, reserved: true });
    const mine = await t.call(c.liveReservations, { guid: trial.guid });
    expect(mine.data.upcoming.map((i: { id: number }) => i.id)).toEqual([S.soon]);
    expect((await t.call(videoAppoint, { guid: trial.guid, appID: APP, videoID: S.later, status: 1 })).status).toBe(200);
    const cancelled = await t.call(videoAppoint, { guid: trial.guid, appID: APP, videoID: S.later, status: 0 });
    expect(cancelled.data).toEqual({ videoID: S.later, status: 0, appointedAt: null });
    expect(await t.callRaw(videoAppoint, { guid: trial.guid, appID: APP, videoID: S.past, status: 1 })).toMatchObject({ status: 400, msg: LIVE_MSG.alreadyEnded });
    expect(await t.callRaw(videoAppoint, { guid: trial.guid, appID: 1001, videoID: S.soon, status: 1 })).toMatchObject({ status: 404 });
  });

  it('reminds each booking once, in the app and by SMS, before the start', async () => {
    // 'soon' starts in 20 minutes: not yet within the reminder's 15.
    expect(await t.app.live.remind()).toBe(0);
    t.clock.advance(6 * 60_000);
    expect(await t.app.live.remind()).toBe(1);
    const rows = await t.db
      .select()
      .from(userMessages)
      .where(and(eq(userMessages.userId, trial.userID), eq(userMessages.kind, 'live')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain('你预约的直播「soon」');
    expect(rows[0]!.link).toBe(`/liveroom?liveID=${S.soon}`);
    const sms = await t.app.inject({ url: `/__test__/sms?phone=live-remind:${trial.phone}` });
    expect(JSON.parse(sms.json().data.code)).toMatchObject({ title: 'soon' });
    expect(await t.lastSmsCode(`agent:live-remind:${trial.phone}`)).toBe('888');
    expect(await t.app.live.remind()).toBe(0);
    // A booking of a session further away waits for its window.
    await t.call(videoAppoint, { guid: trial.guid, appID: APP, videoID: S.open, status: 1 });
    expect(await t.app.live.remind()).toBe(0);
    t.clock.advance(2 * DAY - LIVE_REMIND_BEFORE_MS - 6 * 60_000 + 60_000);
    expect(await t.app.live.remind()).toBe(1);
    t.clock.advance(-(2 * DAY - LIVE_REMIND_BEFORE_MS + 60_000));
  });

  it('collects and drops a session', async () => {
    expect((await t.call(c.liveCollect, { guid: trial.guid, liveID: S.later, status: 1 })).data).toEqual({ liveID: S.later, collected: true });
    await t.call(c.liveCollect, { guid: trial.guid, liveID: S.past, status: 1 });
    const list = await t.call(c.liveCollections, { guid: trial.guid });
    expect(list.data.list.map((i: { id: number }) => i.id).sort()).toEqual([S.later, S.past].sort());
    await t.call(c.liveCollect, { guid: trial.guid, liveID: S.past, status: 0 });
    expect((await t.call(c.liveCollections, { guid: trial.guid })).data.list.map((i: { id: number }) => i.id)).toEqual([S.later]);
  });
});

describe('access per session', () => {
  it('shows the detail to everyone, with whether I may enter and an .ics link', async () => {
    const d = await t.call(c.liveDetail, { guid: trial.guid, liveID: S.later });
    expect(d.data.access.allowed).toBe(false);
    expect(d.data.access.unlocking.map((v: { vn: string }) => v.vn)).toContain('3');
    expect(d.data.teacher).toMatchObject({ name: '陈老师', introduction: '急诊护理骨干。' });
    expect((await t.call(c.liveDetail, { guid: trial.guid, liveID: S.open })).data.access.allowed).toBe(true);
    expect((await t.call(c.liveDetail, { guid: owner.guid, liveID: S.later })).data.access.allowed).toBe(true);
    const ics = await t.app.inject({ url: d.data.calendarUrl });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:later');
    // That link, given to a learner who may not watch, opens no stream.
    expect((await t.app.inject({ url: d.data.calendarUrl.replace('live.ics', 'index.m3u8') })).statusCode).toBe(403);
    expect(await t.callRaw(c.liveDetail, { guid: trial.guid, liveID: 987_654 })).toMatchObject({ status: 404, msg: LIVE_MSG.unknownLive });
  });

  it('opens the room to a learner holding the module, a free session to all, and the host by the host key', async () => {
    const denied = await t.callRaw(c.liveRoom, { guid: trial.guid, liveID: S.soon });
    expect(denied).toMatchObject({ status: 403, msg: MSG.buyAny });
    const waiting = await t.call(c.liveRoom, { guid: owner.guid, liveID: S.soon });
    expect(waiting.data).toMatchObject({ play: null, external: null, host: false, socket: `/api/live/ws?liveID=${S.soon}` });
    await setSession(S.soon, { state: 'live', liveStartedAt: new Date(t.clock.now) });
    const live = await t.call(c.liveRoom, { guid: owner.guid, liveID: S.soon });
    expect(live.data.play.url).toMatch(new RegExp(`^/media/l/${S.soon}/[^/]+/index\\.m3u8$`));
    const host = await t.call(c.liveRoom, { guid: trial.guid, liveID: S.soon, host: `host-soon-0123456789` });
    expect(host.data.host).toBe(true);
    expect((await t.callRaw(c.liveRoom, { guid: trial.guid, liveID: S.soon, host: 'host-wrong-0123456789' })).status).toBe(403);
    expect((await t.call(c.liveRoom, { guid: trial.guid, liveID: S.open })).status).toBe(200);
    const cc = await t.call(c.liveRoom, { guid: owner.guid, liveID: S.cc });
    expect(cc.data).toMatchObject({ play: null, external: 'https://view.csslcloud.net/api/view/index?roomid=X' });
    const lines = await t.call(c.liveOptimal, { guid: owner.guid, liveID: S.soon });
    expect(lines.data.lines[0]).toMatchObject({ id: 'origin', kind: 'hls' });
    await setSession(S.soon, { state: 'scheduled', liveStartedAt: null });
    expect(await t.callRaw(c.liveOptimal, { guid: owner.guid, liveID: S.soon })).toMatchObject({ status: 400, msg: LIVE_MSG.notOpen });
  });

  it('plays the replay once it is ready, to those who may', async () => {
    await setSession(S.past, { replayState: 'pending' });
    expect(await t.callRaw(c.liveReplay, { guid: owner.guid, liveID: S.past })).toMatchObject({ status: 400, msg: LIVE_MSG.replayNotReady });
    await setSession(S.past, { replayState: 'ready', replayDurationS: 60 });
    expect((await t.callRaw(c.liveReplay, { guid: trial.guid, liveID: S.past })).status).toBe(403);
    const r = await t.call(c.liveReplay, { guid: owner.guid, liveID: S.past });
    expect(r.data.play.url).toMatch(/\/replay\/index\.m3u8$/);
    expect(r.data).toMatchObject({ durationS: 60, messages: [], cards: [] });
  });
});

describe('viewers and popularity', () => {
  it('counts viewers once each and ranks by viewers and bookings', async () => {
    for (const who of [owner, trial]) expect((await t.call(c.liveRecord, { guid: who.guid, appID: APP, liveID: S.past, liveCCID: '' })).status).toBe(200);
    await t.call(c.liveRecord, { guid: owner.guid, appID: APP, liveID: S.past });
    const hot = await t.call(c.liveHot, { guid: owner.guid, appID: APP });
    expect(hot.data.list.find((i: { id: number }) => i.id === S.past)).toMatchObject({ viewers: 2 });
    // Ranked by viewers + 2 × bookings.
    const scores = hot.data.list.map((i: { viewers: number; reservations: number }) => i.viewers + 2 * i.reservations);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(scores[0]).toBeGreaterThanOrEqual(2);
    expect(await t.callRaw(c.liveRecord, { guid: owner.guid, appID: 1001, liveID: S.past })).toMatchObject({ status: 404 });
  });

  it('broadcasts what is live now and soon across my subjects', async () => {
    await setSession(S.soon, { state: 'live', liveStartedAt: new Date(t.clock.now) });
    const b = await t.call(c.liveBroadcast, { guid: owner.guid, appID: 1001 });
    expect(b.data.live.map((i: { id: number }) => i.id)).toContain(S.soon);
    expect(b.data.live.find((i: { id: number }) => i.id === S.soon).appName).not.toBe('');
    expect(b.data.soon.map((i: { id: number }) => i.id)).toContain(S.cc);
    await setSession(S.soon, { state: 'scheduled', liveStartedAt: null });
  });
});

describe('quiz cards become practice', () => {
  it('writes each closed card once as a question of the session’s chapter, tagged with the class and the second', async () => {
    const card = (stem: string, sessionId: number) => ({
      sessionId,
      stem,
      options: [
        { key: 'A', text: '一' },
        { key: 'B', text: '二' },
      ],
      answer: 'B',
      explanation: '因为二。',
      state: 'closed' as const,
      second: 75,
      closedAt: new Date(t.clock.now),
    });
    const [made, orphan] = await t.db
      .insert(liveCards)
      .values([card('心衰的首选体位', S.past), card('无章节的题', S.later)])
      .returning();
    // Ours, and the demo's closed card (1001) on this template database: each once.
    expect(await t.app.live.practise()).toBe(2);
    expect(await t.app.live.practise()).toBe(0);
    const [q] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.extId, `live-card-${made!.id}`));
    expect(q).toMatchObject({ appId: APP, type: 'A1', stem: '心衰的首选体位', answer: 'B', source: '直播随堂练 · past · 01:15' });
    expect(q!.explanation).toContain('本题来自直播「past」01:15');
    const [after] = await t.db.select().from(liveCards).where(eq(liveCards.id, orphan!.id));
    expect(after!.questionId).toBe(0);
  });
});

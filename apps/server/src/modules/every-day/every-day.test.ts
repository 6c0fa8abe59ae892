import { addSimulationReplys, everyDayRanking, everyDaySubmission, everyDaySubmit, simulationHandIn, simulationStart } from '@kaoshi/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers, questions, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO, makeModulePaid, nextPhone, NOT_LOGGED_IN, replyIds, TEST_EPOCH, type TestApp } from '../../test/helpers.ts';
import { periodKey, rankName } from './service.ts';

let t: TestApp;
const APP = 1001;
const DAY = '2026-03-02'; // TEST_EPOCH is 10:00 in China on Monday 2026-03-02
const WEEK = '2026-W10';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new learner (daily is free in the demo catalog): its guid, id and phone. */
async function newLearner(nickName = '') {
  const phone = nextPhone();
  const { guid } = await t.register(phone);
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  await t.db.update(users).set({ nickName }).where(eq(users.id, u!.id));
  return { guid, id: u!.id, phone };
}

const rid = replyIds('every-day');

/** The keys of some questions, in the given order. */
async function keysOf(ids: number[]) {
  const rows = await t.db.select({ id: questions.id, type: questions.type, answer: questions.answer }).from(questions).where(inArray(questions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}
const keyOf = (answer: string | string[]) => (Array.isArray(answer) ? answer[0]! : answer);
const wrongOf = (type: string, answer: string | string[]) => (type === 'FILL' ? 'zzz' : keyOf(answer) === 'A' ? 'B' : 'A');

/**
 * Sits a daily (or weekly) test: start, answer the first `right` questions right and the next `wrong` ones
 * wrong, spend `seconds`, then submit through POST submission (or hand in through the exam call).
 */
async function sit(
  guid: string,
  o: { right: number; wrong?: number; seconds: number; testMode?: 'dailyMockTest' | 'weekTest'; via?: 'submit' | 'handIn'; figures?: Record<string, unknown> },
) {
  const start = await t.call(simulationStart, { guid, appID: APP, testMode: o.testMode ?? 'dailyMockTest' });
  expect(start.status).toBe(200);
  const id = start.data.examHistoryID as number;
  const total = await answer(guid, start.data, o.right, o.wrong ?? 0);
  t.clock.advance(o.seconds * 1000);
  const out =
    o.via === 'handIn' ? await t.call(simulationHandIn, { guid, examHistoryID: id }) : await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: id, ...(o.figures ?? {}) });
  expect(out.status).toBe(200);
  return { id, total, out: out.data };
}

/** Answers the first `right` questions of a started session right and the next `wrong` ones wrong; answers the question count. */
async function answer(guid: string, session: { examHistoryID: number; sections: { questions: number[] }[] }, right: number, wrong: number) {
  const id = session.examHistoryID;
  const ids = session.sections.flatMap((s) => s.questions);
  const keys = await keysOf(ids);
  const replyOf = new Map(
    keys.slice(0, right + wrong).map((k, i) => [k.id, { replyID: rid(), allTestID: k.id, lastUserReply: i < right ? keyOf(k.answer) : wrongOf(k.type, k.answer), spendTime: 3 }]),
  );
  // Daily and weekly tests have no section lock (their TEST_MODES rows): every reply goes in one batch.
  const replies = [...replyOf.values()];
  if (replies.length) expect((await t.call(addSimulationReplys, { guid, examHistoryID: id, replies: JSON.stringify(replies) })).data.refused).toEqual([]);
  return ids.length;
}

const ranking = (guid: string, period: 'day' | 'week', extra: Record<string, unknown> = {}) => t.call(everyDayRanking, { guid, appID: APP, period, ...extra });
const submission = (guid: string, extra: Record<string, unknown> = {}) => t.call(everyDaySubmission, { guid, appID: APP, ...extra });
/** Moves past the ranking cache. */
const pastCache = () => t.clock.advance(61_000);

describe('helpers', () => {
  it('names a learner by nickname, else the masked phone', () => {
    expect(rankName({ nickName: ' 小护士 ', phone: '13800000000', userName: '13800000000' })).toBe('小护士');
    expect(rankName({ nickName: '', phone: '13812345678', userName: 'x' })).toBe('138****5678');
    expect(rankName({ nickName: '', phone: null, userName: '13987654321' })).toBe('139****4321');
    expect(rankName({ nickName: '', phone: null, userName: 'ab' })).toBe('a***b');
  });

  it('keys a day by itself and a week by its ISO week', () => {
    expect(periodKey('day', DAY)).toBe(DAY);
    expect(periodKey('week', DAY)).toBe(WEEK);
    expect(periodKey('week', '2026-03-08')).toBe(WEEK); // Sunday
    expect(periodKey('week', '2026-03-09')).toBe('2026-W11');
  });
});

describe('every_day calls: session and input', () => {
  it('answers 401 without a session', async () => {
    expect(await t.call(everyDaySubmission, { appID: APP })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(everyDaySubmit, { appID: APP, examHistoryID: 1 })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(everyDayRanking, { appID: APP, period: 'day' })).toEqual(NOT_LOGGED_IN);
  });

  it('answers 400 naming the field', async () => {
    const { guid } = await newLearner();
    expect(await t.call(everyDaySubmission, { guid })).toMatchObject({ status: 400, msg: '请填写科目编号' });
    expect(await submission(guid, { period: 'month' })).toMatchObject({ status: 400, msg: '排行周期不正确' });
    expect(await submission(guid, { date: '2026-02-30' })).toMatchObject({ status: 400, msg: '日期格式不正确' });
    expect(await submission(guid, { date: '20260302' })).toMatchObject({ status: 400, msg: '日期格式不正确' });
    expect(await t.call(everyDayRanking, { guid, appID: APP })).toMatchObject({ status: 400, msg: '请选择排行周期' });
    expect(await ranking(guid, 'year' as 'day')).toMatchObject({ status: 400, msg: '排行周期不正确' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP })).toMatchObject({ status: 400, msg: '请填写考试记录编号' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: 1, correctRate: 'abc' })).toMatchObject({ status: 400, msg: '正确率格式不正确' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: 1, correctRate: 101 })).toMatchObject({ status: 400, msg: '正确率格式不正确' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: 1, answerSeconds: -1 })).toMatchObject({ status: 400, msg: '答题用时格式不正确' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: 1, correctNumber: 1.5 })).toMatchObject({ status: 400, msg: '答对题数格式不正确' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: 1, wrongNumber: 'x' })).toMatchObject({ status: 400, msg: '答错题数格式不正确' });
    expect(await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: 1, doNotNumber: 'x' })).toMatchObject({ status: 400, msg: '未答题数格式不正确' });
  });

  it('answers 404 for an unknown subject, and for a session that is not the learner’s', async () => {
    const a = await newLearner();
    const b = await newLearner();
    expect(await t.call(everyDaySubmission, { guid: a.guid, appID: 9999 })).toMatchObject({ status: 404, msg: '科目不存在' });
    const s = (await t.call(simulationStart, { guid: a.guid, appID: APP, testMode: 'dailyMockTest' })).data;
    expect(await t.call(everyDaySubmit, { guid: b.guid, appID: APP, examHistoryID: s.examHistoryID })).toMatchObject({ status: 404, msg: '考试记录不存在' });
    // Nothing changed: the owner's session is still open.
    expect((await submission(a.guid)).data).toMatchObject({ session: s.examHistoryID, submitted: null });
    // The right session with another subject is not found either.
    expect(await t.call(everyDaySubmit, { guid: a.guid, appID: 2001, examHistoryID: s.examHistoryID })).toMatchObject({ status: 404, msg: '考试记录不存在' });
  });

  it('refuses to submit a session that is not a daily or weekly test', async () => {
    const member = await t.login(DEMO.owner, DEMO.password);
    const [paper] = await t.db
      .select({ id: papers.id })
      .from(papers)
      .where(and(eq(papers.appId, APP), eq(papers.kind, 'mock')))
      .limit(1);
    const s = (await t.call(simulationStart, { guid: member, appID: APP, paperID: paper!.id })).data;
    expect(await t.call(everyDaySubmit, { guid: member, appID: APP, examHistoryID: s.examHistoryID })).toMatchObject({
      status: 400,
      msg: '该考试不是每日一练或每周一测',
    });
    expect((await t.call(simulationStart, { guid: member, appID: APP, paperID: paper!.id })).data.status).toBe('open');
  });
});

describe('每日一练: submission', () => {
  it('shows the day: nothing, then the open session, then the counted attempt with the server’s figures', async () => {
    const { guid } = await newLearner('早起的鸟');
    expect((await submission(guid)).data).toEqual({ period: 'day', key: DAY, testMode: 'dailyMockTest', session: null, submitted: null, attempts: 0 });
    const start = (await t.call(simulationStart, { guid, appID: APP, testMode: 'dailyMockTest' })).data;
    expect((await submission(guid)).data).toMatchObject({ session: start.examHistoryID, submitted: null, attempts: 0 });
    // Answer 3 right and 2 wrong of 10 — and claim a perfect score: the server's figures answer.
    await answer(guid, start, 3, 2);
    t.clock.advance(95_000);
    const out = await t.call(everyDaySubmit, {
      guid,
      appID: APP,
      examHistoryID: start.examHistoryID,
      correctRate: 100,
      answerSeconds: 1,
      correctNumber: 10,
      wrongNumber: 0,
      doNotNumber: 0,
    });
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({
      examHistoryID: start.examHistoryID,
      period: 'day',
      key: DAY,
      counted: true,
      correctRate: 30,
      answerSeconds: 95,
      correctNumber: 3,
      wrongNumber: 2,
      doNotNumber: 5,
      total: 10,
      place: expect.any(Number),
    });
    // Idempotent: a replay answers the same figures, still counted.
    const again = await t.call(everyDaySubmit, { guid, appID: APP, examHistoryID: start.examHistoryID });
    expect(again.data).toEqual(out.data);
    const state = (await submission(guid)).data;
    expect(state).toMatchObject({
      session: null,
      attempts: 1,
      submitted: { examHistoryID: start.examHistoryID, correctNumber: 3, answerSeconds: 95, place: out.data.place },
    });
  });

  it('counts one attempt per day: a second one is not counted and the ranking keeps the first', async () => {
    const a = await newLearner('两次练习');
    const first = await sit(a.guid, { right: 4, seconds: 60 });
    expect(first.out).toMatchObject({ counted: true, correctNumber: 4 });
    const second = await sit(a.guid, { right: 10, seconds: 30 });
    expect(second.id).not.toBe(first.id);
    expect(second.out).toMatchObject({ counted: false, correctNumber: 10, place: first.out.place });
    const state = (await submission(a.guid)).data;
    expect(state).toMatchObject({ attempts: 2, submitted: { examHistoryID: first.id, correctNumber: 4 } });
    pastCache();
    const r = (await ranking(a.guid, 'day')).data;
    const mine = r.list.filter((e: { me: boolean }) => e.me);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: '两次练习', correctNumber: 4, answerSeconds: 60 });
    expect(r.mine).toMatchObject({ correctNumber: 4, place: mine[0].place });
  });

  it('a session past its deadline is handed in at the deadline by the submission, and counts', async () => {
    const a = await newLearner();
    const s = (await t.call(simulationStart, { guid: a.guid, appID: APP, testMode: 'dailyMockTest' })).data;
    await answer(a.guid, s, 2, 0);
    t.clock.advance((s.timeLimitSeconds + 120) * 1000);
    const out = await t.call(everyDaySubmit, { guid: a.guid, appID: APP, examHistoryID: s.examHistoryID });
    expect(out.data).toMatchObject({ counted: true, correctNumber: 2, answerSeconds: s.timeLimitSeconds });
  });

  it('does not count an abandoned attempt', async () => {
    const a = await newLearner();
    const s = (await t.call(simulationStart, { guid: a.guid, appID: APP, testMode: 'dailyMockTest' })).data;
    const again = (await t.call(simulationStart, { guid: a.guid, appID: APP, testMode: 'dailyMockTest', restart: true })).data;
    expect(again.examHistoryID).not.toBe(s.examHistoryID);
    expect((await submission(a.guid)).data).toMatchObject({ session: again.examHistoryID, submitted: null, attempts: 0 });
    const out = await t.call(everyDaySubmit, { guid: a.guid, appID: APP, examHistoryID: s.examHistoryID });
    expect(out.data).toMatchObject({ counted: false, place: null });
  });
});

describe('每日一练: ranking', () => {
  it('orders by right answers, then time used, then the earlier hand-in; masks phones; marks mine', async () => {
    // A fresh day, so only this test's learners rank.
    t.clock.advance(24 * 3600_000);
    const day = new Date(t.clock.now + 8 * 3600_000).toISOString().slice(0, 10);
    const slow = await newLearner();
    const fast = await newLearner('快手');
    const best = await newLearner();
    const later = await newLearner();
    await sit(slow.guid, { right: 7, wrong: 3, seconds: 100 });
    await sit(fast.guid, { right: 7, seconds: 50 });
    await sit(best.guid, { right: 9, seconds: 300 });
    await sit(later.guid, { right: 7, seconds: 50 });
    const r = await ranking(later.guid, 'day');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ period: 'day', key: day, total: 4 });
    const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;
    expect(r.data.list).toEqual([
      { place: 1, name: masked(best.phone), correctNumber: 9, score: 9, answerSeconds: 300, me: false },
      { place: 2, name: '快手', correctNumber: 7, score: 7, answerSeconds: 50, me: false },
      { place: 3, name: masked(later.phone), correctNumber: 7, score: 7, answerSeconds: 50, me: true },
      { place: 4, name: masked(slow.phone), correctNumber: 7, score: 7, answerSeconds: 100, me: false },
    ]);
    expect(r.data.mine).toEqual({ place: 3, name: masked(later.phone), correctNumber: 7, score: 7, answerSeconds: 50, me: true });
    // No raw phone anywhere in the reply.
    const text = JSON.stringify(r);
    for (const p of [slow, fast, best, later]) expect(text).not.toContain(p.phone);
    // Submission shows the same place; a learner without an attempt has none.
    expect((await submission(slow.guid)).data.submitted).toMatchObject({ place: 4 });
    const none = await newLearner();
    expect((await ranking(none.guid, 'day')).data).toMatchObject({ total: 4, mine: null });
    // An earlier day stays readable by date.
    expect((await ranking(none.guid, 'day', { date: DAY })).data.key).toBe(DAY);
    expect((await ranking(none.guid, 'day', { date: '2020-01-01' })).data).toEqual({ period: 'day', key: '2020-01-01', total: 0, list: [], mine: null });
  });

  it('keeps the top list 60 s while the learner’s own place is live', async () => {
    t.clock.advance(24 * 3600_000);
    const a = await newLearner();
    const b = await newLearner();
    await sit(a.guid, { right: 5, seconds: 40 });
    expect((await ranking(a.guid, 'day')).data.list).toHaveLength(1);
    // b hands in through the exam call (no submission): the cached list does not show b yet, b's place does.
    await sit(b.guid, { right: 8, seconds: 40, via: 'handIn' });
    const cached = (await ranking(b.guid, 'day')).data;
    expect(cached.list).toHaveLength(1);
    expect(cached.mine).toMatchObject({ place: 1, correctNumber: 8 });
    expect(cached.total).toBe(2);
    pastCache();
    const fresh = (await ranking(b.guid, 'day')).data;
    expect(fresh.list.map((e: { correctNumber: number; me: boolean }) => [e.correctNumber, e.me])).toEqual([
      [8, true],
      [5, false],
    ]);
    // A submission clears the list of its day at once.
    const c = await newLearner('新来的');
    await sit(c.guid, { right: 10, seconds: 20 });
    expect((await ranking(a.guid, 'day')).data.list[0]).toMatchObject({ name: '新来的', place: 1 });
  });

  it('keeps subjects apart', async () => {
    const member = await t.login(DEMO.owner, DEMO.password);
    const r = await t.call(everyDayRanking, { guid: member, appID: 2001, period: 'day' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ total: 0, list: [], mine: null });
  });
});

describe('每周一测', () => {
  it('ranks the week by score, then time; the weekly attempt is not in the daily ranking', async () => {
    // Next Monday: a new week and a new day.
    const monday = Date.parse('2026-03-09T02:00:00.000Z');
    t.clock.advance(Math.max(0, monday - t.clock.now) + 7 * 24 * 3600_000);
    const all = await newLearner('全对');
    const some = await newLearner();
    const none = await newLearner();
    const a = await sit(all.guid, { testMode: 'weekTest', right: 50, seconds: 1200 });
    expect(a.total).toBe(50);
    expect(a.out).toMatchObject({ period: 'week', counted: true, correctNumber: 50, doNotNumber: 0, correctRate: 100 });
    const b = await sit(some.guid, { testMode: 'weekTest', right: 20, seconds: 600 });
    expect(b.out).toMatchObject({ counted: true, correctNumber: 20, doNotNumber: 30, correctRate: 40 });
    const c = await sit(none.guid, { testMode: 'weekTest', right: 0, seconds: 60 });
    expect(c.out).toMatchObject({ counted: true, correctNumber: 0, score: 0 });
    const r = (await ranking(some.guid, 'week')).data;
    expect(r.key).toMatch(/^\d{4}-W\d{2}$/);
    expect(r.total).toBe(3);
    expect(r.list.map((e: { name: string; answerSeconds: number }) => e.answerSeconds)).toEqual([1200, 600, 60]);
    expect(r.list[0]).toMatchObject({ place: 1, name: '全对', correctNumber: 50, score: a.out.score });
    expect(r.mine).toMatchObject({ place: 2, correctNumber: 20, score: b.out.score });
    expect(a.out.score).toBeGreaterThan(b.out.score);
    // Weekly state in the submission, and nothing in today's daily ranking.
    expect((await submission(some.guid, { period: 'week' })).data).toMatchObject({
      period: 'week',
      key: r.key,
      testMode: 'weekTest',
      submitted: { examHistoryID: b.id, place: 2 },
      attempts: 1,
    });
    expect((await submission(some.guid)).data).toMatchObject({ period: 'day', submitted: null });
    expect((await ranking(some.guid, 'day')).data).toMatchObject({ total: 0, list: [] });
  });
});

describe('entitlement', () => {
  it('answers 403 with the unlocking versions when daily is paid, and serves a holder', async () => {
    await makeModulePaid(t.db, APP, 'daily');
    const learner = await t.login(DEMO.learner, DEMO.password);
    for (const r of [await submission(learner), await ranking(learner, 'day'), await t.call(everyDaySubmit, { guid: learner, appID: APP, examHistoryID: 1 })]) {
      expect(r).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
      expect(r.data.unlocking.length).toBeGreaterThan(0);
    }
    const member = await t.login(DEMO.owner, DEMO.password);
    expect((await ranking(member, 'day')).status).toBe(200);
    expect(TEST_EPOCH).toBeLessThan(t.clock.now);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeCalls as k, MSG, SHORTHAND_NEW_PER_DAY, submitReply } from '@kaoshi/contract';
import { questionPoints, questions } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, replyIds, type TestApp } from '../../test/helpers.ts';
import { importReading } from './importer.ts';
import { APP, cardId, goodFolder, pointId } from './reading-setup.ts';

let t: TestApp;
let vip: { guid: string; userID: number };
const MIN = 60_000;
const DAY = 86_400_000;
const rid = replyIds('kn');

beforeAll(async () => {
  t = await createTestApp();
  expect((await importReading(t.db, APP, goodFolder(), new Date(t.clock.now))).ok).toBe(true);
  t.forgetCaches();
  vip = await t.register(nextPhone());
  await t.grant(vip.userID, APP, { vn: '2', vnOrder: 2 }, 60 * DAY);
});
afterAll(() => t.close());

const grade = (cardID: number, g: string, reviewID: string, who = vip.guid) => t.call(k.shorthandGrade, { guid: who, appID: APP, cardID, grade: g, reviewID, at: t.clock.now });

describe('knowledge points', () => {
  it('lists points by chapter, hot first, with weight, counts and my mastery from my answers', async () => {
    const gy = await pointId(t, 'ys-kp-gy');
    const [q] = await t.db
      .select({ id: questions.id, chapterId: questions.chapterId, answer: questions.answer })
      .from(questionPoints)
      .innerJoin(questions, eq(questions.id, questionPoints.questionId))
      .where(and(eq(questionPoints.pointId, gy), eq(questions.type, 'A1')));
    const before = await t.call(k.pointsList, { guid: vip.guid, appID: APP });
    expect(before.status, before.msg).toBe(200);
    const all = before.data.chapters.flatMap((c: { points: unknown[] }) => c.points);
    expect(all.find((p: { code: string }) => p.code === 'ys-kp-gy')).toMatchObject({ hot: true, weight: 5, cards: 2, mastery: null, open: true });
    const first = before.data.chapters.find((c: { points: { code: string }[] }) => c.points.some((p) => p.code === 'ys-kp-gy'));
    expect(first.points[0].code).toBe('ys-kp-gy');
    const reply = await t.call(submitReply, { guid: vip.guid, appID: APP, cptID: q!.chapterId, allTestID: q!.id, lastUserReply: q!.answer as string, replyID: rid() });
    expect(reply.status, reply.msg).toBe(200);
    const after = await t.call(k.pointsList, { guid: vip.guid, appID: APP });
    const mine = after.data.chapters.flatMap((c: { points: unknown[] }) => c.points).find((p: { code: string }) => p.code === 'ys-kp-gy');
    expect(mine.mastery).toBeGreaterThan(0);
    const detail = await t.call(k.pointDetail, { guid: vip.guid, appID: APP, pointID: gy });
    expect(detail.data).toMatchObject({ summary: '口服有【首过效应】。', handout: { title: '药物剂型与制剂', anchor: 'gy' }, lessons: [] });
    expect(detail.data.questions.find((x: { allTestID: number }) => x.allTestID === q!.id)).toMatchObject({ answered: true, right: true });
    expect(detail.data.cards.map((c: { front: string }) => c.front)).toEqual(['哪种给药途径避开首过效应？', '首过效应发生在哪里？']);
    // A question's explanation names its points: the page opens by name (or code) too.
    expect((await t.call(k.pointDetail, { guid: vip.guid, appID: APP, point: '给药途径与首过效应' })).data.point.id).toBe(gy);
    expect((await t.call(k.pointDetail, { guid: vip.guid, appID: APP, point: 'ys-kp-gy' })).data.point.id).toBe(gy);
    expect((await t.call(k.pointDetail, { guid: vip.guid, appID: APP })).status).toBe(400);
  });

  it("refuses a trial learner a point of a locked chapter, and lists this year's hot points", async () => {
    const trial = await t.register(nextPhone());
    const kjs = await pointId(t, 'ys-kp-kjs');
    const locked = await t.call(k.pointDetail, { guid: trial.guid, appID: APP, pointID: kjs });
    expect(locked).toMatchObject({ status: 403, msg: MSG.buyAny });
    expect((await t.call(k.pointDetail, { guid: trial.guid, appID: APP, pointID: 99_999_999 })).status).toBe(404);
    const hot = await t.call(k.hotspotList, { guid: trial.guid, appID: APP });
    expect(hot.data.year).toBe(2026);
    expect(hot.data.list.map((h: { rank: number; reason: string; point: { code: string } }) => [h.rank, h.point.code, h.reason])).toEqual([
      [1, 'ys-kp-gy', '每年必考'],
      [2, 'ys-kp-kjs', '合理用药热点'],
    ]);
  });
});

describe('速记 cards on FSRS', () => {
  it('schedules a card by its grade with the fake clock and counts today’s due cards', async () => {
    const phone = nextPhone();
    const learner = await t.register(phone);
    await t.grant(learner.userID, APP, { vn: '2', vnOrder: 2 }, 60 * DAY);
    const decks = await t.call(k.shorthandDecks, { guid: learner.guid, appID: APP });
    expect(decks.data).toMatchObject({ total: 3, due: 0, fresh: 3, newLeft: SHORTHAND_NEW_PER_DAY, reviewedToday: 0 });
    const session = await t.call(k.shorthandSession, { guid: learner.guid, appID: APP });
    expect(session.data.cards.map((c: { state: unknown }) => c.state)).toEqual([null, null, null]);
    const c1 = await cardId(t, 'gy-1');
    const c2 = await cardId(t, 'gy-2');
    const forgot = await grade(c1, 'forgot', 'review-a-0001', learner.guid);
    expect(forgot.status, forgot.msg).toBe(200);
    expect(forgot.data.card.state).toMatchObject({ state: 'learning', reps: 1 });
    expect(Date.parse(forgot.data.card.state.due) - t.clock.now).toBe(1 * MIN);
    // The same review again (an outbox replay) changes nothing.
    const replay = await grade(c1, 'forgot', 'review-a-0001', learner.guid);
    expect(replay.data.card.state).toEqual(forgot.data.card.state);
    const know = await grade(c2, 'know', 'review-a-0002', learner.guid);
    expect(Date.parse(know.data.card.state.due) - t.clock.now).toBe(10 * MIN);
    t.clock.advance(2 * MIN);
    const mid = await t.call(k.shorthandDecks, { guid: learner.guid, appID: APP });
    expect(mid.data).toMatchObject({ due: 1, fresh: 1, newLeft: SHORTHAND_NEW_PER_DAY - 2, reviewedToday: 2 });
    const next = await t.call(k.shorthandSession, { guid: learner.guid, appID: APP });
    expect(next.data.cards.map((c: { id: number }) => c.id)[0]).toBe(c1);
    const good = await grade(c1, 'know', 'review-a-0003', learner.guid);
    expect(good.data.card.state.reps).toBe(2);
    expect(good.data.dueToday).toBe(0);
    // Graded Good twice, the card leaves the learning steps for days.
    t.clock.advance(11 * MIN);
    const review = await grade(c2, 'know', 'review-a-0004', learner.guid);
    expect(review.data.card.state.state).toBe('review');
    expect(Date.parse(review.data.card.state.due) - t.clock.now).toBeGreaterThanOrEqual(DAY);
    t.clock.advance(40 * DAY);
    // (The session expired meanwhile: log in again.)
    const later = await t.call(k.shorthandDecks, { guid: await t.login(phone, 'Passw0rd!'), appID: APP });
    expect(later.status, later.msg).toBe(200);
    expect(later.data.due).toBe(2);
  });

  it("allows a trial learner only the cards of open chapters, and a point's cards list their schedules", async () => {
    const trial = await t.register(nextPhone());
    const decks = await t.call(k.shorthandDecks, { guid: trial.guid, appID: APP });
    expect(decks.data.total).toBe(2);
    expect(decks.data.decks.find((d: { open: boolean }) => !d.open)).toBeTruthy();
    const locked = await grade(await cardId(t, 'kjs-1'), 'know', 'review-b-0001', trial.guid);
    expect(locked.status).toBe(403);
    const cards = await t.call(k.shorthandCards, { guid: trial.guid, appID: APP, pointID: await pointId(t, 'ys-kp-gy') });
    expect(cards.data).toMatchObject({ point: { name: '给药途径与首过效应' } });
    expect(cards.data.cards).toHaveLength(2);
  });
});

describe('每日一记', () => {
  it("shows today's note and the earlier ones, never a later one, and follows the China day", async () => {
    // offsetDays count from the import's day.
    expect((await importReading(t.db, APP, goodFolder(), new Date(t.clock.now))).ok).toBe(true);
    t.forgetCaches();
    const trial = await t.register(nextPhone());
    const body = await t.call(k.dailyNotes, { guid: trial.guid, appID: APP });
    expect(body.data.today).toMatchObject({ title: '今天的一记' });
    expect(body.data.list.map((n: { title: string }) => n.title)).toEqual(['昨天的一记']);
    t.clock.advance(DAY);
    const tomorrow = await t.call(k.dailyNotes, { guid: trial.guid, appID: APP });
    expect(tomorrow.data.today).toMatchObject({ title: '明天的一记' });
    expect(tomorrow.data.list.map((n: { title: string }) => n.title)).toEqual(['今天的一记', '昨天的一记']);
  });
});

import { addSimulationReplys, aiLast, aiNext, pointsMastery, simulationHandIn, simulationResume, tipsPointsGrade, tipsPointsList } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiRounds, answers, chapters, knowledgePoints, pointCards, questions, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';
import { percent, priorityOf } from './choose.ts';

/**
 * AI practice through HTTP (docs/ai-practice.md): the adaptive round (priority order, reasons, resume, the
 * 24-hour skip, the mastery change after hand-in), tips points (type 40), point cards (type 48) and grades.
 * Subject 1001 with its demo bank; the member holds 至尊班 ('ai' and 'sprint'), the learner nothing.
 */

let t: TestApp;
const APP = 1001;
let member: string;
let learner: string;
let memberId: number;
const HOUR = 3600_000;

interface Reason {
  allTestID: number;
  point: number;
  name: string;
  mastery: number;
  weight: number;
  why: string;
}
interface MasteryRow {
  point: string;
  total: number;
  right: number;
  mastery: number;
  weight: number;
}

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
  learner = await t.login(DEMO.learner, DEMO.password);
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO.owner));
  memberId = u!.id;
});
afterAll(() => t.close());

const rid = replyIds('ai-test-reply');

/** Stores a practice answer of the member straight into `answers` (as submitReply would). */
async function answer(questionId: number, right: boolean, at: number) {
  const [q] = await t.db.select({ chapterId: questions.chapterId }).from(questions).where(eq(questions.id, questionId));
  await t.db.insert(answers).values({
    userId: memberId,
    appId: APP,
    chapterId: q!.chapterId,
    questionId,
    replyId: rid(),
    reply: right ? 'OK' : 'NO',
    right,
    score: right ? 1 : 0,
    createdAt: new Date(at),
  });
}

const mastery = async (guid: string): Promise<MasteryRow[]> => (await t.call(pointsMastery, { guid, appID: APP })).data.list;

describe('rules', () => {
  it('answers 401 without a session', async () => {
    expect(await t.call(aiNext, { appID: APP })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(aiLast, { appID: APP })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(tipsPointsList, { appID: APP, examType: 40 })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(tipsPointsGrade, { appID: APP, point: 1, grade: 'know' })).toEqual(NOT_LOGGED_IN);
  });

  it('names the bad field (400)', async () => {
    expect(await t.call(aiNext, { guid: member, appID: APP, count: 0 })).toMatchObject({ status: 400, msg: '题目数量格式不正确' });
    expect(await t.call(aiNext, { guid: member, appID: 'x' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
    expect(await t.call(tipsPointsList, { guid: member, appID: APP, examType: 41 })).toMatchObject({ status: 400, msg: '考点类型格式不正确' });
    expect(await t.call(tipsPointsList, { guid: member, appID: APP })).toMatchObject({ status: 400, msg: '考点类型格式不正确' });
    expect(await t.call(tipsPointsGrade, { guid: member, appID: APP, point: 1, grade: 'maybe' })).toMatchObject({ status: 400, msg: '掌握程度格式不正确' });
    expect(await t.call(tipsPointsGrade, { guid: member, appID: APP, grade: 'know' })).toMatchObject({ status: 400, msg: '请填写知识点编号' });
    // A point of another subject.
    const [other] = await t.db.select({ id: knowledgePoints.id }).from(knowledgePoints).where(eq(knowledgePoints.appId, 2001)).limit(1);
    expect(await t.call(tipsPointsGrade, { guid: member, appID: APP, point: other!.id, grade: 'know' })).toMatchObject({ status: 400, msg: '知识点不存在' });
    expect(await t.call(tipsPointsList, { guid: member, appID: APP, examType: 40, cptID: 999_999 })).toMatchObject({ status: 404, msg: '章节不存在' });
  });

  it("answers 403 with the unlocking versions to a learner without 'ai' (round, cards, grade) or 'sprint' (tips points)", async () => {
    const [p] = await t.db.select({ id: knowledgePoints.id }).from(knowledgePoints).where(eq(knowledgePoints.appId, APP)).limit(1);
    for (const r of [
      await t.call(aiNext, { guid: learner, appID: APP }),
      await t.call(aiLast, { guid: learner, appID: APP }),
      await t.call(tipsPointsList, { guid: learner, appID: APP, examType: 48 }),
      await t.call(tipsPointsList, { guid: learner, appID: APP, examType: 40 }),
      await t.call(tipsPointsGrade, { guid: learner, appID: APP, point: p!.id, grade: 'know' }),
    ]) {
      expect(r).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
      expect(r.data.unlocking.length).toBeGreaterThan(0);
    }
    const rows = await t.db.select().from(pointCards);
    expect(rows).toEqual([]);
  });
});

describe('the adaptive round', () => {
  it('chooses by weight × (1 − mastery), explains each question, skips the last 24 h and resumes the open round', async () => {
    // Make the heaviest point well practised: all its questions but one right, two days ago; one answered an hour ago.
    const before = await mastery(member);
    const heaviest = [...before].sort((a, b) => b.weight - a.weight)[0]!;
    const [hp] = await t.db
      .select({ id: knowledgePoints.id })
      .from(knowledgePoints)
      .where(and(eq(knowledgePoints.appId, APP), eq(knowledgePoints.name, heaviest.point)));
    const lists = await t.call(tipsPointsList, { guid: member, appID: APP, examType: 48 });
    expect(lists.status).toBe(200);
    const { pointQuestions } = await import('./store.ts').then((m) => ({ pointQuestions: m.createAiStore(t.db).pointQuestions }));
    const rows = await pointQuestions(APP);
    const ofHeaviest = rows.filter((r) => r.pointId === hp!.id).map((r) => r.questionId);
    expect(ofHeaviest.length).toBeGreaterThan(1);
    for (const q of ofHeaviest.slice(1)) await answer(q, true, t.clock.now - 48 * HOUR);
    const recent = ofHeaviest[0]!;
    await answer(recent, false, t.clock.now - HOUR);

    const figures = await mastery(member);
    const r = await t.call(aiNext, { guid: member, appID: APP });
    expect(r.status).toBe(200);
    const { session, reasons, round } = r.data as {
      session: { examHistoryID: number; mode: string; testMode: string; status: string; list: { allTestID: number }[]; keys: unknown[]; deadline: null };
      reasons: Reason[];
      round: number;
    };
    expect(round).toBe(1);
    expect(session).toMatchObject({ mode: 'practice', testMode: 'AICoreExamTest', status: 'open', deadline: null });
    expect(session.keys).toHaveLength(session.list.length);
    expect(session.list).toHaveLength(10);
    expect(reasons.map((x) => x.allTestID)).toEqual(session.list.map((q) => q.allTestID));
    expect(reasons.map((x) => x.allTestID)).not.toContain(recent);

    // Priority: every chosen point is at least as urgent as every point left out (each demo point has more questions than it gives).
    const byName = new Map(figures.map((f) => [f.point, f]));
    const chosen = new Set(reasons.map((x) => x.name));
    const lowestChosen = Math.min(...[...chosen].map((name) => priorityOf(byName.get(name)!)));
    for (const f of figures) if (!chosen.has(f.point)) expect(priorityOf(f)).toBeLessThanOrEqual(lowestChosen + 1e-12);
    // The most urgent point gives 3 questions (or all it has that were not answered in the last 24 h).
    const top = [...figures].sort((a, b) => priorityOf(b) - priorityOf(a))[0]!;
    const pointIds = new Map(
      (await t.db.select({ id: knowledgePoints.id, name: knowledgePoints.name }).from(knowledgePoints).where(eq(knowledgePoints.appId, APP))).map((p) => [p.name, p.id]),
    );
    const eligible = rows.filter((x) => x.pointId === pointIds.get(top.point) && x.questionId !== recent).length;
    expect(reasons.filter((x) => x.name === top.point)).toHaveLength(Math.min(3, eligible));

    // Reasons carry the point's figures and say them.
    for (const x of reasons) {
      const f = byName.get(x.name)!;
      expect(x).toMatchObject({ mastery: f.mastery, weight: f.weight });
      expect(x.why.startsWith(`考点「${f.point}」占题库 ${percent(f.weight)}，你的掌握度 ${percent(f.mastery)}（答对 ${f.right}/${f.total}）。`)).toBe(true);
      expect(x.why).toMatch(/。(这道题你还没做过|这道题你上次答错了|这道题你上次答对了，再巩固一次)。$/);
    }

    // Resumed: the same session and the same reasons, also after the figures change.
    await answer(reasons[0]!.allTestID, true, t.clock.now - 30 * HOUR);
    const again = await t.call(aiNext, { guid: member, appID: APP });
    expect(again.data.session.examHistoryID).toBe(session.examHistoryID);
    expect(again.data.reasons).toEqual(reasons);
    expect(again.data.round).toBe(1);
  });

  it('after hand-in shows the mastery change of the round and opens round 2', async () => {
    expect((await t.call(aiLast, { guid: member, appID: APP })).data).toEqual({ last: null });
    const { session, reasons } = (await t.call(aiNext, { guid: member, appID: APP })).data as { session: { examHistoryID: number }; reasons: Reason[] };
    const keys = (await t.call(simulationResume, { guid: member, examHistoryID: session.examHistoryID })).data.keys as {
      allTestID: number;
      answer: string | string[];
    }[];
    const key = (a: string | string[]) => (Array.isArray(a) ? a[0]! : a);
    const replies = keys.map((k) => ({ replyID: rid(), allTestID: k.allTestID, lastUserReply: key(k.answer), spendTime: 5 }));
    expect((await t.call(addSimulationReplys, { guid: member, examHistoryID: session.examHistoryID, replies: JSON.stringify(replies) })).status).toBe(200);
    const handed = await t.call(simulationHandIn, { guid: member, examHistoryID: session.examHistoryID });
    expect(handed).toMatchObject({ status: 200, data: { right: 10, wrong: 0 } });

    const last = (await t.call(aiLast, { guid: member, appID: APP })).data.last;
    expect(last).toMatchObject({ examHistoryID: session.examHistoryID, round: 1, right: 10, total: 10 });
    const names = [...new Set(reasons.map((x) => x.name))];
    expect(last.points.map((p: { name: string }) => p.name)).toEqual(names);
    const now = new Map((await mastery(member)).map((f) => [f.point, f.mastery]));
    for (const p of last.points) {
      expect(p.after).toBe(now.get(p.name));
      expect(p.after).toBeGreaterThanOrEqual(p.before);
    }
    expect(last.points.some((p: { before: number; after: number }) => p.after > p.before)).toBe(true);

    const next = (await t.call(aiNext, { guid: member, appID: APP })).data;
    expect(next.round).toBe(2);
    expect(next.session.examHistoryID).not.toBe(session.examHistoryID);
    // Just answered: none of round 1's questions comes back within 24 hours.
    const first = new Set(reasons.map((x) => x.allTestID));
    for (const x of next.reasons as Reason[]) expect(first.has(x.allTestID)).toBe(false);
  });

  it('gives two calls at once the same new round; a round whose reasons were lost gets them recomputed', async () => {
    const open = (await t.call(aiNext, { guid: member, appID: APP })).data;
    await t.call(simulationHandIn, { guid: member, examHistoryID: open.session.examHistoryID });
    const [a, b] = await Promise.all([t.call(aiNext, { guid: member, appID: APP }), t.call(aiNext, { guid: member, appID: APP })]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.data.session.examHistoryID).toBe(b.data.session.examHistoryID);
    expect(a.data.reasons).toEqual(b.data.reasons);
    expect(a.data.round).toBe(3);

    await t.db.delete(aiRounds).where(eq(aiRounds.sessionId, a.data.session.examHistoryID));
    const again = (await t.call(aiNext, { guid: member, appID: APP })).data;
    expect(again.session.examHistoryID).toBe(a.data.session.examHistoryID);
    expect(again.round).toBe(3);
    expect(again.reasons.map((x: Reason) => x.allTestID)).toEqual(a.data.session.list.map((q: { allTestID: number }) => q.allTestID));
    const [stored] = await t.db.select().from(aiRounds).where(eq(aiRounds.sessionId, a.data.session.examHistoryID));
    expect(stored?.reasons).toEqual(again.reasons);
  });
});

describe('tips points (type 40)', () => {
  it('lists the hot points by heat with mastery and the marked sentences of their explanations', async () => {
    const r = await t.call(tipsPointsList, { guid: member, appID: APP, examType: 40 });
    expect(r.status).toBe(200);
    const list = r.data.list as { point: number; name: string; heat: number; weight: number; mastery: number; total: number; tips: string[] }[];
    const all = await mastery(member);
    expect(list).toHaveLength(Math.max(5, Math.ceil(all.length * 0.2)));
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.heat).toBeGreaterThanOrEqual(list[i]!.heat);
    const hottest = list[0]!;
    // heat = questions with a past-exam year + 100 × weight
    const store = (await import('./store.ts')).createAiStore(t.db);
    const rows = (await store.pointQuestions(APP)).filter((x) => x.pointId === hottest.point);
    expect(hottest.heat).toBeCloseTo(rows.filter((x) => x.year !== null).length + hottest.weight * 100, 2);
    // tips: the 【…】 sentences of the point's explanations, unique, at most 8.
    for (const p of list) {
      expect(p.tips.length).toBeLessThanOrEqual(8);
      expect(new Set(p.tips).size).toBe(p.tips.length);
      for (const tip of p.tips) expect(tip).toMatch(/【[^】]+】/);
    }
    const expected = rows.flatMap((x) =>
      x.explanation
        .split(/(?<=[。！？；!?;\n])/)
        .map((s) => s.trim())
        .filter((s) => /【[^】]+】/.test(s)),
    );
    expect(hottest.tips).toEqual([...new Set(expected)].slice(0, 8));
    expect(hottest.tips.length).toBeGreaterThan(0);
  });

  it('lists every point of a chapter (and its sub-chapters) with cptID', async () => {
    const [top] = await t.db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.appId, APP)))
      .orderBy(chapters.order)
      .limit(1);
    const r = await t.call(tipsPointsList, { guid: member, appID: APP, examType: 40, cptID: top!.id });
    expect(r.status).toBe(200);
    expect(r.data.list.length).toBeGreaterThan(0);
  });
});

describe('point cards (type 48)', () => {
  it('answers cards in adaptive order; graded ones go after the unseen: forgot, vague, know, oldest seen first', async () => {
    const cards = (await t.call(tipsPointsList, { guid: member, appID: APP, examType: 48 })).data.cards as {
      point: number;
      name: string;
      front: string;
      back: string[];
      sample: number;
      grade: string | null;
      seenAt: string | null;
    }[];
    expect(cards.length).toBeGreaterThan(5);
    for (const c of cards) {
      expect(c.grade).toBeNull();
      expect(c.front).not.toBe('');
      expect(c.back.length).toBeGreaterThan(0);
    }
    const [a, b, c, d] = cards.map((x) => x.point);
    const grade = async (point: number, g: string) => {
      t.clock.advance(1000);
      return t.call(tipsPointsGrade, { guid: member, appID: APP, point, grade: g });
    };
    const stored = await grade(a!, 'vague');
    expect(stored).toMatchObject({ status: 200, data: { point: a, grade: 'vague', seenAt: new Date(t.clock.now).toISOString() } });
    await grade(b!, 'know');
    await grade(c!, 'forgot');
    await grade(d!, 'vague');
    // Grading again replaces the grade (one row per point).
    await grade(b!, 'know');
    const rows = await t.db.select().from(pointCards).where(eq(pointCards.userId, memberId));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.pointId === c)).toMatchObject({ grade: 'forgot', appId: APP });

    const after = (await t.call(tipsPointsList, { guid: member, appID: APP, examType: 48 })).data.cards as typeof cards;
    const tail = after.slice(-4).map((x) => x.point);
    expect(tail).toEqual([c, a, d, b]);
    expect(after.slice(0, -4).every((x) => x.grade === null)).toBe(true);
    expect(after.find((x) => x.point === c)).toMatchObject({ grade: 'forgot' });
  });
});

import {
  addSimulationReplys,
  getErrorTest,
  planDetail,
  planEntrance,
  planOpen,
  reviewSummary,
  simulationHandIn,
  simulationResume,
  type PlanReport,
  type PlanTask,
} from '@kaoshi/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { createTestApp, replyIds, type TestApp } from '../../test/helpers.ts';
import { answer, APP, dayAfter, learner, study, today } from './plan-setup.ts';

/**
 * Issue 32 item 1: the wrong-answer book's review serves every item due — wrong answers of practice and of the
 * plan's entrance evaluation, items reviewed once already — and the plan's review task completes when they are done.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const rid = replyIds('plan-review');

interface Question {
  id: number;
  type: string;
  chapterId: number;
  groupId: number | null;
  right: string;
  wrong: string;
}

/** The bank's questions by id, with a right and a wrong reply. */
async function bank(ids?: number[]): Promise<Question[]> {
  const rows = await t.db
    .select({ id: questions.id, type: questions.type, answer: questions.answer, chapterId: questions.chapterId, groupId: questions.groupId })
    .from(questions)
    .where(and(eq(questions.appId, APP), eq(questions.retired, false), isNull(questions.groupId), ids ? inArray(questions.id, ids) : undefined))
    .orderBy(asc(questions.id));
  return rows.map((q) => {
    const right = q.type === 'FILL' ? (q.answer as string[])[0]! : Array.isArray(q.answer) ? q.answer.join('') : (q.answer as string);
    return { ...q, right, wrong: q.type === 'FILL' ? '不知道' : right.startsWith('A') ? 'B' : 'A' };
  });
}

async function dueItems(guid: string, page = 1, pageSize?: number) {
  const body = await t.call(getErrorTest, { guid, appID: APP, due: true, page, pageSize });
  expect(body.status, body.msg).toBe(200);
  return body.data as { total: number; list: { allTestID: number }[] };
}

const dueNow = async (guid: string) => ((await t.call(reviewSummary, { guid, appID: APP })).data as { due: number }).due;
const reviewTask = async (guid: string) => (await study(t, guid)).day!.tasks.find((x: PlanTask) => x.kind === 'review');

describe('a review after practice and the plan’s evaluation', () => {
  it('serves all 13 due items (in sets of any size) and completes the plan’s review task', async () => {
    const { guid } = await learner(t);
    // The evaluation's 10 questions are drawn when it starts; practice keeps to other questions.
    const started = await t.call(planEntrance, { guid, appID: APP, action: 'start' });
    expect(started.status, started.msg).toBe(200);
    const examHistoryID = started.data.examHistoryID as number;
    const session = (await t.call(simulationResume, { guid, examHistoryID })).data as { list: { allTestID: number }[] };
    const evalQuestions = await bank(session.list.map((q) => q.allTestID));
    expect(evalQuestions).toHaveLength(10);
    const drawn = new Set(evalQuestions.map((q) => q.id));

    // 1. Six wrong answers in practice; a minute on they are due, and a first review answers them wrong again.
    const practised = (await bank()).filter((q) => q.type === 'A1' && !drawn.has(q.id)).slice(0, 6);
    for (const q of practised) await answer(t, guid, q, q.wrong);
    t.clock.advance(2 * MINUTE);
    const first = await dueItems(guid);
    expect(first.total).toBe(6);
    expect(first.list.map((q) => q.allTestID).sort()).toEqual(practised.map((q) => q.id).sort());
    for (const q of practised) await answer(t, guid, q, q.wrong);

    // 2. The evaluation: 7 wrong, 3 right, handed in; then the plan.
    const replies = evalQuestions.map((q, i) => ({ replyID: rid(), allTestID: q.id, lastUserReply: i < 7 ? q.wrong : q.right, spendTime: 20 }));
    expect((await t.call(addSimulationReplys, { guid, examHistoryID, replies: JSON.stringify(replies) })).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await t.call(simulationHandIn, { guid, examHistoryID })).status).toBe(200);
    const opened = await t.call(planOpen, { guid, appID: APP, mdate: dayAfter(today(t), 60), timesize: 60 });
    expect(opened.status, opened.msg).toBe(200);
    expect(await reviewTask(guid)).toMatchObject({ title: '错题复习', target: 13, progress: 0, done: false });

    // 3. Due now: the 6 reviewed once and the evaluation's 7 — every one served, in one set or in sets of 5.
    t.clock.advance(2 * MINUTE);
    expect(await dueNow(guid)).toBe(13);
    const expected = [...practised.map((q) => q.id), ...evalQuestions.slice(0, 7).map((q) => q.id)].sort();
    const all = await dueItems(guid);
    expect(all.total).toBe(13);
    expect(all.list.map((q) => q.allTestID).sort()).toEqual(expected);
    const sets = await Promise.all([1, 2, 3].map((p) => dueItems(guid, p, 5)));
    expect(sets.map((s) => s.list.length)).toEqual([5, 5, 3]);
    expect(sets.flatMap((s) => s.list.map((q) => q.allTestID)).sort()).toEqual(expected);

    // 4. Answered, each once: nothing is due and the plan's task is done, 13/13.
    const byId = new Map([...practised, ...evalQuestions].map((q) => [q.id, q]));
    for (const item of all.list) {
      const q = byId.get(item.allTestID)!;
      await answer(t, guid, q, q.right);
    }
    expect(await dueNow(guid)).toBe(0);
    expect((await dueItems(guid)).total).toBe(0);
    expect(await reviewTask(guid)).toMatchObject({ target: 13, progress: 13, done: true });
  });

  it('counts reviews of items in the book, not the wrong answers that put new questions in', async () => {
    const { guid } = await learner(t);
    const [a, b, c, d, e] = (await bank()).filter((q) => q.type === 'A1').slice(20, 25) as [Question, Question, Question, Question, Question];
    for (const q of [a, b, c]) await answer(t, guid, q, q.wrong);
    t.clock.advance(2 * MINUTE);
    expect((await t.call(planOpen, { guid, appID: APP, mdate: dayAfter(today(t), 60), timesize: 60 })).status).toBe(200);
    expect(await reviewTask(guid)).toMatchObject({ target: 3, progress: 0 });
    // Practice after the plan: two new wrong answers enter the book; nothing was reviewed.
    for (const q of [d, e]) await answer(t, guid, q, q.wrong);
    expect(await reviewTask(guid)).toMatchObject({ target: 3, progress: 0, done: false });
    // The review: the three due items (the two new ones are due a minute later).
    expect((await dueItems(guid)).list.map((q) => q.allTestID).sort()).toEqual([a.id, b.id, c.id].sort());
    for (const q of [a, b]) await answer(t, guid, q, q.right);
    await answer(t, guid, c, c.wrong);
    expect(await reviewTask(guid)).toMatchObject({ target: 3, progress: 3, done: true });
    // The report's practice minutes count the review's answers as any other (issue 32): since the plan, 2 answers in
    // practice and 3 in the review, 30 s each; the 3 before the plan are not the plan's.
    const report = (await t.call(planDetail, { guid, appID: APP })).data as PlanReport;
    expect(report.spent.practice).toBe(Math.round((5 * 30) / 60));
  });
});

import {
  addSimulationReplys,
  PLAN_EVALUATION_SIZE,
  PLAN_MSG,
  planEntrance,
  planEvaluate,
  planOpen,
  planVideoInfo,
  planVideoView,
  planWarn,
  simulationHandIn,
  simulationResume,
  simulationStart,
  videoProgress,
} from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgePoints, lessonPoints, papers, planTasks, questions, studyPlans, userMessages, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, replyIds, type TestApp } from '../../test/helpers.ts';
import { APP, dayAfter, learner, setChinaTime, study, today } from './plan-setup.ts';

let t: TestApp;
let lessonId: number;
beforeAll(async () => {
  t = await createTestApp();
  // A lesson of the demo subject explaining a knowledge point of its bank (the test database has no lessons).
  const now = new Date(t.clock.now);
  const [course] = await t.db.insert(videoCourses).values({ key: 'plan-course', appId: APP, title: '核心考点精讲', publishedAt: now }).returning();
  const [chapter] = await t.db.insert(videoChapters).values({ courseId: course!.id, title: '第一章' }).returning();
  const [lesson] = await t.db
    .insert(videoLessons)
    .values({ key: 'plan-lesson', chapterId: chapter!.id, title: '体温的评估', durationS: 600, mediaKey: '1001/plan-lesson', mediaVersion: 1, publishedAt: now })
    .returning();
  lessonId = lesson!.id;
  const [point] = await t.db.select().from(knowledgePoints).where(eq(knowledgePoints.appId, APP)).limit(1);
  await t.db.insert(lessonPoints).values({ lessonId, pointId: point!.id, fromS: 0, toS: 600 });
  t.forgetCaches();
});
afterAll(() => t.close());

const EXAM = '2026-04-01';
const rid = replyIds('plan-exam');
const planOf = async (userId: number) =>
  (
    await t.db
      .select()
      .from(studyPlans)
      .where(and(eq(studyPlans.userId, userId), eq(studyPlans.appId, APP)))
  )[0]!;
const keyOf = async (id: number) => {
  const [q] = await t.db.select({ answer: questions.answer }).from(questions).where(eq(questions.id, id));
  return Array.isArray(q!.answer) ? q!.answer.join('') : q!.answer;
};

/** Answers every question of an exam session (right or wrong) and hands it in. */
async function sitAndHandIn(guid: string, examHistoryID: number, right: boolean) {
  const s = (await t.call(simulationResume, { guid, examHistoryID })).data;
  const replies = [];
  for (const q of s.list as { allTestID: number }[]) {
    const key = await keyOf(q.allTestID);
    replies.push({ replyID: rid(), allTestID: q.allTestID, lastUserReply: right ? key : key.startsWith('A') ? 'B' : 'A', spendTime: 5 });
  }
  expect((await t.call(addSimulationReplys, { guid, examHistoryID, replies: JSON.stringify(replies) })).status).toBe(200);
  t.clock.advance(60_000);
  expect((await t.call(simulationHandIn, { guid, examHistoryID })).status).toBe(200);
  return s.list.length as number;
}

describe('the entrance evaluation', () => {
  it('starts a practice set of PLAN_EVALUATION_SIZE questions over the open chapters; its result shows once handed in', async () => {
    const { guid } = await learner(t, false);
    const started = await t.call(planEntrance, { guid, appID: APP, action: 'start' });
    expect(started.status, started.msg).toBe(200);
    expect(started.data).toMatchObject({ state: 'started' });
    const id = started.data.examHistoryID as number;
    // Starting again continues the same session.
    expect((await t.call(planEntrance, { guid, appID: APP, action: 'start' })).data.examHistoryID).toBe(id);
    expect((await study(t, guid)).evaluation).toEqual({ state: 'started', examHistoryID: id, right: 0, total: PLAN_EVALUATION_SIZE });
    expect(await sitAndHandIn(guid, id, true)).toBe(PLAN_EVALUATION_SIZE);
    const view = await study(t, guid);
    expect(view.plan).toBeNull();
    expect(view.evaluation).toEqual({ state: 'done', examHistoryID: id, right: PLAN_EVALUATION_SIZE, total: PLAN_EVALUATION_SIZE });
  });

  it('records a skip', async () => {
    const { guid } = await learner(t, false);
    expect((await t.call(planEntrance, { guid, appID: APP, action: 'skip' })).data).toEqual({ state: 'skipped', examHistoryID: null });
    expect((await study(t, guid)).evaluation.state).toBe('skipped');
    expect((await t.call(planEntrance, { guid, appID: APP, action: 'later' })).status).toBe(400);
  });
});

describe('getEvaluate', () => {
  it('reads the newest mock since the plan began: weak chapters boosted and re-planned once', async () => {
    const { guid, userID } = await learner(t);
    expect((await t.call(planOpen, { guid, appID: APP, mdate: EXAM, timesize: 60 })).status).toBe(200);
    const none = await t.call(planEvaluate, { guid, appID: APP });
    expect(none.data).toMatchObject({ basedOn: null, weak: [], replanned: false });
    expect(none.data.readiness).toMatchObject({ fromMocks: null, mocks: 0 });

    const [paper] = await t.db
      .select()
      .from(papers)
      .where(and(eq(papers.appId, APP), eq(papers.code, 'mock-quick')));
    const start = await t.call(simulationStart, { guid, appID: APP, paperID: paper!.id });
    expect(start.status, start.msg).toBe(200);
    await sitAndHandIn(guid, start.data.examHistoryID, false);
    const generation = (await planOf(userID)).generation;

    const body = await t.call(planEvaluate, { guid, appID: APP });
    expect(body.status, body.msg).toBe(200);
    const e = body.data;
    expect(e).toMatchObject({ replanned: true, basedOn: { examHistoryID: start.data.examHistoryID, score: 0 } });
    expect(e.weak.length).toBeGreaterThan(0);
    expect(e.weak.every((w: { share: number }) => w.share === 0)).toBe(true);
    expect(e.readiness).toMatchObject({ mocks: 1, fromMocks: 0, verdict: 'behind' });
    const row = await planOf(userID);
    expect(row).toMatchObject({ generation: generation + 1, evaluatedSession: start.data.examHistoryID, notice: PLAN_MSG.replannedMock });
    expect(Object.keys(row.boosts).map(Number).sort()).toEqual(e.weak.map((w: { cptID: number }) => w.cptID).sort());
    // The weak chapters come first: the re-plan's first chapter task is one of them.
    const tasks = await t.db
      .select()
      .from(planTasks)
      .where(and(eq(planTasks.planId, row.id), eq(planTasks.generation, row.generation)));
    const firstChapter = tasks.filter((x) => x.kind === 'chapter').sort((a, b) => a.day.localeCompare(b.day) || a.sort - b.sort)[0]!;
    expect(e.weak.map((w: { cptID: number }) => w.cptID)).toContain(firstChapter.refId);
    expect((await study(t, guid)).plan!.notice).toBe(PLAN_MSG.replannedMock);

    // The same mock re-plans once.
    expect((await t.call(planEvaluate, { guid, appID: APP })).data).toMatchObject({ replanned: false, basedOn: { examHistoryID: start.data.examHistoryID } });
    expect((await planOf(userID)).generation).toBe(generation + 1);
  });
});

describe('lessons of the plan', () => {
  it('answers the lesson to play next with its progress, and ticks its task once the lesson is complete', async () => {
    const { guid, userID } = await learner(t);
    expect((await t.call(planOpen, { guid, appID: APP, mdate: EXAM, timesize: 120 })).status).toBe(200);
    const info = await t.call(planVideoInfo, { guid, appID: APP });
    expect(info.status, info.msg).toBe(200);
    expect(info.data.next).toMatchObject({ lessonID: lessonId, title: '体温的评估', durationS: 600, watchedS: 0, percent: 0, done: false });
    const taskId = info.data.next.taskID as number;
    expect(taskId).toBeGreaterThan(0);
    expect((await study(t, guid)).plan!.play_id).toBe(lessonId);

    expect((await t.call(videoProgress, { guid, lessonID: lessonId, position: 300, ranges: '0-300', at: 1 })).status).toBe(200);
    expect((await t.call(planVideoView, { guid, appID: APP, lessonID: lessonId })).data).toMatchObject({ watchedS: 300, position: 300, percent: 50, done: false, taskID: taskId });
    expect((await t.call(videoProgress, { guid, lessonID: lessonId, position: 600, ranges: '300-600', at: 2 })).status).toBe(200);
    const view = await t.call(planVideoView, { guid, appID: APP, lessonID: lessonId });
    expect(view.data).toMatchObject({ percent: 100, done: true, taskID: taskId });
    const [task] = await t.db.select().from(planTasks).where(eq(planTasks.id, taskId));
    expect(task!.doneAt).not.toBeNull();
    expect((await planOf(userID)).id).toBe(task!.planId);
    expect((await t.call(planVideoInfo, { guid, appID: APP })).data.next?.lessonID ?? null).not.toBe(lessonId);
    expect(await t.call(planVideoView, { guid, appID: APP, lessonID: 99_999_999 })).toMatchObject({ status: 404 });
  });
});

describe('the reminder', () => {
  it('turns on and off with the §4 texts and a signed calendar link', async () => {
    const { guid } = await learner(t, false);
    expect((await t.call(planOpen, { guid, appID: APP, mdate: EXAM, timesize: 30 })).status).toBe(200);
    const on = await t.call(planWarn, { guid, appID: APP, warntime: '07:30', warnopen: 1 });
    expect(on.data).toMatchObject({ warntime: '07:30', warnopen: 1, text: PLAN_MSG.warnOn });
    expect(on.data.icsUrl).toMatch(/^\/media\/p\/\d+\/[^/]+\/plan\.ics$/);
    const ics = await t.app.inject({ method: 'GET', url: on.data.icsUrl });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('RRULE:FREQ=DAILY;UNTIL=20260330T233000Z');
    expect(ics.body).toContain('BEGIN:VALARM');
    expect(ics.body).toContain('DTSTART:20260301T233000Z');
    const forged = on.data.icsUrl.replace(/\/([^/]+)\/plan\.ics$/, '/x$1/plan.ics');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const off = await t.call(planWarn, { guid, appID: APP, warnopen: 0 });
    expect(off.data).toMatchObject({ warntime: '07:30', warnopen: 0, text: PLAN_MSG.warnOff });
  });

  it('sends once a day at the time: an in-app message and an SMS notice, even when the job runs twice', async () => {
    const { guid, userID, phone } = await learner(t, false);
    expect((await t.call(planOpen, { guid, appID: APP, mdate: EXAM, timesize: 30, warntime: '21:00', warnopen: 1 })).status).toBe(200);
    const mine = () => t.db.select().from(userMessages).where(eq(userMessages.userId, userID));
    setChinaTime(t, today(t), '20:59');
    await t.app.plan.remind();
    expect(await mine()).toEqual([]);
    setChinaTime(t, today(t), '21:00');
    expect(await t.app.plan.remind()).toBeGreaterThanOrEqual(1);
    expect(await t.app.plan.remind()).toBe(0);
    const day = today(t);
    const plan = await planOf(userID);
    const messages = await mine();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'plan', title: PLAN_MSG.reminderTitle, link: '/studyMain', dedupe: `plan-warn:${plan.id}:${day}` });
    expect(messages[0]!.body).toMatch(/今天有\d+项学习任务/);
    expect(JSON.parse(await t.lastSmsCode(`plan-remind:${phone}`))).toMatchObject({ time: '21:00' });
    // Sent for the learner's agent (its own SMS sign and template where it has them: docs/sms.md).
    expect(await t.lastSmsCode(`agent:plan-remind:${phone}`)).toBe('888');
    // The next day at the time: again; switched off: nothing.
    setChinaTime(t, dayAfter(day, 1), '21:05');
    await t.app.plan.remind();
    expect(await mine()).toHaveLength(2);
    await t.call(planWarn, { guid, appID: APP, warnopen: 0 });
    setChinaTime(t, dayAfter(day, 2), '21:05');
    await t.app.plan.remind();
    expect(await mine()).toHaveLength(2);
    // Switched on again long after its time: not sent late; the next day at the time.
    setChinaTime(t, dayAfter(day, 3), '22:00');
    await t.call(planWarn, { guid, appID: APP, warnopen: 1 });
    expect(await t.app.plan.remind()).toBe(0);
    expect(await mine()).toHaveLength(2);
    setChinaTime(t, dayAfter(day, 4), '21:01');
    await t.app.plan.remind();
    expect(await mine()).toHaveLength(3);
  });
});

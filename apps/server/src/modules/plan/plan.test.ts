import { PLAN_MSG, PLAN_STAGES, planCalls, planDetail, planOpen, planSkip, planStages, planWarn, resetTestInfo, type PlanReport, type PlanTask } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTasks, studyPlans } from '../../db/schema/index.ts';
import { createTestApp, createTwinApp, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { answer, APP, chapterQuestions, dayAfter, learner, setChinaTime, study, today } from './plan-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EXAM = '2026-04-01';
const open = (guid: string, extra: Record<string, unknown> = {}) => t.call(planOpen, { guid, appID: APP, mdate: EXAM, timesize: 30, ...extra });
const rowsOf = (userId: number) =>
  t.db
    .select({ task: planTasks, generation: studyPlans.generation })
    .from(planTasks)
    .innerJoin(studyPlans, eq(studyPlans.id, planTasks.planId))
    .where(eq(studyPlans.userId, userId));
const planRow = async (userId: number) =>
  (
    await t.db
      .select()
      .from(studyPlans)
      .where(and(eq(studyPlans.userId, userId), eq(studyPlans.appId, APP)))
  )[0]!;

describe('every plan call', () => {
  it('needs a session (401)', async () => {
    for (const call of Object.values(planCalls)) {
      const input = { appID: APP, mdate: EXAM, timesize: 60, taskID: 1, lessonID: 1, action: 'start', warnopen: 1 };
      expect(await t.callRaw(call, input), call.id).toEqual(NOT_LOGGED_IN);
    }
  });

  it('names the bad field (400)', async () => {
    const { guid } = await learner(t, false);
    expect(await open(guid, { mdate: '2026-02-30' })).toMatchObject({ status: 400, msg: PLAN_MSG.badDate });
    expect(await open(guid, { mdate: 'soon' })).toMatchObject({ status: 400, msg: PLAN_MSG.badDate });
    expect(await open(guid, { timesize: 0 })).toMatchObject({ status: 400, msg: PLAN_MSG.minutes });
    expect(await open(guid, { timesize: 601 })).toMatchObject({ status: 400, msg: PLAN_MSG.minutes });
    expect(await open(guid, { warntime: '25:00' })).toMatchObject({ status: 400, msg: PLAN_MSG.badTime });
    expect(await t.call(planWarn, { guid, appID: APP, warntime: '7:5', warnopen: 1 })).toMatchObject({ status: 400, msg: PLAN_MSG.badTime });
    expect((await t.call(planSkip, { guid, appID: APP, taskID: 'x' })).status).toBe(400);
  });

  it('refuses dates the planner cannot plan, with its message', async () => {
    const { guid } = await learner(t, false);
    expect(await open(guid, { mdate: '2026-03-01' })).toMatchObject({ status: 400, msg: PLAN_MSG.pastDate, data: null });
    expect(await open(guid, { mdate: today(t) })).toMatchObject({ status: 400, msg: PLAN_MSG.pastDate });
    expect(await open(guid, { mdate: dayAfter(today(t), 2) })).toMatchObject({ status: 400, msg: PLAN_MSG.tooFewDays });
    expect(await open(guid, { mdate: '2029-01-01' })).toMatchObject({ status: 400, msg: PLAN_MSG.tooFar });
    expect((await study(t, guid)).plan).toBeNull();
  });
});

describe('without a plan', () => {
  it('answers no plan, the evaluation state and what a version would add', async () => {
    const { guid } = await learner(t, false);
    const view = await study(t, guid);
    expect(view).toMatchObject({ plan: null, day: null, stages: [], evaluation: { state: 'none', examHistoryID: null } });
    expect(view.locked.chapters).toBeGreaterThan(0);
    expect(view.locked.unlocking.map((v) => v.vname)).toContain('至尊班');
    expect(await t.call(planDetail, { guid, appID: APP })).toMatchObject({ status: 404, msg: PLAN_MSG.noPlan });
    expect(await t.call(planWarn, { guid, appID: APP, warnopen: 1 })).toMatchObject({ status: 404, msg: PLAN_MSG.noPlan });
    expect((await t.call(planStages, { guid, appID: APP })).data).toEqual({ list: [] });
  });

  it('the top version leaves nothing locked', async () => {
    const { guid } = await learner(t);
    expect((await study(t, guid)).locked).toEqual({ chapters: 0, lessons: 0, handouts: 0, papers: 0, unlocking: [] });
  });
});

describe('openplan', () => {
  it('plans every day from today to the day before the exam, in three stages', async () => {
    const { guid, userID } = await learner(t);
    const body = await open(guid, { warntime: '21:30', warnopen: 1 });
    expect(body.status, body.msg).toBe(200);
    const view = body.data;
    expect(view.plan).toMatchObject({ mdate: EXAM, timesize: 30, warntime: '21:30', warnopen: 1, stage: '基础', daysLeft: 30, plannedOn: today(t) });
    expect(view.day.date).toBe(today(t));
    expect(view.day.tasks.length).toBeGreaterThan(0);
    expect(view.stages.map((s: { stage: string }) => s.stage)).toEqual([...PLAN_STAGES]);
    expect(view.stages[0].from).toBe(today(t));
    expect(view.stages[2].to).toBe(dayAfter(EXAM, -1));
    const rows = await rowsOf(userID);
    expect(rows.every((r) => r.task.day >= today(t) && r.task.day < EXAM)).toBe(true);
    // Another day of the plan, and the report.
    const tomorrow = await study(t, guid, dayAfter(today(t), 1));
    expect(tomorrow.day!.date).toBe(dayAfter(today(t), 1));
    const report = (await t.call(planDetail, { guid, appID: APP })).data;
    expect(report.tasks).toMatchObject({ total: rows.length, done: 0, skipped: 0 });
    expect(report.byKind.map((k: { kind: string }) => k.kind)).toEqual(['chapter', 'lesson', 'handout', 'review', 'paper']);
    expect(report.chapters.length).toBeGreaterThan(0);
    expect(report.days[0]).toMatchObject({ date: today(t), state: 'today' });
    expect((await t.call(planStages, { guid, appID: APP })).data.list).toEqual(view.stages);
    // Opening again re-plans with the new date: one plan per learner and subject.
    const again = await open(guid, { mdate: '2026-05-01', timesize: 60 });
    expect(again.data.plan).toMatchObject({ plan_id: view.plan.plan_id, mdate: '2026-05-01', timesize: 60 });
    expect((await planRow(userID)).generation).toBe(2);
  });
});

describe('progress measured from the records', () => {
  it("counts the answers of today's chapter task, marks it done once and keeps it done after a reset", async () => {
    const { guid, userID } = await learner(t);
    const view = (await open(guid)).data;
    const task = view.day.tasks.find((x: PlanTask) => x.kind === 'chapter') as PlanTask;
    expect(task).toBeDefined();
    const qs = await chapterQuestions(t, task.refID);
    expect(qs.length).toBeGreaterThanOrEqual(task.target);
    for (const q of qs.slice(0, 3)) await answer(t, guid, q, q.right);
    let now = (await study(t, guid)).day!.tasks.find((x) => x.taskID === task.taskID)!;
    expect(now).toMatchObject({ progress: 3, done: false, doneAt: null });
    t.clock.advance(60_000);
    for (const q of qs.slice(3, task.target)) await answer(t, guid, q, q.wrong);
    const after = await study(t, guid);
    now = after.day!.tasks.find((x) => x.taskID === task.taskID)!;
    expect(now).toMatchObject({ progress: task.target, done: true, doneAt: new Date(t.clock.now).toISOString() });
    expect(after.day!.doneMinutes).toBeGreaterThanOrEqual(task.minutes);
    expect(after.plan!.totalProgress).toBeGreaterThan(0);
    const [row] = await t.db.select().from(planTasks).where(eq(planTasks.id, task.taskID));
    expect(row!.doneAt!.toISOString()).toBe(now.doneAt);
    expect((await rowsOf(userID)).length).toBeGreaterThan(1);
    // A reset of the chapter does not untick it.
    expect((await t.call(resetTestInfo, { guid, appID: APP, cptID: task.refID })).status).toBe(200);
    expect((await study(t, guid)).day!.tasks.find((x) => x.taskID === task.taskID)).toMatchObject({ done: true, doneAt: now.doneAt });
  });
});

describe('skipPointNode', () => {
  it('skips a task of today, never plans its node again and re-plans; refuses done, unknown and other learners’ tasks', async () => {
    const { guid, userID } = await learner(t);
    const view = (await open(guid)).data;
    const [first, second] = view.day.tasks as PlanTask[];
    const before = (await planRow(userID)).generation;
    const skipped = await t.call(planSkip, { guid, appID: APP, taskID: first!.taskID });
    expect(skipped.status, skipped.msg).toBe(200);
    expect(skipped.data.day.tasks.find((x: PlanTask) => x.taskID === first!.taskID)).toMatchObject({ skipped: true, done: false });
    expect((await planRow(userID)).generation).toBe(before + 1);
    const rows = await rowsOf(userID);
    const same = rows.filter((r) => r.task.kind === first!.kind && r.task.refId === first!.refID && r.task.id !== first!.taskID);
    expect(same.filter((r) => r.task.skippedAt === null && r.task.doneAt === null)).toEqual([]);
    // Skipping it again changes nothing.
    expect((await t.call(planSkip, { guid, appID: APP, taskID: first!.taskID })).status).toBe(200);
    expect((await planRow(userID)).generation).toBe(before + 1);

    expect(await t.call(planSkip, { guid, appID: APP, taskID: 99_999_999 })).toMatchObject({ status: 404, msg: PLAN_MSG.unknownTask });
    const other = await learner(t);
    await open(other.guid);
    const mine = (await study(t, guid)).day!.tasks.find((x) => !x.skipped) ?? second!;
    expect(await t.call(planSkip, { guid: other.guid, appID: APP, taskID: mine.taskID })).toMatchObject({ status: 404, msg: PLAN_MSG.unknownTask });
    expect((await rowsOf(userID)).find((r) => r.task.id === mine.taskID)!.task.skippedAt).toBeNull();

    // A done task cannot be skipped.
    const chapter = (await study(t, guid)).day!.tasks.find((x) => x.kind === 'chapter' && !x.skipped)!;
    for (const q of (await chapterQuestions(t, chapter.refID)).slice(0, chapter.target)) await answer(t, guid, q, q.right);
    expect(await t.call(planSkip, { guid, appID: APP, taskID: chapter.taskID })).toMatchObject({ status: 400, msg: PLAN_MSG.taskDone });
  });
});

describe('missed days', () => {
  it('re-plans once on the first call of a later day, whichever server answers; past tasks cannot be skipped', async () => {
    const { guid, userID } = await learner(t);
    const first = (await open(guid)).data;
    const pastTask = first.day.tasks[0] as PlanTask;
    const generation = (await planRow(userID)).generation;
    setChinaTime(t, dayAfter(first.plan.plannedOn, 2), '08:00');
    const twin = await createTwinApp(t);
    try {
      const views = await Promise.all([study(t, guid), studyOn(twin, guid)]);
      expect(views[0].plan).toMatchObject({ plannedOn: today(t), notice: PLAN_MSG.replannedMissed });
    } finally {
      await twin.close();
    }
    expect((await planRow(userID)).generation).toBe(generation + 1);
    const again = await study(t, guid);
    expect(again.plan).toMatchObject({ plannedOn: today(t), notice: PLAN_MSG.replannedMissed });
    expect((await planRow(userID)).generation).toBe(generation + 1);
    expect(again.day!.tasks.length).toBeGreaterThan(0);
    // The missed day stays as history.
    const past = await study(t, guid, first.plan.plannedOn);
    expect(past.day!.tasks.map((x) => x.taskID)).toContain(pastTask.taskID);
    expect(await t.call(planSkip, { guid, appID: APP, taskID: pastTask.taskID })).toMatchObject({ status: 400, msg: PLAN_MSG.taskPast });
  });
});

/** studyplan through a second server. */
async function studyOn(twin: TestApp, guid: string) {
  const body = await twin.call(planCalls.planStudy, { guid, appID: APP });
  expect(body.status, body.msg).toBe(200);
  return body.data;
}

describe('reviews from the wrong-answer book', () => {
  it("plans today's due items as a review task, ticks it when they are answered again, and the report counts it once", async () => {
    const { guid } = await learner(t);
    const chapter = (await open(guid)).data.day.tasks.find((x: PlanTask) => x.kind === 'chapter') as PlanTask;
    const qs = (await chapterQuestions(t, chapter.refID)).filter((q) => q.groupId === null).slice(0, 3);
    for (const q of qs) await answer(t, guid, q, q.wrong);
    t.clock.advance(15 * 60_000); // past FSRS's first learning step: due now
    const view = (await open(guid)).data;
    const review = view.day.tasks.find((x: PlanTask) => x.kind === 'review') as PlanTask;
    expect(review).toMatchObject({ title: '错题复习', target: 3, progress: 0, done: false, refID: 0 });
    for (const q of qs) await answer(t, guid, q, q.right);
    expect((await study(t, guid)).day!.tasks.find((x) => x.taskID === review.taskID)).toMatchObject({ progress: 3, done: true });
    const report = (await t.call(planDetail, { guid, appID: APP })).data;
    const kinds = report.byKind.reduce((n: number, k: { total: number }) => n + k.total, 0);
    expect(report.tasks.total).toBe(kinds);
    expect(report.byKind.find((k: { kind: string }) => k.kind === 'review')).toMatchObject({ done: 1 });
  });
});

describe('tasks held per process', () => {
  it('a skip through one server shows at once through another that holds the tasks, even when no re-plan follows', async () => {
    const { guid } = await learner(t);
    const exam = dayAfter(today(t), 5);
    expect((await open(guid, { mdate: exam })).status).toBe(200);
    // Two days before the exam: a skip cannot re-plan (fewer days than stages), so the plan's generation stays.
    setChinaTime(t, dayAfter(exam, -2), '08:00');
    const twin = await createTwinApp(t);
    try {
      const held = (await studyOn(twin, guid)).day.tasks as PlanTask[]; // the twin now holds the plan's tasks
      const task = held.find((x) => !x.done)!;
      expect((await t.call(planSkip, { guid, appID: APP, taskID: task.taskID })).status).toBe(200);
      expect(((await studyOn(twin, guid)).day.tasks as PlanTask[]).find((x) => x.taskID === task.taskID)).toMatchObject({ skipped: true });
    } finally {
      await twin.close();
    }
  });
});

describe('a question practised again', () => {
  it('counts once a China day: twice today once, again on a later day', async () => {
    const { guid, userID } = await learner(t);
    let view = (await open(guid)).data;
    // Today only chapter tasks: skip the others (each skip re-plans).
    for (let other = view.day.tasks.find((x: PlanTask) => x.kind !== 'chapter'); other; other = view.day.tasks.find((x: PlanTask) => x.kind !== 'chapter' && !x.skipped)) {
      view = (await t.call(planSkip, { guid, appID: APP, taskID: other.taskID })).data;
    }
    const todays = (view.day.tasks as PlanTask[]).filter((x) => x.kind === 'chapter');
    const task = todays[0]!;
    const qs = (await chapterQuestions(t, task.refID)).filter((q) => q.groupId === null);
    await answer(t, guid, qs[0]!, qs[0]!.right);
    await answer(t, guid, qs[0]!, qs[0]!.right);
    expect((await study(t, guid)).day!.tasks.find((x) => x.taskID === task.taskID)).toMatchObject({ progress: 1, done: false });
    // Finish today's chapter tasks (no missed day tomorrow, so no re-plan).
    for (const x of todays) {
      const mine = await chapterQuestions(t, x.refID);
      for (const q of mine.slice(0, x.target)) await answer(t, guid, q, q.right);
    }
    expect((await study(t, guid)).day!.tasks.every((x) => x.done || x.skipped)).toBe(true);
    const day = today(t);
    const later = (await rowsOf(userID))
      .map((r) => r.task)
      .filter((x) => x.kind === 'chapter' && x.refId === task.refID && x.day > day)
      .sort((a, b) => (a.day < b.day ? -1 : 1))[0];
    expect(later).toBeDefined();
    setChinaTime(t, dayAfter(day, 1), '08:00');
    await answer(t, guid, qs[0]!, qs[0]!.right);
    const on = await study(t, guid, later!.day);
    expect(on.plan!.notice).not.toBe(PLAN_MSG.replannedMissed);
    expect(on.day!.tasks.find((x) => x.taskID === later!.id)).toMatchObject({ progress: 1 });
  });
});

// Last: it moves the clock weeks on.
describe('the report’s days (issue 32)', () => {
  it('lists every day of the plan in order, days with nothing planned too; the days to come are the days left', async () => {
    // A trial learner's few chapters over 90 days: the planner leaves days without tasks.
    const { phone, guid: first } = await learner(t, false);
    let guid = first;
    const start = today(t);
    expect((await open(guid, { mdate: dayAfter(start, 90) })).status).toBe(200);
    const detail = async () => (await t.call(planDetail, { guid, appID: APP })).data as PlanReport;
    let report = await detail();
    expect(report.plan.daysLeft).toBe(90);
    expect(report.days.map((d) => d.date)).toEqual(Array.from({ length: 90 }, (_, i) => dayAfter(start, i)));
    expect(report.days.filter((d) => d.state === 'today' || d.state === 'coming')).toHaveLength(90);
    const empty = report.days.find((d) => d.tasks === 0)!;
    expect(empty).toMatchObject({ minutes: 0, doneMinutes: 0, doneTasks: 0, state: 'coming' });
    // Past the first empty day (the missed days re-planned): it stays, neither counted nor missed.
    setChinaTime(t, dayAfter(empty.date, 1), '08:00');
    guid = await t.login(phone, 'Passw0rd!'); // the session lapsed meanwhile
    await study(t, guid);
    report = await detail();
    expect(report.days.map((d) => d.date)).toEqual(Array.from({ length: 90 }, (_, i) => dayAfter(start, i)));
    expect(report.days.find((d) => d.date === empty.date)).toMatchObject({ tasks: 0, state: 'rest' });
    expect(report.days.find((d) => d.date === start)).toMatchObject({ state: 'missed' });
    expect(report.days.filter((d) => d.state === 'today' || d.state === 'coming')).toHaveLength(report.plan.daysLeft);
  });
});

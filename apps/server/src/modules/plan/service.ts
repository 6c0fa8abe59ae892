import { PLAN_MSG, type PlanEvaluationState, type PlanView } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { chinaDay, chinaDayNo, daysBetween } from '../../platform/china-time.ts';
import type { Facts } from './facts.ts';
import type { FactsStore } from './facts-store.ts';
import { PlanError } from './model.ts';
import { planDays } from './planner.ts';
import { measurable, measure, oldestSince } from './progress.ts';
import type { PlanStore, PlanTaskRow, StudyPlanRow } from './store.ts';
import { dayView, NO_STREAK, planInfo, stageSpans, streakView, type MeasuredTask } from './view.ts';

export interface PlanDeps {
  store: PlanStore;
  /**
   * The plan's task rows, held by (plan, generation, updated_at): every write to them or the plan changes that key
   * (a re-plan, a skip, a task marked done, a setting), so every process reads them again after it.
   */
  taskRows?: (plan: StudyPlanRow) => Promise<PlanTaskRow[]>;
  records: FactsStore;
  facts: Facts;
  clock: Clock;
}

const NO_EVALUATION: PlanEvaluationState = { state: 'none', examHistoryID: null, right: 0, total: 0 };

/** A (re)build's settings: the exam date, minutes a day, the mock boosts, the notice it leaves, and more columns to set. */
interface Build {
  examDate: string;
  minutesPerDay: number;
  boosts: Record<string, number>;
  notice: (squeezed: boolean) => string;
  set?: Partial<Pick<StudyPlanRow, 'warnTime' | 'warnOpen' | 'evaluatedSession'>>;
}

export const squeezedNotice = (squeezed: boolean) => (squeezed ? PLAN_MSG.squeezed : '');

/**
 * The plan's core (docs/plan.md): measuring the tasks from the learner's records, (re)building with the planner, and
 * the plan view. All state is in the database: several processes may serve one learner (a re-plan claims the plan's
 * generation, so it happens once).
 */
export function createPlanCore(d: PlanDeps) {
  const { store, records, facts, clock } = d;

  /** The plan's tasks with progress measured; tasks newly seen done get their done_at (one UPDATE). */
  async function refresh(userId: number, plan: StudyPlanRow): Promise<MeasuredTask[]> {
    const rows = await (d.taskRows ?? ((p: StudyPlanRow) => store.tasks(p.id)))(plan);
    const now = clock();
    const today = chinaDay(now);
    const measured = measurable(rows, plan.generation, today);
    const since = oldestSince(measured);
    const kinds = new Set(measured.map((t) => t.kind));
    const appId = plan.appId;
    const paperIds = [...new Set(measured.filter((t) => t.kind === 'paper').map((t) => t.refId))];
    const [answers, reviews, due, lessons, reading, handed] = await Promise.all([
      since && kinds.has('chapter') ? records.answersSince(userId, appId, since) : [],
      since && kinds.has('review') ? records.reviewsSince(userId, appId, since) : [],
      kinds.has('review') ? records.bookDue(userId, appId) : new Map<number, number>(),
      kinds.has('lesson') ? records.lessonProgress(userId, appId) : [],
      kinds.has('handout') ? records.readingPositions(userId, appId) : [],
      since && paperIds.length > 0 ? records.handedSince(userId, appId, paperIds, since) : new Map<number, Date>(),
    ]);
    const endOfToday = chinaDayNo(now);
    const m = measure(rows, new Set(measured.map((t) => t.id)), {
      now,
      today,
      answers,
      reviews,
      dueNow: [...due].filter(([day]) => day <= endOfToday).reduce((n, [, c]) => n + c, 0),
      lessons: new Map(lessons.map((l) => [l.lessonId, l])),
      reading: new Map(reading.map((r) => [r.itemId, r])),
      handed,
    });
    const newly = measured.flatMap((t) => {
      const r = m.get(t.id)!;
      return r.done && r.doneAt ? [{ id: t.id, at: r.doneAt }] : [];
    });
    await store.markDone(plan.id, newly, new Date(now));
    return rows.map((t) => ({ ...t, ...m.get(t.id)! }));
  }

  /** (Re)builds today … the day before the exam; undefined when a parallel re-plan won. Throws PlanError. */
  async function rebuild(userId: number, plan: StudyPlanRow, rows: readonly PlanTaskRow[], b: Build): Promise<StudyPlanRow | undefined> {
    const now = clock();
    const today = chinaDay(now);
    const input = await facts.plannerInput(userId, plan, rows, { today, now, examDate: b.examDate, minutesPerDay: b.minutesPerDay, boosts: b.boosts });
    const out = planDays(input);
    const at = new Date(now);
    return store.replan(
      userId,
      plan.id,
      plan.generation,
      today,
      out.tasks.map((t) => ({ day: t.day, stage: t.stage, kind: t.kind, refId: t.refId, title: t.title, minutes: t.minutes, target: t.target, sort: t.sort, since: at })),
      { ...b.set, examDate: b.examDate, minutesPerDay: b.minutesPerDay, boosts: b.boosts, plannedOn: today, notice: b.notice(out.squeezed), updatedAt: at },
    );
  }

  /** The same build as the plan's, from today (a skip, missed days, a mock): PlanError leaves the plan as it is. */
  async function replanQuietly(userId: number, plan: StudyPlanRow, b: Partial<Build>): Promise<StudyPlanRow | undefined> {
    try {
      const rows = await store.tasks(plan.id);
      return await rebuild(userId, plan, rows, { examDate: plan.examDate!, minutesPerDay: plan.minutesPerDay, boosts: plan.boosts, notice: squeezedNotice, ...b });
    } catch (e) {
      if (e instanceof PlanError) return undefined;
      throw e;
    }
  }

  async function evaluation(userId: number, plan: StudyPlanRow | undefined): Promise<PlanEvaluationState> {
    if (!plan) return NO_EVALUATION;
    if (plan.evaluationSession === null) return { ...NO_EVALUATION, state: plan.evaluation === 'skipped' ? 'skipped' : 'none' };
    const s = await records.session(userId, plan.evaluationSession);
    if (!s) return { ...NO_EVALUATION, state: plan.evaluation === 'skipped' ? 'skipped' : 'none' };
    const handed = s.status === 'handed';
    const state = plan.evaluation === 'skipped' ? 'skipped' : handed ? 'done' : 'started';
    return { state, examHistoryID: plan.evaluationSession, right: handed ? s.right : 0, total: s.total };
  }

  /** Past tasks of the last build neither done nor skipped, on a day not yet re-planned, with days enough left. */
  const missed = (plan: StudyPlanRow, tasks: readonly MeasuredTask[], today: string) =>
    plan.plannedOn !== today && daysBetween(today, plan.examDate!) >= 3 && tasks.some((t) => t.day < today && t.day >= (plan.plannedOn ?? '') && !t.done && t.skippedAt === null);

  async function view(userId: number, appId: number, date?: string): Promise<PlanView> {
    const [plan, locked] = await Promise.all([store.plan(userId, appId), facts.locked(userId, appId)]);
    const evaluating = evaluation(userId, plan);
    if (!plan || !plan.examDate) return { plan: null, evaluation: await evaluating, day: null, stages: [], streak: NO_STREAK, locked };
    let current = plan;
    let tasks = await refresh(userId, plan);
    const today = chinaDay(clock());
    if (missed(plan, tasks, today)) {
      await replanQuietly(userId, plan, { notice: () => PLAN_MSG.replannedMissed });
      current = (await store.plan(userId, appId)) ?? plan;
      tasks = await refresh(userId, current);
    }
    const stages = stageSpans(current, tasks, today);
    return {
      plan: planInfo(current, tasks, stages, today),
      evaluation: await evaluating,
      day: dayView(tasks, date ?? today),
      stages,
      streak: streakView(tasks, today).streak,
      locked,
    };
  }

  /** The plan (with an exam date) and its measured tasks, or 404 尚未制定学习计划. */
  async function planned(userId: number, appId: number): Promise<{ plan: StudyPlanRow & { examDate: string }; tasks: MeasuredTask[] }> {
    const plan = await store.plan(userId, appId);
    if (!plan || !plan.examDate) throw notFound(PLAN_MSG.noPlan);
    return { plan: plan as StudyPlanRow & { examDate: string }, tasks: await refresh(userId, plan) };
  }

  return {
    refresh,
    replanQuietly,
    planned,
    view,

    /** openplan: makes or remakes the plan with this date and minutes (and reminder), then the view. */
    async open(userId: number, appId: number, input: { mdate: string; timesize: number; warntime?: string; warnopen?: 0 | 1 }): Promise<PlanView> {
      const plan = await store.ensurePlan(userId, appId, new Date(clock()));
      const set: Build['set'] = {};
      if (input.warntime !== undefined) set.warnTime = input.warntime;
      if (input.warnopen !== undefined) set.warnOpen = input.warnopen === 1;
      try {
        await rebuild(userId, plan, await store.tasks(plan.id), { examDate: input.mdate, minutesPerDay: input.timesize, boosts: plan.boosts, notice: squeezedNotice, set });
      } catch (e) {
        if (e instanceof PlanError) throw badInput(e.message);
        throw e;
      }
      return view(userId, appId);
    },

    /** skipPointNode: a task of today or later, not done, leaves the plan; the rest is re-planned. */
    async skip(userId: number, appId: number, taskId: number): Promise<PlanView> {
      const plan = await store.plan(userId, appId);
      if (!plan || !plan.examDate) throw notFound(PLAN_MSG.unknownTask);
      const tasks = await refresh(userId, plan);
      const task = tasks.find((t) => t.id === taskId);
      if (!task) throw notFound(PLAN_MSG.unknownTask);
      if (task.done) throw badInput(PLAN_MSG.taskDone);
      const now = clock();
      if (task.day < chinaDay(now)) throw badInput(PLAN_MSG.taskPast);
      if (task.skippedAt === null && (await store.skip(plan.id, taskId, new Date(now)))) await replanQuietly(userId, plan, {});
      return view(userId, appId);
    },

    /** The stage map alone. */
    async stages(userId: number, appId: number) {
      const plan = await store.plan(userId, appId);
      if (!plan || !plan.examDate) return { list: [] };
      return { list: stageSpans(plan, await refresh(userId, plan), chinaDay(clock())) };
    },
  };
}

export type PlanCore = ReturnType<typeof createPlanCore>;

import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { planTasks, studyPlans, type PlanTaskRow, type StudyPlanRow } from '../../db/schema/index.ts';
import { newRightsPerLearner } from '../practice/index.ts';
import { accountCards, withAccounts } from '../user/index.ts';

export type { PlanTaskRow, StudyPlanRow };
export type NewPlanTask = Omit<PlanTaskRow, 'id' | 'doneAt' | 'skippedAt'>;

/** A learner's row of the weekly ranking, before masking. */
export interface WeekRow {
  userId: number;
  gained: number;
  reachedAt: number;
  nickName: string | null;
  phone: string | null;
}

/** A plan whose reminder the job claimed for a day. */
export interface ClaimedReminder {
  planId: number;
  userId: number;
  appId: number;
  phone: string | null;
  /** The learner's agent: its own SMS sign name and template, where it has them. */
  agentCode?: string;
}

/**
 * The study plan's own SQL (docs/plan.md): plans and their tasks, the reminder claim and the weekly ranking. Every
 * read of a learner's rows takes the learner's id; the facts the planner reads from other domains are in
 * facts-store.ts.
 */
/** `at`, or a millisecond after the plan's last change when that is not earlier: the held tasks' key always moves. */
const later = (at: Date) => sql`greatest(${at.toISOString()}::timestamptz, ${studyPlans.updatedAt} + interval '1 millisecond')`;

export function createPlanStore(db: Database) {
  return {
    async plan(userId: number, appId: number): Promise<StudyPlanRow | undefined> {
      const [row] = await db
        .select()
        .from(studyPlans)
        .where(and(eq(studyPlans.userId, userId), eq(studyPlans.appId, appId)));
      return row;
    },

    /** A plan by id, only when it is the learner's. */
    async planById(userId: number, planId: number): Promise<StudyPlanRow | undefined> {
      const [row] = await db
        .select()
        .from(studyPlans)
        .where(and(eq(studyPlans.id, planId), eq(studyPlans.userId, userId)));
      return row;
    },

    /** The plan of the learner and subject, made with `values` when there is none (a parallel maker's row wins). */
    async ensurePlan(userId: number, appId: number, at: Date): Promise<StudyPlanRow> {
      await db.insert(studyPlans).values({ userId, appId, createdAt: at, updatedAt: at }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(studyPlans)
        .where(and(eq(studyPlans.userId, userId), eq(studyPlans.appId, appId)));
      return row!;
    },

    async updatePlan(userId: number, planId: number, set: Partial<Omit<StudyPlanRow, 'id' | 'userId' | 'appId' | 'createdAt'>>): Promise<StudyPlanRow | undefined> {
      const [row] = await db
        .update(studyPlans)
        .set(set)
        .where(and(eq(studyPlans.id, planId), eq(studyPlans.userId, userId)))
        .returning();
      return row;
    },

    /** Every task of the plan, by day and order. */
    tasks(planId: number): Promise<PlanTaskRow[]> {
      return db.select().from(planTasks).where(eq(planTasks.planId, planId)).orderBy(asc(planTasks.day), asc(planTasks.sort), asc(planTasks.id));
    },

    /**
     * A (re)build, once: claims the plan's generation `from` → `from + 1` (a parallel re-plan that lost answers
     * undefined), deletes the tasks of `today` and later that are neither done nor skipped and writes `tasks`.
     */
    async replan(
      userId: number,
      planId: number,
      from: number,
      today: string,
      tasks: readonly Omit<NewPlanTask, 'planId' | 'generation'>[],
      set: Partial<Omit<StudyPlanRow, 'id' | 'userId' | 'appId' | 'createdAt' | 'generation'>>,
    ): Promise<StudyPlanRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(studyPlans)
          .set({ ...set, generation: from + 1 })
          .where(and(eq(studyPlans.id, planId), eq(studyPlans.userId, userId), eq(studyPlans.generation, from)))
          .returning();
        if (!row) return undefined;
        await tx.delete(planTasks).where(and(eq(planTasks.planId, planId), gte(planTasks.day, today), isNull(planTasks.doneAt), isNull(planTasks.skippedAt)));
        if (tasks.length > 0) await tx.insert(planTasks).values(tasks.map((t) => ({ ...t, planId, generation: row.generation })));
        return row;
      });
    },

    /** Writes each task's done_at once (a task already marked keeps its time): one UPDATE. */
    async markDone(planId: number, done: readonly { id: number; at: Date }[], now: Date): Promise<void> {
      if (done.length === 0) return;
      // The plan's tasks are held per (plan, generation, updated_at) (index.ts): every process reads them again.
      await db
        .update(studyPlans)
        .set({ updatedAt: later(now) })
        .where(eq(studyPlans.id, planId));
      const cases = sql.join(
        done.map((d) => sql`when ${d.id} then ${d.at.toISOString()}::timestamptz`),
        sql` `,
      );
      await db
        .update(planTasks)
        .set({ doneAt: sql`case ${planTasks.id} ${cases} end` })
        .where(
          and(
            eq(planTasks.planId, planId),
            inArray(
              planTasks.id,
              done.map((d) => d.id),
            ),
            isNull(planTasks.doneAt),
          ),
        );
    },

    /** Marks a task skipped (not done, not skipped before); false when it was not there to skip. */
    async skip(planId: number, taskId: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(planTasks)
        .set({ skippedAt: at })
        .where(and(eq(planTasks.planId, planId), eq(planTasks.id, taskId), isNull(planTasks.doneAt), isNull(planTasks.skippedAt)))
        .returning({ id: planTasks.id });
      // The plan's tasks are held per (plan, generation, updated_at) (index.ts): a skip changes the key.
      if (rows.length > 0)
        await db
          .update(studyPlans)
          .set({ updatedAt: later(at) })
          .where(eq(studyPlans.id, planId));
      return rows.length > 0;
    },

    /**
     * The reminder job's claim (docs/plan.md "Reminders"): plans whose reminder is on, whose time of day has come
     * and whose exam is still ahead get `warned_day` = today in one UPDATE; only the rows it changed come back.
     */
    async claimReminders(today: string, from: string, time: string): Promise<ClaimedReminder[]> {
      const rows = await db
        .update(studyPlans)
        .set({ warnedDay: today })
        .where(
          and(
            eq(studyPlans.warnOpen, true),
            gte(studyPlans.warnTime, from),
            lte(studyPlans.warnTime, time),
            or(isNull(studyPlans.warnedDay), ne(studyPlans.warnedDay, today)),
            sql`${studyPlans.examDate} > ${today}`,
          ),
        )
        .returning({ planId: studyPlans.id, userId: studyPlans.userId, appId: studyPlans.appId });
      if (rows.length === 0) return [];
      const userOf = await accountCards(
        db,
        rows.map((r) => r.userId),
      );
      return rows.map((r) => ({ ...r, phone: userOf.get(r.userId)?.phone ?? null, agentCode: userOf.get(r.userId)?.agentCode }));
    },

    /** Tasks (not skipped) of one day of several plans: count and minutes per plan. */
    async dayLoad(planIds: readonly number[], day: string): Promise<Map<number, { tasks: number; minutes: number }>> {
      if (planIds.length === 0) return new Map();
      const rows = await db
        .select({ planId: planTasks.planId, tasks: sql<number>`count(*)::int`, minutes: sql<number>`coalesce(sum(${planTasks.minutes}), 0)::int` })
        .from(planTasks)
        .where(and(inArray(planTasks.planId, planIds), eq(planTasks.day, day), isNull(planTasks.skippedAt)))
        .groupBy(planTasks.planId);
      return new Map(rows.map((r) => [r.planId, { tasks: Number(r.tasks), minutes: Number(r.minutes) }]));
    },

    /**
     * The weekly ranking's one query (docs/plan.md): per learner of the subject, the questions first answered right
     * in [from, to) that they never answered right before, and when they reached that count (their last such answer).
     */
    async weekRows(appId: number, from: Date, to: Date): Promise<WeekRow[]> {
      const rows = await newRightsPerLearner(db, appId, from, to);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, ...r }) => ({
        userId: r.userId,
        gained: Number(r.gained),
        reachedAt: Math.round(Number(r.reachedAt)),
        nickName: account.nickName,
        phone: account.phone,
      }));
    },
  };
}

export type PlanStore = ReturnType<typeof createPlanStore>;

import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { subjects } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A learner's study plan of one subject (docs/plan.md). Made by the entrance evaluation (exam_date still null:
 * no tasks yet) or by openplan. `generation` counts (re)builds; tasks carry the generation that made them.
 */
export const studyPlans = pgTable(
  'study_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' (China day); null until openplan. */
    examDate: text('exam_date'),
    minutesPerDay: integer('minutes_per_day').notNull().default(60),
    /** 'HH:mm' China time. */
    warnTime: text('warn_time').notNull().default('20:00'),
    warnOpen: boolean('warn_open').notNull().default(false),
    /** The China day of the last reminder sent (the job claims a day by setting it). */
    warnedDay: text('warned_day'),
    evaluation: text('evaluation').$type<'none' | 'started' | 'done' | 'skipped'>().notNull().default('none'),
    evaluationSession: integer('evaluation_session'),
    /** Chapter id → extra priority from mock results (0–1). */
    boosts: jsonb('boosts').$type<Record<string, number>>().notNull().default({}),
    /** The last mock (exam session id) getEvaluate re-planned from. */
    evaluatedSession: integer('evaluated_session'),
    generation: integer('generation').notNull().default(0),
    /** China day of the last (re)build, and the notice it left (PLAN_MSG squeezed / replanned*, or ''). */
    plannedOn: text('planned_on'),
    notice: text('notice').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('study_plans_user_app_idx').on(t.userId, t.appId), index('study_plans_warn_idx').on(t.warnOpen, t.warnTime)],
);

/**
 * One task of one China day. A re-plan deletes the tasks of today and later that are neither done nor skipped and
 * writes new ones; past days' rows stay (they are the streak's history). `done_at` is written once, when the work
 * is first seen done, with the time the work was done (the answer, the completed lesson, the hand-in).
 */
export const planTasks = pgTable(
  'plan_tasks',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => studyPlans.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    stage: text('stage').$type<'基础' | '强化' | '冲刺'>().notNull(),
    kind: text('kind').$type<'chapter' | 'lesson' | 'handout' | 'review' | 'paper'>().notNull(),
    refId: integer('ref_id').notNull(),
    title: text('title').notNull(),
    minutes: integer('minutes').notNull(),
    /** chapter: answers to give in the chapter (counted from `since`, cumulative over the generation's tasks of the chapter); review: items; else 1. */
    target: integer('target').notNull(),
    /** Order within the day. */
    sort: smallint('sort').notNull().default(0),
    generation: integer('generation').notNull(),
    /** Work from this moment counts (the generation's build time). */
    since: ts('since').notNull(),
    doneAt: ts('done_at'),
    skippedAt: ts('skipped_at'),
  },
  (t) => [index('plan_tasks_plan_day_idx').on(t.planId, t.day)],
);

export type StudyPlanRow = typeof studyPlans.$inferSelect;
export type PlanTaskRow = typeof planTasks.$inferSelect;

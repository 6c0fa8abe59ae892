import { and, desc, eq, gt, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/index.ts';
import { answers, questions } from '../../db/schema/index.ts';
import { chinaDayNoSql } from '../../platform/china-time.ts';

// A learner's answers as other modules read them (docs/tables.md: `answers` is this module's): one query for many
// questions, by learner and subject; a "counted" answer is one not reset.

/** The learner's latest counted answer per question of a subject, as a subquery (`latest`) to join in one statement. */
export const latestCountedAnswers = (db: Database, userId: number, appId: number) =>
  db
    .selectDistinctOn([answers.questionId], { questionId: answers.questionId, right: answers.right })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt)))
    .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
    .as('latest');

/** Per question of a subject the learner answered: whether the latest counted reply is right. */
export async function latestRightOf(db: Database, userId: number, appId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .selectDistinctOn([answers.questionId], { questionId: answers.questionId, right: answers.right })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt)))
    .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id));
  return new Map(rows.map((r) => [r.questionId, r.right]));
}

/** Of these questions, those whose latest counted answer by the learner is right. */
export async function rightNowIds(db: Database, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([answers.questionId], { id: answers.questionId, right: answers.right })
    .from(answers)
    .where(and(eq(answers.userId, userId), inArray(answers.questionId, [...ids]), isNull(answers.resetAt)))
    .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id));
  return new Set(rows.filter((r) => r.right).map((r) => r.id));
}

/** Of these questions, the latest reply of the learner to each (reset ones too): right or not. */
export async function lastRightOf(db: Database, userId: number, ids: readonly number[]): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([answers.questionId], { questionId: answers.questionId, right: answers.right })
    .from(answers)
    .where(and(eq(answers.userId, userId), inArray(answers.questionId, [...ids])))
    .orderBy(answers.questionId, desc(answers.createdAt));
  return new Map(rows.map((r) => [r.questionId, r.right]));
}

/**
 * Questions the learner answered (any reply): of these ids (`ids`), or of a subject (`appId`) counted only
 * (`counted`: not reset) and after `after`.
 */
export async function answeredQuestions(db: Database, userId: number, o: { ids?: readonly number[]; appId?: number; counted?: boolean; after?: Date }): Promise<Set<number>> {
  if (o.ids?.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: answers.questionId })
    .from(answers)
    .where(
      and(
        eq(answers.userId, userId),
        o.ids ? inArray(answers.questionId, [...o.ids]) : undefined,
        o.appId === undefined ? undefined : eq(answers.appId, o.appId),
        o.counted ? isNull(answers.resetAt) : undefined,
        o.after ? gt(answers.createdAt, o.after) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Per chapter (the question's current one, not retired): questions answered and right at the latest counted answer. */
export async function chapterMastery(db: Database, userId: number, appId: number): Promise<Map<number, { done: number; right: number }>> {
  const latest = db
    .selectDistinctOn([answers.questionId], { chapterId: questions.chapterId, right: answers.right })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.userId, userId), eq(answers.appId, appId), isNull(answers.resetAt), eq(questions.retired, false)))
    .orderBy(answers.questionId, desc(answers.createdAt), desc(answers.id))
    .as('latest');
  const rows = await db
    .select({ chapterId: latest.chapterId, done: sql<number>`count(*)::int`, right: sql<number>`count(*) filter (where ${latest.right})::int` })
    .from(latest)
    .groupBy(latest.chapterId);
  return new Map(rows.map((r) => [r.chapterId, { done: Number(r.done), right: Number(r.right) }]));
}

/** The learner's answers in a subject: how many, and the median seconds spent on one. */
export async function answerPace(db: Database, userId: number, appId: number): Promise<{ answers: number; median: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, median: sql<number | null>`percentile_cont(0.5) within group (order by ${answers.spentSeconds})` })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.appId, appId)));
  return { answers: Number(row?.n ?? 0), median: Number(row?.median ?? 0) };
}

/** Seconds the learner spent on answers of a subject at or after `since`. */
export async function answerSecondsSince(db: Database, userId: number, appId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`coalesce(sum(${answers.spentSeconds}), 0)::int` })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.appId, appId), gte(answers.createdAt, since)));
  return Number(row?.s ?? 0);
}

/** Per question and China day answered since `since` (its current chapter): the first such answer. */
export function firstAnswersPerDay(db: Database, userId: number, appId: number, since: Date) {
  const day = chinaDayNoSql(answers.createdAt);
  return db
    .select({ questionId: answers.questionId, chapterId: questions.chapterId, at: sql<Date>`min(${answers.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.userId, userId), eq(answers.appId, appId), gte(answers.createdAt, since)))
    .groupBy(answers.questionId, questions.chapterId, day);
}

/**
 * Per learner of a subject, one query: the questions first answered right in [from, to) that they never answered
 * right before, and when they reached that count (their last such answer, ms).
 */
export function newRightsPerLearner(db: Database, appId: number, from: Date, to: Date) {
  const firsts = db
    .select({ userId: answers.userId, questionId: answers.questionId, firstAt: sql<Date>`min(${answers.createdAt})`.as('first_at') })
    .from(answers)
    .where(and(eq(answers.appId, appId), eq(answers.right, true), gte(answers.createdAt, from), lt(answers.createdAt, to)))
    .groupBy(answers.userId, answers.questionId)
    .as('firsts');
  const before = alias(answers, 'before');
  return db
    .select({
      userId: firsts.userId,
      gained: sql<number>`count(*)::int`,
      reachedAt: sql<number>`(extract(epoch from max(${firsts.firstAt})) * 1000)::float8`,
    })
    .from(firsts)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(before)
          .where(and(eq(before.questionId, firsts.questionId), eq(before.userId, firsts.userId), eq(before.right, true), lt(before.createdAt, from))),
      ),
    )
    .groupBy(firsts.userId);
}

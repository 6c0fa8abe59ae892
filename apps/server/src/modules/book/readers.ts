import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { bookItems, questions } from '../../db/schema/index.ts';
import { chinaDayNoSql } from '../../platform/china-time.ts';

/** A learner's items in the book of a subject, per China day of their due date (day number since the epoch), one query. */
export async function bookDueByDay(db: Database, userId: number, appId: number): Promise<Map<number, number>> {
  const dayNo = sql<number>`${chinaDayNoSql(bookItems.due)}::int`;
  const rows = await db
    .select({ day: dayNo, n: sql<number>`count(*)::int` })
    .from(bookItems)
    .where(and(eq(bookItems.userId, userId), eq(bookItems.appId, appId), isNull(bookItems.removedAt)))
    .groupBy(dayNo);
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}

/**
 * A learner's book items of a subject reviewed at or after `since` (the times of their last review, oldest first).
 * A review is an answer or evaluation of an item already in the book: the wrong answer that puts a question in (its
 * last review is the moment it was added) is not one (issue 32).
 */
export async function bookReviewsSince(db: Database, userId: number, appId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: bookItems.lastReview })
    .from(bookItems)
    .where(and(eq(bookItems.userId, userId), eq(bookItems.appId, appId), gte(bookItems.lastReview, since), gt(bookItems.lastReview, bookItems.addedAt)))
    .orderBy(asc(bookItems.lastReview));
  return rows.flatMap((r) => (r.at ? [r.at] : []));
}

/** A learner's book of a subject in figures (questions not retired): items in it, due by `now`, cleared ones; one query. */
export async function bookFigures(db: Database, userId: number, appId: number, now: Date): Promise<{ items: number; due: number; cleared: number }> {
  const [row] = await db
    .select({
      items: sql<number>`count(*) filter (where ${bookItems.removedAt} is null)`.mapWith(Number),
      due: sql<number>`count(*) filter (where ${bookItems.removedAt} is null and ${bookItems.due} <= ${now.toISOString()})`.mapWith(Number),
      cleared: sql<number>`count(*) filter (where ${bookItems.removedBy} = 'cleared')`.mapWith(Number),
    })
    .from(bookItems)
    .innerJoin(questions, eq(questions.id, bookItems.questionId))
    .where(and(eq(bookItems.userId, userId), eq(bookItems.appId, appId), eq(questions.retired, false)));
  return { items: row?.items ?? 0, due: row?.due ?? 0, cleared: row?.cleared ?? 0 };
}

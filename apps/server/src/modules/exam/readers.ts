import { and, asc, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { examSessions, type ExamSessionRow } from '../../db/schema/index.ts';

// A learner's exam sessions as other modules read them (docs/tables.md: `exam_sessions` is this module's), one query
// each, every read of a learner's rows by the learner's id; a period's ranking rows are in periods.ts.

/** The learner's session by id (any mode), or undefined. */
export async function learnerSession(db: Database, userId: number, id: number): Promise<ExamSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.id, id), eq(examSessions.userId, userId)))
    .limit(1);
  return row;
}

/** The learner's sessions of one test mode (a TEST_MODES row) in a subject, open and handed in, newest or oldest first. */
export function sessionsOfMode(db: Database, userId: number, appId: number, testMode: string, order: 'newest' | 'oldest') {
  return db
    .select({
      id: examSessions.id,
      sourceKey: examSessions.sourceKey,
      status: examSessions.status,
      startedAt: examSessions.startedAt,
      handedBy: examSessions.handedBy,
      handedAt: examSessions.handedAt,
      sections: examSessions.sections,
      result: examSessions.result,
    })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.testMode, testMode)))
    .orderBy(order === 'newest' ? desc(examSessions.id) : asc(examSessions.id));
}

/** How many sessions of one test mode the learner ever started in a subject. */
export async function sessionCountOfMode(db: Database, userId: number, appId: number, testMode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.testMode, testMode)));
  return row?.n ?? 0;
}

/** Per paper of these: the learner's handed-in sessions (how many, and the first hand-in at or after `since`). */
export async function handedPerPaper(db: Database, userId: number, appId: number, paperIds: readonly number[], since?: Date): Promise<Map<number, { n: number; first: Date }>> {
  if (paperIds.length === 0) return new Map();
  const rows = await db
    .select({ paperId: examSessions.paperId, n: count(), first: sql<Date>`min(${examSessions.handedAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(examSessions)
    .where(
      and(
        eq(examSessions.userId, userId),
        eq(examSessions.appId, appId),
        eq(examSessions.status, 'handed'),
        inArray(examSessions.paperId, [...paperIds]),
        since ? gte(examSessions.handedAt, since) : undefined,
      ),
    )
    .groupBy(examSessions.paperId);
  return new Map(rows.flatMap((r) => (r.paperId === null ? [] : [[r.paperId, { n: r.n, first: r.first }] as const])));
}

/** The learner's handed-in sessions of one paper kind in a subject, newest first, at most `limit`. */
export function handedOfKind(db: Database, userId: number, appId: number, kind: string, limit: number) {
  return db
    .select({
      id: examSessions.id,
      paperId: examSessions.paperId,
      name: examSessions.name,
      score: examSessions.score,
      total: examSessions.totalScore,
      handedAt: examSessions.handedAt,
      result: examSessions.result,
    })
    .from(examSessions)
    .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.kind, kind), eq(examSessions.status, 'handed'), isNotNull(examSessions.handedAt)))
    .orderBy(desc(examSessions.handedAt), desc(examSessions.id))
    .limit(limit);
}

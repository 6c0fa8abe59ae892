import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { examSessions, type ExamSessionRow } from '../../db/schema/index.ts';

// The sessions of a period of the daily and weekly tests (docs/daily-ranking.md) as the every-day module reads them
// (docs/tables.md: `exam_sessions` is this module's): a learner's attempts and the period's ranking rows, one query each.

/** What ranks first: the number of right answers (daily) or the score (weekly). */
export type RankBy = 'right' | 'score';

/** The attempt whose place is asked: its figures and hand-in. */
export interface RankPoint {
  id: number;
  right: number;
  score: number;
  usedSeconds: number;
  handedAt: Date;
}

const right = sql<number>`coalesce((${examSessions.result}->>'right')::int, 0)`;
const used = sql<number>`coalesce((${examSessions.result}->>'usedSeconds')::int, 0)`;
const score = sql<number>`coalesce(${examSessions.score}, 0)`;

/** The counted attempts of one subject, mode and period: the rows a ranking holds. */
const ranked = (appId: number, testMode: string, key: string) =>
  and(eq(examSessions.appId, appId), eq(examSessions.testMode, testMode), eq(examSessions.period, key), eq(examSessions.counted, true));

const ofLearner = (userId: number, appId: number, testMode: string, key: string) =>
  and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.testMode, testMode), eq(examSessions.period, key));

/** The learner's counted attempt of a period (at most one), or undefined. */
export async function periodCounted(db: Database, userId: number, appId: number, testMode: string, key: string): Promise<ExamSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(examSessions)
    .where(and(ofLearner(userId, appId, testMode, key), eq(examSessions.counted, true)))
    .orderBy(asc(examSessions.handedAt), asc(examSessions.id))
    .limit(1);
  return row;
}

/** The learner's open session of a period, or null. */
export async function periodOpen(db: Database, userId: number, appId: number, testMode: string, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: examSessions.id })
    .from(examSessions)
    .where(and(ofLearner(userId, appId, testMode, key), eq(examSessions.status, 'open')))
    .orderBy(desc(examSessions.id))
    .limit(1);
  return row?.id ?? null;
}

/** The learner's handed-in attempts of a period that were not given up. */
export async function periodAttempts(db: Database, userId: number, appId: number, testMode: string, key: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(examSessions)
    .where(and(ofLearner(userId, appId, testMode, key), eq(examSessions.status, 'handed'), ne(examSessions.handedBy, 'abandoned')));
  return row?.n ?? 0;
}

/** The best `limit` counted attempts of a period: `by` desc, then seconds used asc, then earlier hand-in, then id. */
export async function periodTop(db: Database, appId: number, testMode: string, key: string, by: RankBy, limit: number) {
  const rows = await db
    .select({ id: examSessions.id, userId: examSessions.userId, right, score, usedSeconds: used, handedAt: examSessions.handedAt })
    .from(examSessions)
    .where(ranked(appId, testMode, key))
    .orderBy(desc(by === 'right' ? right : score), asc(used), asc(examSessions.handedAt), asc(examSessions.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, right: Number(r.right), score: Number(r.score), usedSeconds: Number(r.usedSeconds), handedAt: r.handedAt ?? new Date(0) }));
}

/** Learners ranked in a period. */
export async function periodTotal(db: Database, appId: number, testMode: string, key: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(examSessions)
    .where(ranked(appId, testMode, key));
  return row?.n ?? 0;
}

/** Counted attempts of a period ranked before `p` (one count of better rows, by the ranking's order). */
export async function periodBetter(db: Database, appId: number, testMode: string, key: string, by: RankBy, p: RankPoint): Promise<number> {
  const first: SQL = by === 'right' ? sql`-${right}` : sql`-${score}`;
  const mine = by === 'right' ? -p.right : -p.score;
  const [row] = await db
    .select({ n: count() })
    .from(examSessions)
    .where(
      and(
        ranked(appId, testMode, key),
        sql`(${first}, ${used}, ${examSessions.handedAt}, ${examSessions.id}) < (${mine}::double precision, ${p.usedSeconds}::int, ${p.handedAt.toISOString()}::timestamptz, ${p.id}::int)`,
      ),
    );
  return row?.n ?? 0;
}

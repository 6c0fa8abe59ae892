import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { examSessions, type ExamSessionRow } from '../../db/schema/index.ts';
import { accountCards, withAccounts } from '../user/index.ts';

/** What ranks first: the number of right answers (daily) or the score (weekly). */
export type RankBy = 'right' | 'score';

/** One counted attempt as the ranking reads it, with what names its learner. */
export interface RankRow {
  id: number;
  userId: number;
  nickName: string;
  phone: string | null;
  userName: string;
  right: number;
  score: number;
  usedSeconds: number;
  handedAt: Date;
}

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

/** Daily and weekly tests over exam_sessions (docs/daily-ranking.md): the only SQL of the module. */
export function createEveryDayStore(db: Database) {
  return {
    /** The learner's session by id (any mode), or undefined. */
    async session(userId: number, id: number): Promise<ExamSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(examSessions)
        .where(and(eq(examSessions.id, id), eq(examSessions.userId, userId)))
        .limit(1);
      return row;
    },

    /** The learner's counted attempt of a period (at most one), or undefined. */
    async counted(userId: number, appId: number, testMode: string, key: string): Promise<ExamSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(examSessions)
        .where(and(ofLearner(userId, appId, testMode, key), eq(examSessions.counted, true)))
        .orderBy(asc(examSessions.handedAt), asc(examSessions.id))
        .limit(1);
      return row;
    },

    /** The learner's open session of a period, or null. */
    async open(userId: number, appId: number, testMode: string, key: string): Promise<number | null> {
      const [row] = await db
        .select({ id: examSessions.id })
        .from(examSessions)
        .where(and(ofLearner(userId, appId, testMode, key), eq(examSessions.status, 'open')))
        .orderBy(desc(examSessions.id))
        .limit(1);
      return row?.id ?? null;
    },

    /** Handed-in attempts of a period that were not given up. */
    async attempts(userId: number, appId: number, testMode: string, key: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(examSessions)
        .where(and(ofLearner(userId, appId, testMode, key), eq(examSessions.status, 'handed'), ne(examSessions.handedBy, 'abandoned')));
      return row?.n ?? 0;
    },

    /** The best `limit` counted attempts: `by` desc, then seconds used asc, then earlier hand-in, then id. */
    async top(appId: number, testMode: string, key: string, by: RankBy, limit: number): Promise<RankRow[]> {
      const rows = await db
        .select({
          id: examSessions.id,
          userId: examSessions.userId,
          right,
          score,
          usedSeconds: used,
          handedAt: examSessions.handedAt,
        })
        .from(examSessions)
        .where(ranked(appId, testMode, key))
        .orderBy(desc(by === 'right' ? right : score), asc(used), asc(examSessions.handedAt), asc(examSessions.id))
        .limit(limit);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, ...r }) => ({
        ...r,
        nickName: account.nickName,
        phone: account.phone,
        userName: account.userName,
        right: Number(r.right),
        score: Number(r.score),
        usedSeconds: Number(r.usedSeconds),
        handedAt: r.handedAt ?? new Date(0),
      }));
    },

    /** What names a learner in a ranking. */
    async learner(userId: number): Promise<{ nickName: string; phone: string | null; userName: string } | undefined> {
      const account = (await accountCards(db, [userId])).get(userId);
      return account && { nickName: account.nickName, phone: account.phone, userName: account.userName };
    },

    /** Learners ranked in a period. */
    async total(appId: number, testMode: string, key: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(examSessions)
        .where(ranked(appId, testMode, key));
      return row?.n ?? 0;
    },

    /** Counted attempts ranked before `p` (one count of better rows, by the ranking's order). */
    async better(appId: number, testMode: string, key: string, by: RankBy, p: RankPoint): Promise<number> {
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
    },
  };
}

export type EveryDayStore = ReturnType<typeof createEveryDayStore>;

import type { Database } from '../../db/index.ts';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import { learnerSession, periodAttempts, periodBetter, periodCounted, periodOpen, periodTop, periodTotal, type RankBy, type RankPoint } from '../exam/index.ts';
import { accountCards, withAccounts } from '../user/index.ts';

export type { RankBy, RankPoint };

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

/** Daily and weekly tests over the exam engine's sessions (docs/daily-ranking.md), read through exam's face. */
export function createEveryDayStore(db: Database) {
  return {
    /** The learner's session by id (any mode), or undefined. */
    session: (userId: number, id: number): Promise<ExamSessionRow | undefined> => learnerSession(db, userId, id),

    /** The learner's counted attempt of a period (at most one), or undefined. */
    counted: (userId: number, appId: number, testMode: string, key: string) => periodCounted(db, userId, appId, testMode, key),

    /** The learner's open session of a period, or null. */
    open: (userId: number, appId: number, testMode: string, key: string) => periodOpen(db, userId, appId, testMode, key),

    /** Handed-in attempts of a period that were not given up. */
    attempts: (userId: number, appId: number, testMode: string, key: string) => periodAttempts(db, userId, appId, testMode, key),

    /** The best `limit` counted attempts: `by` desc, then seconds used asc, then earlier hand-in, then id. */
    async top(appId: number, testMode: string, key: string, by: RankBy, limit: number): Promise<RankRow[]> {
      const rows = await periodTop(db, appId, testMode, key, by, limit);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, ...r }) => ({
        ...r,
        nickName: account.nickName,
        phone: account.phone,
        userName: account.userName,
      }));
    },

    /** What names a learner in a ranking. */
    async learner(userId: number): Promise<{ nickName: string; phone: string | null; userName: string } | undefined> {
      const account = (await accountCards(db, [userId])).get(userId);
      return account && { nickName: account.nickName, phone: account.phone, userName: account.userName };
    },

    /** Learners ranked in a period. */
    total: (appId: number, testMode: string, key: string) => periodTotal(db, appId, testMode, key),

    /** Counted attempts ranked before `p` (one count of better rows, by the ranking's order). */
    better: (appId: number, testMode: string, key: string, by: RankBy, p: RankPoint) => periodBetter(db, appId, testMode, key, by, p),
  };
}

export type EveryDayStore = ReturnType<typeof createEveryDayStore>;

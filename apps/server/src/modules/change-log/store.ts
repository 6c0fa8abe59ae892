import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { changeLog, sessions, type ChangeLogRow } from '../../db/schema/index.ts';
import { markChangeSeen } from '../../platform/session/store.ts';
import { logChange, type Change } from './log.ts';

/**
 * Changes are per learner; what has been noticed is per session (sessions.change_seen_id), so that every
 * device where the learner is logged in notices a purchase once, whichever device polls first.
 */
export function createChangeLogStore(db: Database) {
  const seenBy = (tokenHash: string) => sql`coalesce((select ${sessions.changeSeenId} from ${sessions} where ${sessions.tokenHash} = ${tokenHash}), 0)`;
  return {
    add: (change: Change): Promise<void> => logChange(db, change),

    /** The user's changes this session has not handled yet, oldest first. */
    async unseen(userId: number, tokenHash: string): Promise<ChangeLogRow[]> {
      return db
        .select()
        .from(changeLog)
        .where(and(eq(changeLog.userId, userId), gt(changeLog.id, seenBy(tokenHash))))
        .orderBy(asc(changeLog.id));
    },

    /** Marks every change of the user up to now as handled by this session; returns how many were new. */
    async markSeen(userId: number, tokenHash: string): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ seen: sessions.changeSeenId }).from(sessions).where(eq(sessions.tokenHash, tokenHash)).for('update');
        if (!row) return 0;
        const [latest] = await tx
          .select({
            max: sql<number>`coalesce(max(${changeLog.id}), 0)`.mapWith(Number),
            count: sql<number>`count(*) filter (where ${changeLog.id} > ${row.seen})`.mapWith(Number),
          })
          .from(changeLog)
          .where(eq(changeLog.userId, userId));
        if (!latest || latest.max <= row.seen) return 0;
        await markChangeSeen(tx, tokenHash, latest.max);
        return latest.count;
      });
    },
  };
}

export type ChangeLogStore = ReturnType<typeof createChangeLogStore>;

import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { SessionEndReason } from '@kaoshi/contract';
import type { Database, Tx } from '../../db/index.ts';
import { changeLog, sessions, type SessionRow } from '../../db/schema/index.ts';

export type NewSession = typeof sessions.$inferInsert;

export function createSessionStore(db: Database) {
  return {
    /** A new session starts having seen every change the learner already had (only later ones are reported). */
    async insert(row: NewSession): Promise<void> {
      const latest = sql`(select coalesce(max(${changeLog.id}), 0) from ${changeLog} where ${changeLog.userId} = ${row.userId})`;
      await db.insert(sessions).values({ ...row, changeSeenId: latest });
    },

    /** The session with this hash if it has not ended and neither expiry has passed at `now`. */
    async findActive(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)));
      return row;
    },

    async touch(tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },

    async end(tokenHash: string, now: Date, by: SessionEndReason): Promise<void> {
      await db
        .update(sessions)
        .set({ endedAt: now, endedBy: by })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
    },

    /** End every open session of a user, except `keep` when given; answers the token hashes it ended. */
    async endAllOfUser(userId: number, now: Date, by: SessionEndReason, keep?: string): Promise<string[]> {
      const open = and(eq(sessions.userId, userId), isNull(sessions.endedAt));
      const rows = await db
        .update(sessions)
        .set({ endedAt: now, endedBy: by })
        .where(keep ? and(open, ne(sessions.tokenHash, keep)) : open)
        .returning({ tokenHash: sessions.tokenHash });
      return rows.map((r) => r.tokenHash);
    },

    /** Why the session with this hash was ended (null: unknown, still open, expired, or ended without a reason). */
    async endedBy(tokenHash: string): Promise<string | null> {
      const [row] = await db.select({ endedBy: sessions.endedBy }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
      return row?.endedBy ?? null;
    },

    /** Delete sessions whose absolute expiry passed before `before`. */
    async purge(before: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.absoluteExpiresAt, before));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * The learner's changes up to `changeId` are handled on this device (modules/change-log's getChangeInfo), in the
 * caller's transaction. `sessions` is the platform's (docs/tables.md): modules change it through these functions.
 */
export async function markChangeSeen(tx: Tx, tokenHash: string, changeId: number): Promise<void> {
  await tx.update(sessions).set({ changeSeenId: changeId }).where(eq(sessions.tokenHash, tokenHash));
}

/** Every session of the learner deleted: part of an account's erasure, in its transaction (modules/account). */
export async function deleteSessionsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

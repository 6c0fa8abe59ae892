import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { sessions } from '../../db/schema/index.ts';
import { purchasesOf } from '../entitlement/index.ts';
import { openOrdersOf } from '../shop/index.ts';
import { deletionsDue, deletionState, phoneBound, requestDeletion } from '../user/index.ts';

export interface OpenSessionRow {
  tokenHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The SQL of /accountKeys and /cancelAccount (docs/account-deletion.md) other than the erasure (erase-store.ts): a
 * learner's open sessions, the account's phone and deletion state, and what deletion would lose. Every read is
 * filtered by the session's user id.
 */
export function createAccountStore(db: Database) {
  return {
    /** The learner's sessions that have not ended and not expired at `now`, last used first. */
    openSessions(userId: number, now: Date): Promise<OpenSessionRow[]> {
      return db
        .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** The account's phone, agent and deletion state. */
    account: (userId: number) => deletionState(db, userId),

    /** Whether an account has this phone bound (the 'cancel' code goes only to a bound phone). */
    phoneBound: (phone: string) => phoneBound(db, phone),

    /** Versions still valid, and orders still open (unpaid, or paid books not received). */
    async losses(userId: number, now: Date): Promise<{ validVersions: number; openOrders: number }> {
      const validVersions = (await purchasesOf(db, userId)).filter((p) => p.endTime.getTime() > now.getTime()).length;
      return { validVersions, openOrders: await openOrdersOf(db, userId, now) };
    },

    /** Marks the request unless one is open or the account is erased; false when nothing changed. */
    requestDeletion: (userId: number, at: Date) => requestDeletion(db, userId, at),

    /** Accounts whose cooling-off period ended by `cutoff` and that are not erased yet (oldest first, a batch). */
    due: (cutoff: Date, limit: number) => deletionsDue(db, cutoff, limit),
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

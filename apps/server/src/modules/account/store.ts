import { and, count, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { orders, purchases, sessions, users } from '../../db/schema/index.ts';
import { requestDeletion } from '../user/index.ts';

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

    async account(userId: number): Promise<{ phone: string | null; agentCode: string; deleteRequestedAt: Date | null; deletedAt: Date | null } | undefined> {
      const [row] = await db
        .select({ phone: users.phone, agentCode: users.agentCode, deleteRequestedAt: users.deleteRequestedAt, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Whether an account has this phone bound (the 'cancel' code goes only to a bound phone). */
    async phoneBound(phone: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      return row !== undefined;
    },

    /** Versions still valid, and orders still open (unpaid, or paid books not received). */
    async losses(userId: number, now: Date): Promise<{ validVersions: number; openOrders: number }> {
      const [v] = await db
        .select({ n: count() })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), gt(purchases.endTime, now)));
      const [o] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), inArray(orders.deliveryStatus, ['waiting', 'shipped'])));
      const [u] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'created'), gt(orders.expiresAt, now)));
      return { validVersions: v?.n ?? 0, openOrders: (o?.n ?? 0) + (u?.n ?? 0) };
    },

    /** Marks the request unless one is open or the account is erased; false when nothing changed. */
    requestDeletion: (userId: number, at: Date) => requestDeletion(db, userId, at),

    /** Accounts whose cooling-off period ended by `cutoff` and that are not erased yet (oldest first, a batch). */
    async due(cutoff: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(lte(users.deleteRequestedAt, cutoff), isNull(users.deletedAt)))
        .orderBy(users.deleteRequestedAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

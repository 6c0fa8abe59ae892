import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { users } from '../../db/schema/index.ts';

/** An account as other modules show it: its names, phone, agent and when it was made. */
export interface AccountCard {
  id: number;
  phone: string | null;
  nickName: string;
  userName: string;
  agentCode: string;
  avatar: string | null;
  createdAt: Date;
}

const ID_SLICE = 10_000;

/**
 * Accounts by id (docs/tables.md: `users` is this module's): one query for many ids, unknown ids left out. Lists
 * that name learners (rankings, operators' reports, buyers) read their own rows, then these for the ids they hold.
 */
export async function accountCards(db: Database | Tx, ids: Iterable<number>): Promise<Map<number, AccountCard>> {
  const unique = [...new Set(ids)];
  const cards = new Map<number, AccountCard>();
  // In slices, so a long list (a whole subject's weekly ranking) stays under the protocol's bound parameters.
  for (let at = 0; at < unique.length; at += ID_SLICE) {
    const rows = await db
      .select({
        id: users.id,
        phone: users.phone,
        nickName: users.nickName,
        userName: users.userName,
        agentCode: users.agentCode,
        avatar: users.avatar,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(inArray(users.id, unique.slice(at, at + ID_SLICE)));
    for (const r of rows) cards.set(r.id, r);
  }
  return cards;
}

/**
 * Rows of another module with the account each names (`userIdOf`), read in one query for all of them; a row whose
 * account is gone is left out, as an inner join would.
 */
export async function withAccounts<R>(db: Database | Tx, rows: readonly R[], userIdOf: (row: R) => number): Promise<(R & { account: AccountCard })[]> {
  const cards = await accountCards(
    db,
    rows.map((r) => userIdOf(r)),
  );
  return rows.flatMap((r) => {
    const account = cards.get(userIdOf(r));
    return account ? [{ ...r, account }] : [];
  });
}

/** The account deletion's view of an account (modules/account): phone, agent, the open request, the erasure. */
export async function deletionState(db: Database, userId: number) {
  const [row] = await db
    .select({ phone: users.phone, agentCode: users.agentCode, deleteRequestedAt: users.deleteRequestedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether an account has this phone bound. */
export async function phoneBound(db: Database, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row !== undefined;
}

/** Accounts whose cooling-off period ended by `cutoff` and that are not erased yet (oldest request first, a batch). */
export async function deletionsDue(db: Database, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deleteRequestedAt, cutoff), isNull(users.deletedAt)))
    .orderBy(users.deleteRequestedAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The account to erase, locked for the erasure's transaction, if its request is still open and older than `cutoff`
 * (a login in between cleared it: undefined).
 */
export async function lockForErasure(tx: Tx, userId: number, cutoff: Date) {
  const [row] = await tx
    .select({ phone: users.phone, userName: users.userName, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.id, userId), lte(users.deleteRequestedAt, cutoff), isNull(users.deletedAt)))
    .for('update');
  return row;
}

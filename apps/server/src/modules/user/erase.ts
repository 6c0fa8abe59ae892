import { ERASED_NAME } from '@kaoshi/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { consents, users } from '../../db/schema/index.ts';

/** The user name an erased account keeps (unique, never a phone, so no login can reach it). */
export const tombstoneName = (userId: number) => `已注销_${userId}`;

/**
 * Marks the learner's deletion request (modules/account, docs/account-deletion.md) unless one is open or the
 * account is erased; false when nothing changed. `users` is this module's (docs/tables.md).
 */
export async function requestDeletion(db: Database, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deleteRequestedAt: at })
    .where(and(eq(users.id, userId), isNull(users.deleteRequestedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The account row overwritten (a tombstone name, no phone, password, profile or last login; erased at `now`) and
 * the IP of its consents cleared (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the
 * erasure's transaction (modules/account).
 */
export async function eraseAccountRow(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      userName: tombstoneName(userId),
      phone: null,
      nickName: ERASED_NAME,
      passwordHash: null,
      avatar: null,
      qq: null,
      education: null,
      profession: null,
      weakPassword: false,
      lastIp: null,
      lastLoginAt: null,
      deletedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.update(consents).set({ ip: null }).where(eq(consents.userId, userId));
}

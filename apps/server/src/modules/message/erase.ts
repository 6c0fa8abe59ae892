import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { userMessages } from '../../db/schema/index.ts';

/**
 * The learner's inbox goes (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `user_messages` is this module's (docs/tables.md).
 */
export async function eraseInboxOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userMessages).where(eq(userMessages.userId, userId));
}

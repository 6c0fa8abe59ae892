import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { changeLog } from '../../db/schema/index.ts';

/**
 * The learner's change log goes (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `change_log` is this module's (docs/tables.md).
 */
export async function eraseChangesOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(changeLog).where(eq(changeLog.userId, userId));
}

import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { smsCodes } from '../../db/schema/index.ts';

/**
 * The codes sent to the learner's phone go (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `sms_codes` is this module's (docs/tables.md).
 */
export async function forgetCodesOf(tx: Tx, phone: string): Promise<void> {
  await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
}

import { ERASED_TEXT } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { feedbacks } from '../../db/schema/index.ts';

/**
 * The learner's feedback stays for the record, its text, contact, screenshots and client emptied
 * (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's transaction
 * (modules/account). Answers the screenshots' upload keys (the caller deletes the images). `feedbacks` is this
 * module's (docs/tables.md).
 */
export async function eraseFeedbackOf(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx.select({ images: feedbacks.images }).from(feedbacks).where(eq(feedbacks.userId, userId));
  await tx.update(feedbacks).set({ content: ERASED_TEXT, contact: '', images: [], client: {} }).where(eq(feedbacks.userId, userId));
  return rows.flatMap((r) => r.images ?? []);
}

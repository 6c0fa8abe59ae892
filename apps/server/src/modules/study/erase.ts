import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { notes, questionReports } from '../../db/schema/index.ts';

/**
 * The learner's private notes go; their question reports stay, their text emptied (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `notes` and `question_reports` are this module's (docs/tables.md).
 */
export async function eraseStudyOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(notes).where(eq(notes.userId, userId));
  await tx.update(questionReports).set({ content: '' }).where(eq(questionReports.userId, userId));
}

import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { readingMarks, readingReports } from '../../db/schema/index.ts';

/**
 * The learner's reading marks go; their reading reports stay, their text emptied (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `reading_marks` and `reading_reports` are this module's (docs/tables.md).
 */
export async function eraseReadingOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(readingMarks).where(eq(readingMarks.userId, userId));
  await tx.update(readingReports).set({ content: '' }).where(eq(readingReports.userId, userId));
}

import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { videoNotes, videoReports } from '../../db/schema/index.ts';

/**
 * The learner's lesson notes go; their lesson reports stay, their text emptied (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `video_notes` and `video_reports` are this module's (docs/tables.md).
 */
export async function eraseVideoOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(videoNotes).where(eq(videoNotes.userId, userId));
  await tx.update(videoReports).set({ text: '' }).where(eq(videoReports.userId, userId));
}

import { ERASED_NAME, ERASED_TEXT } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { liveMessages } from '../../db/schema/index.ts';

/**
 * The learner's chat lines stay in the replays' chat, their name and text replaced (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `live_messages` is this module's (docs/tables.md).
 */
export async function eraseLiveChatOf(tx: Tx, userId: number): Promise<void> {
  await tx.update(liveMessages).set({ name: ERASED_NAME, text: ERASED_TEXT }).where(eq(liveMessages.userId, userId));
}

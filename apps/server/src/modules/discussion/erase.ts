import { ERASED_TEXT } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { discussionPosts } from '../../db/schema/index.ts';

/**
 * The learner's posts stay in others' threads, their text replaced (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `discussion_posts` is this module's (docs/tables.md).
 */
export async function erasePostsOf(tx: Tx, userId: number): Promise<void> {
  await tx.update(discussionPosts).set({ body: ERASED_TEXT }).where(eq(discussionPosts.userId, userId));
}

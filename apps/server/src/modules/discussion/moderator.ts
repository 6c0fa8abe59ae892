import type { Database } from '../../db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { messagePoster } from '../message/index.ts';
import { createModerationStore } from './moderation-store.ts';
import { moderationMessage, type ModeratedPost, type ModerationEvent } from './notices.ts';

/**
 * The operator's decisions (cli/discussion.ts, docs/discussions.md): the moderation store's SQL, and the author told
 * of a hide or a restore through the message module (系统通知). A message that cannot be written never undoes the
 * decision: `told` says whether it was.
 */
export function createDiscussionModerator(db: Database, clock: Clock) {
  const store = createModerationStore(db);
  const postMessage = messagePoster(db, clock);
  const tell = async (event: ModerationEvent, post: ModeratedPost): Promise<boolean> =>
    postMessage(post.userId, moderationMessage(event, post, new Date(clock()))).then(
      () => true,
      () => false,
    );
  return {
    reported: store.reported,
    pin: store.pin,
    /** Hides a visible post and tells its author; null when it is not a visible post. */
    async hide(id: number): Promise<{ told: boolean } | null> {
      const hid = await store.hide(id);
      return hid ? { told: await tell('hidden', hid) } : null;
    },
    /** Shows a hidden post again (telling its author) or keeps a reported one (telling nobody); null when neither. */
    async restore(id: number): Promise<{ told: boolean } | null> {
      const done = await store.restore(id);
      if (!done) return null;
      return { told: done.shown ? await tell('restored', done.shown) : true };
    },
  };
}

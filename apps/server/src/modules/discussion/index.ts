import { serverModule, type Platform } from '../../platform/module.ts';
import type { PostMessage } from '../message/index.ts';
import { discussionRoutes } from './routes.ts';
import { createDiscussionService } from './service.ts';
import { createDiscussionStore } from './store.ts';

export { type ReportedPost } from './moderation-store.ts';
export { createDiscussionModerator } from './moderator.ts';
export { erasePostsOf } from './erase.ts';

/**
 * Discussions under questions and lessons (docs/discussions.md): /msComment's and /discussionreply's calls. The
 * operator's moderation is the `npm run discussion` command (cli/discussion.ts) over createDiscussionModerator,
 * which tells the author of a hidden or restored post.
 */
export function createDiscussionModule(p: Platform, deps: { avatarUrl: (key: string) => string | null; postMessage: PostMessage }) {
  const service = createDiscussionService({
    store: createDiscussionStore(p.db),
    limiter: p.limiter,
    clock: p.clock,
    avatarUrl: deps.avatarUrl,
    postMessage: deps.postMessage,
    log: p.log,
  });
  return serverModule({ name: 'discussion', handlers: discussionRoutes(service), items: [service.targets, service.posts] });
}

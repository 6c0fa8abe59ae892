import type { RouteEntry } from '../../lib/route-entry';

/** Discussions under questions and lessons (docs/discussions.md). */
export const discussionRoutes: RouteEntry[] = [
  { path: '/msComment', load: () => import('./comment-screen').then((m) => ({ default: m.CommentScreen })) },
  { path: '/discussionreply', load: () => import('./reply-screen').then((m) => ({ default: m.ReplyScreen })) },
];

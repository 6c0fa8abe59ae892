import { discussionCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { DiscussionService } from './service.ts';

/** The calls of contract calls/discussion.ts; every read and write is the session's learner's. */
export const discussionRoutes = (s: DiscussionService) => [
  handle(c.discussionCount, async ({ session, input }) => s.count(session.userId, input.appID, input.kind, input.id)),
  handle(c.discussionList, async ({ session, input }) => s.list(session.userId, input.appID, input.kind, input.id, input.sort, input.page)),
  handle(c.discussionThread, async ({ session, input }) => s.thread(session.userId, input.id, input.page)),
  handle(c.discussionPostCall, async ({ session, input }) => s.post(session.userId, input.appID, input.kind, input.id, input.body)),
  handle(c.discussionReply, async ({ session, input }) => s.reply(session.userId, input.id, input.body)),
  handle(c.discussionLike, async ({ session, input }) => s.like(session.userId, input.id, input.like)),
  handle(c.discussionReport, async ({ session, input }) => s.report(session.userId, input.id, input.reason)),
  handle(c.discussionDelete, async ({ session, input }) => s.remove(session.userId, input.id)),
];

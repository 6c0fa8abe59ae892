import { discussionCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { DiscussionService } from './service.ts';

/**
 * The calls of contract calls/discussion.ts; every read and write is the session's learner's. The question or
 * lesson, or the post, a call names comes loaded and opened by the registrar (`s.targets.of(ctx)`, `s.posts.of(ctx)`).
 */
export const discussionRoutes = (s: DiscussionService) => [
  handle(c.discussionCount, async (ctx) => s.count(s.targets.of(ctx).value)),
  handle(c.discussionList, async (ctx) => s.list(ctx.session.userId, s.targets.of(ctx).value, ctx.input.sort, ctx.input.page)),
  handle(c.discussionThread, async (ctx) => s.thread(ctx.session.userId, s.posts.of(ctx).value, ctx.input.page)),
  handle(c.discussionPostCall, async (ctx) => s.post(ctx.session.userId, s.targets.of(ctx).value, ctx.input.body)),
  handle(c.discussionReply, async (ctx) => s.reply(ctx.session.userId, s.posts.of(ctx).value, ctx.input.body)),
  handle(c.discussionLike, async (ctx) => s.like(ctx.session.userId, ctx.input.id, ctx.input.like)),
  handle(c.discussionReport, async (ctx) => s.report(ctx.session.userId, s.posts.of(ctx).value.row, ctx.input.reason)),
  handle(c.discussionDelete, async ({ session, input }) => s.remove(session.userId, input.id)),
];

import { feedbackCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { FeedbackService } from './service.ts';

const queryText = (query: unknown, name: string): string => {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

/** The learner's feedback calls of contract calls/feedback.ts; everything is filed and read for the session's user. */
export const feedbackRoutes = (feedback: FeedbackService) => [
  handle(c.feedbackSubmit, async (ctx) =>
    feedback.submit(ctx.session.userId, (await ctx.tenant()).code, ctx.input, {
      client: queryText(ctx.request.query, 'client'),
      clientver: queryText(ctx.request.query, 'clientver'),
      userAgent: ctx.userAgent,
    }),
  ),
  handle(c.feedbackList, async (ctx) => feedback.list(ctx.session.userId, ctx.input.page)),
  handle(c.feedbackDetailCall, async (ctx) => feedback.detail(ctx.session.userId, ctx.input.id)),
];

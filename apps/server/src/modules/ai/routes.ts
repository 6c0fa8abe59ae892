import { aiCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { AiService } from './service.ts';

/** AI practice calls of contract calls/ai.ts; everything is read and written for the session's user. */
export const aiRoutes = (ai: AiService) => [
  handle(c.aiNext, async (ctx) => ai.next(ctx.session.userId, ctx.input.appID, ctx.input.count)),
  handle(c.aiLast, async (ctx) => ai.last(ctx.session.userId, ctx.input.appID)),
  handle(c.tipsPointsList, async (ctx) => ai.list(ctx.session.userId, ctx.input.appID, ctx.input.examType, ctx.input.cptID)),
  handle(c.tipsPointsGrade, async (ctx) => ai.grade(ctx.session.userId, ctx.input.appID, ctx.input.point, ctx.input.grade)),
];

import { sprintCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { SprintService } from './service.ts';

/** Sprint calls of contract calls/sprint.ts; everything is read for the session's user. */
export const sprintRoutes = (sprint: SprintService) => [
  handle(c.sprintList, async (ctx) => sprint.list(ctx.session.userId, ctx.input.appID)),
  handle(c.sprintQuestions, async (ctx) => sprint.questions(ctx.session.userId, ctx.input.appID, ctx.input.set, ctx.input.round, ctx.input.cptID)),
];

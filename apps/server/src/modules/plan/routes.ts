import { planCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { PlanService } from './plan-service.ts';

/** The study plan's calls of contract calls/plan.ts (/api/xxjh/*); everything is read for the session's user. */
export const planRoutes = (plan: PlanService) => [
  handle(c.planOpen, async (ctx) => plan.core.open(ctx.session.userId, ctx.input.appID, ctx.input)),
  handle(c.planStudy, async (ctx) => plan.core.view(ctx.session.userId, ctx.input.appID, ctx.input.date)),
  handle(c.planStages, async (ctx) => plan.core.stages(ctx.session.userId, ctx.input.appID)),
  handle(c.planDetail, async (ctx) => plan.report(ctx.session.userId, ctx.input.appID)),
  handle(c.planWeekRank, async (ctx) => plan.weekRank(ctx.session.userId, ctx.input.appID)),
  handle(c.planEntrance, async (ctx) => plan.evaluation.entrance(ctx.session.userId, ctx.input.appID, ctx.input.action)),
  handle(c.planWarn, async (ctx) => plan.warn(ctx.session.userId, ctx.input.appID, ctx.input.warntime, ctx.input.warnopen)),
  handle(c.planSkip, async (ctx) => plan.core.skip(ctx.session.userId, ctx.input.appID, ctx.input.taskID)),
  handle(c.planEvaluate, async (ctx) => plan.evaluation.evaluate(ctx.session.userId, ctx.input.appID)),
  handle(c.planVideoInfo, async (ctx) => plan.lessons.videoInfo(ctx.session.userId, ctx.input.appID)),
  handle(c.planVideoView, async (ctx) => plan.lessons.videoView(ctx.session.userId, ctx.input.appID, ctx.input.lessonID)),
];

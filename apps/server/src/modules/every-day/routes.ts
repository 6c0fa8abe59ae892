import { everyDayCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { EveryDayService } from './service.ts';

/** 每日一练 / 每周一测 calls of contract calls/every-day.ts; everything is read for the session's user. */
export const everyDayRoutes = (everyDay: EveryDayService) => [
  handle(c.everyDaySubmission, async (ctx) => everyDay.submission(ctx.session.userId, ctx.input.appID, ctx.input.period ?? 'day', ctx.input.date)),
  // The client's figures (correctRate …) were checked for shape by the contract; the stored answers decide.
  handle(c.everyDaySubmit, async (ctx) => everyDay.submit(ctx.session.userId, ctx.input.appID, ctx.input.examHistoryID)),
  handle(c.everyDayRanking, async (ctx) => everyDay.ranking(ctx.session.userId, ctx.input.appID, ctx.input.period, ctx.input.date)),
];

import { zhiyeCalls as c } from '@kaoshi/contract';
import { handle, sessionOf } from '../../platform/calls.ts';
import type { ZhiyeService } from './service.ts';

/** Zhiye calls of contract calls/zhiye.ts; everything is read for the session's user. */
export const zhiyeRoutes = (zhiye: ZhiyeService) => [
  handle(c.zhiyeUnits, async (ctx) => zhiye.units(sessionOf(ctx).userId, ctx.input.appID)),
  handle(c.zhiyeYears, async (ctx) => zhiye.years(sessionOf(ctx).userId, ctx.input.appID)),
  handle(c.zhiyeYearTest, async (ctx) => zhiye.yearTest(sessionOf(ctx).userId, ctx.input.appID, ctx.input.year, ctx.input.cptID)),
  handle(c.zhiyeAnalyse, async (ctx) => zhiye.analyse(sessionOf(ctx).userId, ctx.input.appID)),
  handle(c.zhiyeCaseChapters, async (ctx) => zhiye.caseChapters(sessionOf(ctx).userId, ctx.input.appID)),
  handle(c.zhiyeCaseTest, async (ctx) => zhiye.caseTest(sessionOf(ctx).userId, ctx.input.appID, ctx.input.cptID)),
];

import { zhiyeCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { ZhiyeService } from './service.ts';

/** Zhiye calls of contract calls/zhiye.ts; everything is read for the session's user. */
export const zhiyeRoutes = (zhiye: ZhiyeService) => [
  handle(c.zhiyeUnits, async (ctx) => zhiye.units(ctx.session.userId, ctx.input.appID)),
  handle(c.zhiyeYears, async (ctx) => zhiye.years(ctx.session.userId, ctx.input.appID)),
  handle(c.zhiyeYearTest, async (ctx) => zhiye.yearTest(ctx.session.userId, ctx.input.appID, ctx.input.year, ctx.input.cptID)),
  handle(c.zhiyeAnalyse, async (ctx) => zhiye.analyse(ctx.session.userId, ctx.input.appID)),
  handle(c.zhiyeCaseChapters, async (ctx) => zhiye.caseChapters(ctx.session.userId, ctx.input.appID)),
  handle(c.zhiyeCaseTest, async (ctx) => zhiye.caseTest(ctx.session.userId, ctx.input.appID, ctx.input.cptID)),
];

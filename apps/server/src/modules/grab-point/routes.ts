import { clearanceCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { GrabPointService } from './service.ts';

/** 考前抢分 calls of contract calls/clearance.ts; everything is read and started for the session's user. */
export const grabPointRoutes = (grab: GrabPointService) => [
  handle(c.grabPointInfo, async (ctx) => grab.info(ctx.session.userId, ctx.input.appID)),
  handle(c.grabPointStart, async (ctx) => grab.start(ctx.session.userId, ctx.input.appID)),
];

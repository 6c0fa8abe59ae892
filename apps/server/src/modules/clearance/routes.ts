import { clearanceCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { ClearanceService } from './service.ts';

/** Clearance calls of contract calls/clearance.ts; everything is read and started for the session's user. */
export const clearanceRoutes = (clearance: ClearanceService) => [
  handle(c.clearanceLevels, async (ctx) => clearance.levels(ctx.session.userId, ctx.input.appID, ctx.input.kind)),
  handle(c.clearanceStart, async (ctx) => clearance.start(ctx.session.userId, ctx.input.appID, ctx.input.kind, ctx.input.levelID, ctx.input.restart ?? false)),
];

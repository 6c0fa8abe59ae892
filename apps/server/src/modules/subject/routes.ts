import { subjectCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { TrackingService } from '../tracking/index.ts';
import type { SubjectService } from './service.ts';

/**
 * The app-info calls of contract calls/subject.ts. Learner data is read and written for the session's user
 * only; the two tracking calls (activityClick, selectApp) store one `events` row each and never block.
 */
export const subjectRoutes = (subject: SubjectService, tracking: TrackingService) => [
  handle(c.moduleInfoX, async (ctx) => subject.moduleInfoX(ctx.session.userId, ctx.input.appID, ctx.input.vn)),
  handle(c.sprintClassType, async (ctx) => subject.sprintClassType(ctx.input.appID)),
  handle(c.guidePage, async (ctx) => subject.guidePage(await ctx.tenant(), ctx.input.kind, ctx.input.appID)),
  handle(c.publish, async (ctx) => subject.publish(await ctx.tenant(), ctx.input.position, ctx.input.appID, ctx.session?.userId ?? null)),
  handle(c.messWindow, async (ctx) => subject.messWindow(await ctx.tenant(), ctx.input.appID, ctx.session?.userId ?? null)),
  handle(c.redDotList, async (ctx) => subject.redDots(ctx.session.userId, ctx.input.appID)),
  handle(c.redDotRead, async (ctx) => subject.readRedDot(ctx.session.userId, ctx.input.appID, ctx.input.moduleID)),
  handle(c.checkUserModulesDown, async (ctx) => subject.modulesDown(ctx.input.appID, ctx.input.moduleIDs)),
  handle(c.myPurchases, async (ctx) => subject.myPurchases(ctx.session.userId)),
  handle(c.getLastApp, async (ctx) => subject.lastApp(ctx.session.userId)),
  ...[c.activityClick, c.selectApp].map((call) =>
    handle(call, async ({ input, session, ip }) => {
      // The guid proves the user (session); it is a credential and never stored in the payload.
      const { guid: _guid, ...payload } = input as Record<string, unknown>;
      await tracking.accept({ kind: call.id, path: call.path, userId: session?.userId, input: payload, ip });
      return { recorded: true as const };
    }),
  ),
];

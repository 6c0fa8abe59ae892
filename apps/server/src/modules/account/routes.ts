import { accountCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { DeletionService } from './deletion.ts';
import type { DeviceService } from './devices.ts';

/** The calls of contract calls/account.ts; all act on the session's own learner. */
export const accountRoutes = (devices: DeviceService, deletion: DeletionService) => [
  handle(c.accountDevices, async (ctx) => devices.list(ctx.session)),
  handle(c.accountSignOutDevice, async (ctx) => devices.signOut(ctx.session, ctx.input.id)),
  handle(c.accountSignOutOthers, async (ctx) => devices.signOutOthers(ctx.session)),
  handle(c.accountDeletionInfo, async (ctx) => deletion.info(ctx.session.userId)),
  handle(c.accountDeletionCode, async (ctx) => deletion.sendCode(ctx.session.userId, ctx.ip, { id: ctx.input.captchaId, answer: ctx.input.validate })),
  handle(c.accountRequestDeletion, async (ctx) => deletion.request(ctx.session, ctx.input.code)),
];

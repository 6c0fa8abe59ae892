import { userCalls as c } from '@kaoshi/contract';
import { handle, sessionOf, type CallContext } from '../../platform/calls.ts';
import type { AccountService, ClientInfo } from './service.ts';

const client = (ctx: CallContext<(typeof c)[keyof typeof c]>): ClientInfo => ({ ip: ctx.ip, userAgent: ctx.userAgent, path: ctx.call.path });

/** The account calls of contract calls/user.ts (sendcode/checkcode: sms-code; change log: change-log). */
export const userRoutes = (accounts: AccountService) => [
  handle(c.checkUser, async ({ input, ip }) => accounts.checkUser(input.userName, ip)),
  handle(c.userlogin, async (ctx) => accounts.passwordLogin(ctx.input.username, ctx.input.password, client(ctx))),
  handle(c.codelogin, async (ctx) => accounts.codeLogin(ctx.input.userName, ctx.input.verifyCode, ctx.tenant, client(ctx))),
  handle(c.freeFegist, async (ctx) => accounts.register(ctx.input, ctx.tenant, client(ctx))),
  handle(c.restorePassword, async ({ input, ip }) => accounts.restorePassword(input.phone, input.verifyCode, input.password, ip)),
  handle(c.changePassword, async (ctx) => accounts.changePassword(sessionOf(ctx), ctx.input.oldPassword, ctx.input.password, ctx.ip)),
  handle(c.checkPassword, async (ctx) => accounts.checkPassword(sessionOf(ctx), ctx.input.password, ctx.ip)),
  handle(c.getUserInfo, async (ctx) => accounts.info(sessionOf(ctx))),
  handle(c.updateIP, async (ctx) => accounts.updateIp(sessionOf(ctx), ctx.ip)),
  handle(c.checkIsTourist, async (ctx) => accounts.isTourist(ctx.session, ctx.input.freeTry)),
  handle(c.logout, async (ctx) => {
    await accounts.logout(sessionOf(ctx));
    return null;
  }),
  handle(c.bindPhone, async (ctx) => accounts.bindPhone(sessionOf(ctx), ctx.input.phone, ctx.input.verifyCode, ctx.ip)),
];

import { agreementCalls as a, userCalls as c } from '@kaoshi/contract';
import { handle, type CallContext } from '../../platform/calls.ts';
import type { AgreementService } from './agreements.ts';
import type { AccountService, ClientInfo } from './service.ts';

const client = (ctx: CallContext<(typeof c)[keyof typeof c]>): ClientInfo => ({ ip: ctx.ip, userAgent: ctx.userAgent, path: ctx.call.path });

/** The account calls of contract calls/user.ts (sendcode/checkcode: sms-code; change log: change-log). */
export const userRoutes = (accounts: AccountService, agreements: AgreementService) => [
  handle(c.checkUser, async ({ input, ip }) => accounts.checkUser(input.userName, ip)),
  handle(c.userlogin, async (ctx) => accounts.passwordLogin(ctx.input.username, ctx.input.password, client(ctx))),
  handle(c.codelogin, async (ctx) => accounts.codeLogin(ctx.input.userName, ctx.input.verifyCode, ctx.input.agreed, ctx.tenant, client(ctx))),
  handle(c.freeFegist, async (ctx) => accounts.register(ctx.input, ctx.tenant, client(ctx))),
  handle(c.restorePassword, async ({ input, ip }) => accounts.restorePassword(input.phone, input.verifyCode, input.password, ip)),
  handle(c.changePassword, async (ctx) => accounts.changePassword(ctx.session, ctx.input.oldPassword, ctx.input.password, ctx.ip)),
  handle(c.changePasswordnew, async (ctx) => accounts.changePasswordnew(ctx.session, ctx.input.verifyCode, ctx.input.password, ctx.ip)),
  handle(c.changePasswordweakusers, async (ctx) => accounts.changePasswordweakusers(ctx.session, ctx.input.password)),
  handle(c.checkPassword, async (ctx) => accounts.checkPassword(ctx.session, ctx.input.password, ctx.ip)),
  handle(c.getUserInfo, async (ctx) => accounts.info(ctx.session)),
  handle(c.updateIP, async (ctx) => accounts.updateIp(ctx.session, ctx.ip)),
  handle(c.checkIsTourist, async (ctx) => accounts.isTourist(ctx.session, ctx.input.freeTry)),
  handle(c.logout, async (ctx) => {
    await accounts.logout(ctx.session);
    return null;
  }),
  handle(c.bindPhone, async (ctx) => accounts.bindPhone(ctx.session, ctx.input.phone, ctx.input.verifyCode, ctx.ip)),
  handle(a.agreementList, async (ctx) => agreements.list(ctx.session)),
  handle(a.agreementDocument, async ({ input }) => agreements.document(input.kind, input.version)),
  handle(a.agreementAccept, async (ctx) => agreements.accept(ctx.session, ctx.ip)),
];

import { catalogCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import { notLoggedIn } from '../../platform/errors.ts';
import type { AccountDirectory } from '../user/index.ts';
import type { CatalogService } from './service.ts';

/** The catalog and purchase calls of contract calls/catalog.ts. Learner data is looked up by the session's user only. */
export const catalogRoutes = (catalog: CatalogService, users: AccountDirectory) => [
  handle(c.getKsbClass, async (ctx) => catalog.classTree(await ctx.tenant())),
  handle(c.searchAppEName, async (ctx) => catalog.search(await ctx.tenant(), ctx.input.keyword)),
  handle(c.versionList, async (ctx) => catalog.versionList(await ctx.tenant(), ctx.input.appID)),
  handle(c.vipApp, async (ctx) => catalog.vipApp(ctx.session.userId, ctx.input.appID)),
  handle(c.vipinfo, async (ctx) => catalog.vipinfo(ctx.session.userId, ctx.input.appID)),
  handle(c.setLastApp, async (ctx) => catalog.setLastApp(ctx.session.userId, ctx.input.appID, ctx.input.vn)),
  handle(c.useCode, async (ctx) => {
    const user = await users.byId(ctx.session.userId);
    if (!user) throw notLoggedIn();
    return catalog.useCode(user, ctx.input, ctx.ip);
  }),
];

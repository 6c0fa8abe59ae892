import { searchAll } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { SearchService } from './service.ts';

export const searchRoutes = (search: SearchService) => [
  handle(searchAll, async (ctx) =>
    search.search({ userId: ctx.session.userId, tenant: await ctx.tenant(), appId: ctx.input.appID, keyword: ctx.input.keyword, kind: ctx.input.kind, page: ctx.input.page }),
  ),
];

import type { RouteEntry } from '../../lib/route-entry';

/** 全局搜索 (docs/search.md). */
export const searchRoutes: RouteEntry[] = [{ path: '/search_result', load: () => import('./search-screen').then((m) => ({ default: m.SearchScreen })) }];

import { createMemo } from '../../platform/cache/memo.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { CatalogFacts } from '../catalog/index.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { searchRoutes } from './routes.ts';
import { createSearchService, type Catalogue } from './service.ts';
import { createSearchStore } from './store.ts';

/** How long a subject's searchable catalogue is held at most (an import's notification drops it sooner). */
export const SEARCH_CATALOGUE_MS = 5 * 60_000;

/**
 * 全局搜索 (docs/search.md): one call across the current subject's questions, lessons, handouts, knowledge points and
 * live classes and the tenant's subjects, with the learner's entitlement marked on every item.
 */
export function createSearchModule(p: Platform, deps: { entitlements: Pick<EntitlementService, 'decideAll' | 'chapterAccess'>; catalog: Pick<CatalogFacts, 'soldBy'> }) {
  const catalogue = createMemo<number, Catalogue>(p.bus, { max: 200, ttlMs: SEARCH_CATALOGUE_MS });
  // Lessons, handouts and points come with the bank's imports; live sessions with the schedule's.
  for (const kind of ['bank', 'live', 'catalog'] as const) p.bus.on(kind, () => catalogue.clear());
  const search = createSearchService({
    store: createSearchStore(p.db),
    catalogue,
    entitlements: deps.entitlements,
    soldBy: (code) => deps.catalog.soldBy(code),
    clock: p.clock,
    limiter: p.limiter,
  });
  return serverModule({ name: 'search', handlers: searchRoutes(search) });
}

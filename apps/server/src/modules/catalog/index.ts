import { serverModule, type Platform } from '../../platform/module.ts';
import { createEntitlements, type TrialChapter } from '../entitlement/index.ts';
import type { AccountDirectory } from '../user/index.ts';
import { catalogRoutes } from './routes.ts';
import { createCatalogService } from './service.ts';
import { createCatalogStore, withCatalogCache, type CatalogStore } from './store.ts';

export { createCatalogStore, type CatalogStore };

/** Subjects, versions and purchases (docs/catalog.md), with the entitlement decision built on them. */
export function createCatalogModule(p: Platform, deps: { accounts: AccountDirectory; chapters: (appId: number) => Promise<TrialChapter[]> }) {
  const store = withCatalogCache(createCatalogStore(p.db), p.bus);
  const entitlements = createEntitlements(p, store, deps.chapters);
  const catalog = createCatalogService({ store, entitlements, clock: p.clock });
  return serverModule({ name: 'catalog', handlers: catalogRoutes(catalog, deps.accounts), store, entitlements });
}

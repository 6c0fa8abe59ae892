import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { AccountDirectory } from '../user/index.ts';
import { catalogRoutes } from './routes.ts';
import { createCatalogService } from './service.ts';
import { createCatalogStore, withCatalogCache, type CatalogStore } from './store.ts';

export { createCatalogStore, type CatalogStore };

/**
 * Subjects, versions and purchases (docs/catalog.md). The catalog answers facts (its store: subjects, versions);
 * the entitlement module, built by app.ts on those facts, decides and is handed back here for the calls that
 * redeem codes and show purchases.
 */
export function createCatalogStoreCached(p: Platform): CatalogStore {
  return withCatalogCache(createCatalogStore(p.db), p.bus);
}

export function createCatalogModule(p: Platform, deps: { store: CatalogStore; accounts: AccountDirectory; entitlements: EntitlementService }) {
  const catalog = createCatalogService({ store: deps.store, entitlements: deps.entitlements, clock: p.clock });
  return serverModule({ name: 'catalog', handlers: catalogRoutes(catalog, deps.accounts), store: deps.store });
}

import type { Database } from '../../db/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { AccountDirectory } from '../user/index.ts';
import { catalogRoutes } from './routes.ts';
import { createCatalogService } from './service.ts';
import { createCatalogStore, withCatalogCache, type CatalogStore } from './store.ts';

/**
 * What the catalog tells other modules (shop, entitlement, subject, search): classes, the subjects an agent sells,
 * a subject, its versions, whether an agent sells it, and a learner's last chosen subject. Reads only: the catalog
 * writes its tables itself.
 */
export type CatalogFacts = Pick<CatalogStore, 'classes' | 'soldBy' | 'subject' | 'sells' | 'versions' | 'lastApp'>;

/**
 * The catalog's facts, held in memory when given the cache bus (docs/caching.md: dropped on every catalog change);
 * without it (a test reading rows it just wrote) each call reads the database.
 */
export function catalogFacts(db: Database, bus?: CacheBus): CatalogFacts {
  const { classes, soldBy, subject, sells, versions, lastApp } = bus ? withCatalogCache(createCatalogStore(db), bus) : createCatalogStore(db);
  return { classes, soldBy, subject, sells, versions, lastApp };
}

/**
 * Subjects, versions and purchases (docs/catalog.md). The catalog answers facts (`catalogFacts`, built once by app.ts
 * and handed to it and to the modules that read them); the entitlement module, built by app.ts on those facts,
 * decides and is handed back here for the calls that redeem codes and show purchases.
 */
export function createCatalogModule(p: Platform, deps: { facts: CatalogFacts; accounts: AccountDirectory; entitlements: EntitlementService }) {
  const store = { ...createCatalogStore(p.db), ...deps.facts };
  const catalog = createCatalogService({ store, entitlements: deps.entitlements, clock: p.clock });
  return serverModule({ name: 'catalog', handlers: catalogRoutes(catalog, deps.accounts) });
}

import type { Platform } from '../../platform/module.ts';
import type { CatalogStore } from '../catalog/index.ts';
import { createEntitlementService, type EntitlementService } from './service.ts';
import { createEntitlementStore } from './store.ts';
import type { TrialChapter } from './trial.ts';

export type { ChapterAccess, Decision, EntitlementService, Holdings, Target } from './service.ts';
export { trialChapters, type TrialChapter } from './trial.ts';
export { CODE_GUESS_LIMIT, hiddenFor, toVipApp } from './service.ts';
export { hashCode, normaliseCode } from './codes.ts';
export { grantFromOrder, revokeForOrder, type OrderGrant } from './store.ts';

/**
 * Entitlements (docs/entitlement.md): the one decision of what a learner may open, the one gate the registrar
 * runs for every call with a contract `gate`, and activation codes. No calls of its own: the catalog's calls
 * redeem codes and show purchases.
 */
export function createEntitlements(p: Platform, catalog: CatalogStore, chapters: (appId: number) => Promise<TrialChapter[]>): EntitlementService {
  return createEntitlementService({ store: createEntitlementStore(p.db), catalog, chapters, clock: p.clock, limiter: p.limiter, bus: p.bus });
}

import type { Platform } from '../../platform/module.ts';
import { createEntitlementService, type EntitlementService, type SubjectFacts } from './service.ts';
import { createEntitlementStore } from './store.ts';
import type { TrialChapter } from './trial.ts';

export type { ChapterAccess, Decision, EntitlementService, Holdings, SubjectFacts, Target } from './service.ts';
export { buyPrompt, chapterOpen, unlockingOf } from './rules.ts';
export { trialChapters, type TrialChapter } from './trial.ts';
export { CODE_GUESS_LIMIT, hiddenFor, toVipApp } from './service.ts';
export { hashCode, normaliseCode } from './codes.ts';
export { grantFromOrder, purchasesOf, revokeForOrder, type OrderGrant } from './store.ts';

/**
 * Entitlements (docs/entitlement.md): the one decision of what a learner may open, the one gate and item policy
 * the registrar runs for every call with a contract `gate`, the chapter-open rule, and activation codes. No calls
 * of its own: the catalog's calls redeem codes and show purchases. Built by app.ts on the catalog's facts.
 */
export function createEntitlements(p: Platform, catalog: SubjectFacts, chapters: (appId: number) => Promise<TrialChapter[]>): EntitlementService {
  return createEntitlementService({ store: createEntitlementStore(p.db), catalog, chapters, clock: p.clock, limiter: p.limiter, bus: p.bus });
}

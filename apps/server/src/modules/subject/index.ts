import type { Database } from '../../db/index.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { CatalogFacts } from '../catalog/index.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { TrackingService } from '../tracking/index.ts';
import { subjectRoutes } from './routes.ts';
import { createSubjectService } from './service.ts';
import { createSubjectStore } from './store.ts';

/**
 * Records that a module of a subject got new content at `at` (the question importer): every learner who opened the
 * module before then sees its red dot again (`module_updates` is this module's, docs/tables.md).
 */
export const touchModule = (db: Database, appId: number, moduleId: string, at: Date): Promise<void> => createSubjectStore(db).touchModule(appId, moduleId, at);
export { isInAppLink } from './service.ts';

/** The learner's subject: home modules with their access, banners, notices, the chosen subject (docs/subject.md). */
export function createSubjectModule(p: Platform, deps: { catalog: CatalogFacts; entitlements: EntitlementService; tracking: TrackingService }) {
  const subject = createSubjectService({ store: createSubjectStore(p.db), catalog: deps.catalog, entitlements: deps.entitlements, clock: p.clock, bus: p.bus });
  return serverModule({ name: 'subject', handlers: subjectRoutes(subject, deps.tracking) });
}

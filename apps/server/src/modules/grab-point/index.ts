import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { ExamService } from '../exam/index.ts';
import { grabPointRoutes } from './routes.ts';
import { createGrabPointService } from './service.ts';
import { createGrabPointStore } from './store.ts';

/** 考前抢分 (docs/clearance-grabpoint.md): 5-minute rounds on the hot points the learner still misses. */
export function createGrabPointModule(p: Platform, deps: { entitlements: EntitlementService; exams: Pick<ExamService, 'startSet'> }) {
  const grab = createGrabPointService({ store: createGrabPointStore(p.db), entitlements: deps.entitlements, exams: deps.exams, clock: p.clock });
  return serverModule({ name: 'grab-point', handlers: grabPointRoutes(grab) });
}

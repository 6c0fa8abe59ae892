import { serverModule, type Platform } from '../../platform/module.ts';
import type { ExamService } from '../exam/index.ts';
import { clearanceRoutes } from './routes.ts';
import { createClearanceService } from './service.ts';
import { createClearanceStore } from './store.ts';

export { RANKED, shareRight } from './service.ts';

/** 闯关提分 (docs/clearance-grabpoint.md): ladders of levels, each attempt a practice session of the exam engine. */
export function createClearanceModule(p: Platform, deps: { exams: Pick<ExamService, 'startSet'> }) {
  return serverModule({ name: 'clearance', handlers: clearanceRoutes(createClearanceService({ store: createClearanceStore(p.db), exams: deps.exams })) });
}

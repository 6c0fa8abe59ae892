import { serverModule, type Platform } from '../../platform/module.ts';
import type { ExamService } from '../exam/index.ts';
import type { StudyService } from '../study/index.ts';
import { aiRoutes } from './routes.ts';
import { createAiService } from './service.ts';
import { createAiStore } from './store.ts';

/** AI practice (docs/ai-practice.md): the adaptive round on the exam engine, tips points and point cards. */
export function createAiModule(p: Platform, deps: { exams: ExamService; study: StudyService }) {
  return serverModule({
    name: 'ai',
    handlers: aiRoutes(createAiService({ store: createAiStore(p.db), exams: deps.exams, study: deps.study, clock: p.clock })),
  });
}

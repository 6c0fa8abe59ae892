import { serverModule, type Platform } from '../../platform/module.ts';
import type { ExamService } from '../exam/index.ts';
import { everyDayRoutes } from './routes.ts';
import { createEveryDayService } from './service.ts';
import { createEveryDayStore } from './store.ts';

/** 每日一练 / 每周一测 submissions and their rankings (docs/daily-ranking.md). */
export function createEveryDayModule(p: Platform, deps: { exams: ExamService }) {
  return serverModule({
    name: 'every-day',
    handlers: everyDayRoutes(createEveryDayService({ store: createEveryDayStore(p.db), exams: deps.exams, clock: p.clock })),
  });
}

import { serverModule, type Platform } from '../../platform/module.ts';
import type { BookLookup } from '../book/index.ts';
import type { PracticeService } from '../practice/index.ts';
import { markHooks } from './marks.ts';
import { createReportStore } from './reports-store.ts';
import { studyRoutes } from './routes.ts';
import { excerptOf } from './reports.ts';
import { createStudyService, type StudyService } from './service.ts';
import { createStudyStore } from './store.ts';

export type { MarkHooks } from './marks.ts';
export type { StudyService };
/** For the reports CLI (docs/study.md). */
export { createReportStore, excerptOf };
export type { ReportFilter } from './reports-store.ts';

/**
 * Favourites, notes, recite point, lists, search, statistics and question reports (docs/study.md). Practice
 * shows the learner's marks (`marks`, built first); the calls present questions through practice (`withPractice`).
 */
export function createStudyModule(p: Platform) {
  const store = createStudyStore(p.db);
  return {
    marks: markHooks(store),
    withPractice(deps: { practice: PracticeService; bookOf: BookLookup }) {
      const study = createStudyService({
        store,
        reports: createReportStore(p.db),
        practice: deps.practice,
        limiter: p.limiter,
        clock: p.clock,
        bookOf: deps.bookOf,
      });
      return serverModule({ name: 'study', handlers: studyRoutes(study), study });
    },
  };
}

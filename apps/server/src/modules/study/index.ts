import type { Database } from '../../db/index.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { BookLookup } from '../book/index.ts';
import type { PracticeLinks, PracticeService } from '../practice/index.ts';
import { markHooks } from './marks.ts';
import { createReportStore, type ReportFilter } from './reports-store.ts';
import { studyRoutes } from './routes.ts';
import { excerptOf } from './reports.ts';
import { createStudyService, type StudyService } from './service.ts';
import { createStudyStore } from './store.ts';

export type { StudyService };
export { eraseStudyOf } from './erase.ts';
/** For the reports CLI (docs/study.md): question reports listed and answered. */
export { excerptOf };
export const listQuestionReports = (db: Database, filter: ReportFilter) => createReportStore(db).reports(filter);
export const resolveQuestionReport = (db: Database, id: number, reply: string, at: Date) => createReportStore(db).resolveReport(id, reply, at);
export type { ReportFilter } from './reports-store.ts';

/**
 * Favourites, notes, recite point, lists, search, statistics and question reports (docs/study.md). Built after
 * practice and the book: it connects the learner's marks to practice's links (practice shows them with its
 * questions) and presents its own lists through practice.
 */
export function createStudyModule(p: Platform, deps: { practice: PracticeService; links: Pick<PracticeLinks, 'connectMarks'>; bookOf: BookLookup }) {
  const store = createStudyStore(p.db);
  deps.links.connectMarks(markHooks(store));
  const study = createStudyService({
    store,
    reports: createReportStore(p.db),
    practice: deps.practice,
    limiter: p.limiter,
    clock: p.clock,
    bookOf: deps.bookOf,
  });
  return serverModule({ name: 'study', handlers: studyRoutes(study), study });
}

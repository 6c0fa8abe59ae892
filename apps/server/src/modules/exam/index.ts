import { serverModule, type Platform } from '../../platform/module.ts';
import { createPace } from '../../platform/pace.ts';
import type { BookHooks } from '../book/index.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { examRoutes } from './routes.ts';
import { createExamService, type ExamService } from './service.ts';
import { GRADE_BATCH, GRADE_BATCH_EMBEDDED } from './grading.ts';
import { heldKeys, heldPapers } from './question-cache.ts';
import { createExamStore } from './store.ts';

export type { ExamService };
export { DRAWN_PASS_SHARE } from './specs.ts';
export { handedOfKind, handedPerPaper, learnerSession, sessionCountOfMode, sessionsOfMode } from './readers.ts';
export { periodAttempts, periodBetter, periodCounted, periodOpen, periodTop, periodTotal, type RankBy, type RankPoint } from './periods.ts';
/** How often the deadline sweep runs. */
export const DEADLINE_SWEEP_MS = 5_000;

/**
 * The exam engine (docs/exams.md): papers, drawn sets and the daily tests as sessions with a deadline, autosave,
 * section locks, hand-in and results. Other modules (clearance, grab-point, every-day, ai) start sessions through
 * `exams`. A sweep seals sessions past their deadline (and the grace) at the deadline and grades sealed ones.
 */
export function createExamsModule(p: Platform, deps: { entitlements: EntitlementService; book: BookHooks }) {
  const raw = createExamStore(p.db);
  const store = { ...raw, keys: heldKeys(raw.keys, p.bus), paper: heldPapers(raw.paper, p.bus) };
  // In production grading gives way to requests (an exam evening's hand-ins are acknowledged first); tests and
  // development grade at once, so a result is there when a test asks.
  const pace = p.config.NODE_ENV === 'production' ? createPace() : undefined;
  const gradeBatch = p.config.DATABASE_URL ? GRADE_BATCH : GRADE_BATCH_EMBEDDED;
  const exams = createExamService({ store, entitlements: deps.entitlements, clock: p.clock, book: deps.book, bus: p.bus, log: p.log, pace, gradeBatch });
  return serverModule({
    name: 'exams',
    handlers: examRoutes(exams),
    items: [exams.papers],
    // The deadline is the server's: sessions are sealed within seconds of their deadline and grace (docs/exams.md).
    jobs: [{ name: 'exam deadline sweep', everyMs: DEADLINE_SWEEP_MS, run: exams.sweep }],
    exams,
  });
}

import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { practiceLinks } from './links.ts';
import { practiceRoutes } from './routes.ts';
import { createPracticeService, type PracticeService } from './service.ts';
import { createPracticeStore, withBankCache } from './store.ts';

export type { PracticeService };
export type { QuestionKey } from './service.ts';
export { storeHandedSheets, type HandedAnswer, type HandedSheet } from './exam-answers.ts';
export {
  answeredQuestions,
  answerPace,
  answerSecondsSince,
  chapterMastery,
  firstAnswersPerDay,
  lastRightOf,
  latestCountedAnswers,
  latestRightOf,
  newRightsPerLearner,
  rightNowIds,
} from './readers.ts';
export type { AnswerBook, PracticeLinks, QuestionMarks, StoredAnswer } from './links.ts';

/**
 * Chapter practice (docs/practice.md): the chapter tree, a chapter's questions, one answer, a reset. Built
 * before the wrong-answer book and study, which present questions through `practice` and connect themselves
 * through `links` (practice/links.ts).
 */
export function createPracticeModule(p: Platform, deps: { entitlements: Pick<EntitlementService, 'chapterAccess'> }) {
  const links = practiceLinks();
  const practice = createPracticeService({
    store: withBankCache(createPracticeStore(p.db), p),
    clock: p.clock,
    book: links.book,
    marks: links.marks,
    entitlements: deps.entitlements,
  });
  return {
    ...serverModule({ name: 'practice', handlers: practiceRoutes(practice), items: [practice.questions], practice }),
    links: { connectBook: links.connectBook, connectMarks: links.connectMarks },
  };
}

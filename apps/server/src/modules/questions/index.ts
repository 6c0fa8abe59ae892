import type { Database } from '../../db/index.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import { installImageRoute } from './routes.ts';
import { createQuestionStore } from './store.ts';

export { addQuestionOnce, type MadeQuestion } from './add.ts';
export {
  bankQuestions,
  chapterCodes,
  groupExtIds,
  liveBankSize,
  liveCountsByChapter,
  livePointChapterCounts,
  livePointCounts,
  livePointLinks,
  livePointQuestions,
  livePool,
  pointIdsByCode,
  pointList,
  pointNames,
  pointOf,
  pointQuestionStems,
  pointsOfQuestion,
  type PointNode,
  type PointQuestionRow,
  type PoolQuestion,
} from './bank-reads.ts';
export { subtree } from './chapters.ts';
export { searchQuestions } from './search.ts';
export { chapterList, chapterNamed, chapterNames, chapterOf, questionFacts, sampleQuestions, type ChapterNode } from './readers.ts';
export { hotCount, pointHeat, questionHeat } from './heat.ts';
export { pointNamesOf, questionColumns, shownGroup, shownQuestion } from './present.ts';
/** For the demo seed and the import CLI. */
export { importBank, importFiles, imagesIn, problemLines, summary, type FileOptions } from './importer.ts';

/** Where the subject's bank came from ('demo' seed or 'import'), or undefined when it has none (the demo seed asks). */
export const bankOrigin = (db: Database, appId: number) => createQuestionStore(db).bankOrigin(appId);

/** The subject's chapter tree (id, parent, order), by order, read now; cachedChapterTree holds it for the hot calls. */
export const chapterTree = (db: Database, appId: number) => createQuestionStore(db).chapterTree(appId);

/** The question bank: its import (CLI, docs/question-import.md), its images (a route outside the contract) and chapter trees. */
export function createQuestionsModule(p: Platform) {
  const store = createQuestionStore(p.db);
  return serverModule({ name: 'questions', handlers: [], install: (app) => installImageRoute(app, store) });
}

/** How long a subject's chapter tree or a question's key is held at most (an import's notification drops them sooner). */
export const BANK_CACHE_MS = 5 * 60_000;

/**
 * The bank's reads of every hot call, held in memory (docs/caching.md): a subject's chapter tree, and a question's
 * subject, chapter, type and answer (what scoring needs). Dropped whole on every change to the bank (an import, a
 * re-import, an operator's edit: the database's triggers notify all processes).
 */
export function bankMemo<V>(p: Platform, max: number) {
  const memo = createMemo<number, V>(p.bus, { max, ttlMs: BANK_CACHE_MS });
  p.bus.on('bank', () => memo.clear());
  return memo;
}

/** A subject's chapter tree (id, parent, order), held (bankMemo): what trial rules read on every gated call. */
export function cachedChapterTree(p: Platform) {
  const store = createQuestionStore(p.db);
  const trees = bankMemo<Awaited<ReturnType<typeof store.chapterTree>>>(p, 2_000);
  return (appId: number) => trees.get(appId, () => store.chapterTree(appId));
}

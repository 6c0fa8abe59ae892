import { serverModule, type Platform } from '../../platform/module.ts';
import { installImageRoute } from './routes.ts';
import { createQuestionStore } from './store.ts';

export { subtree } from './chapters.ts';
export { hotCount, pointHeat, questionHeat } from './heat.ts';
export { pointNamesOf, questionColumns, shownGroup, shownQuestion } from './present.ts';
/** For the demo seed and the import CLI. */
export { importBank, importFiles, imagesIn, problemLines, summary, type FileOptions } from './importer.ts';
export { createQuestionStore };

/** The question bank: its import (CLI, docs/question-import.md), its images (a route outside the contract) and chapter trees. */
export function createQuestionsModule(p: Platform) {
  const store = createQuestionStore(p.db);
  return serverModule({ name: 'questions', handlers: [], install: (app) => installImageRoute(app, store) });
}

import { serverModule, type Platform } from '../../platform/module.ts';
import { bookRoutes } from './routes.ts';
import { bookLookup, createBookHooks, createBookService, type PracticeApi } from './service.ts';
import { createBookStore } from './store.ts';

export type { BookHooks, StoredAnswer } from './hooks.ts';
export type { BookLookup } from './service.ts';

/**
 * The wrong-answer book with FSRS review (docs/study.md). Practice and the exam engine feed it through `hooks`
 * (built first, since practice needs them); its own calls present questions through practice (`withPractice`).
 */
export function createBookModule(p: Platform) {
  const store = createBookStore(p.db);
  return {
    hooks: createBookHooks(store),
    lookup: bookLookup(store),
    withPractice: (practice: PracticeApi) => serverModule({ name: 'book', handlers: bookRoutes(createBookService({ store, clock: p.clock, practice })) }),
  };
}

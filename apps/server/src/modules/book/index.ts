import { serverModule, type Platform } from '../../platform/module.ts';
import type { PracticeLinks } from '../practice/index.ts';
import { bookRoutes } from './routes.ts';
import { bookLookup, createBookHooks, createBookService, type PracticeApi } from './service.ts';
import { createBookStore } from './store.ts';

export type { BookHooks } from './hooks.ts';
export type { BookLookup } from './service.ts';
export { bookDueByDay, bookFigures, bookReviewsSince } from './readers.ts';

/**
 * The wrong-answer book with FSRS review (docs/study.md). Built after practice: it connects its `hooks` to
 * practice's links (every stored answer feeds it) and presents its questions through practice; the exam engine
 * feeds it through `hooks` too.
 */
export function createBookModule(p: Platform, deps: { practice: PracticeApi; links: Pick<PracticeLinks, 'connectBook'> }) {
  const store = createBookStore(p.db);
  const hooks = createBookHooks(store);
  deps.links.connectBook(hooks);
  const handlers = bookRoutes(createBookService({ store, clock: p.clock, practice: deps.practice }));
  return serverModule({ name: 'book', handlers, hooks, lookup: bookLookup(store) });
}

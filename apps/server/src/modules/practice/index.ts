import { serverModule, type Platform } from '../../platform/module.ts';
import type { BookHooks } from '../book/index.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { MarkHooks } from '../study/index.ts';
import { practiceRoutes } from './routes.ts';
import { createPracticeService, type PracticeService } from './service.ts';
import { createPracticeStore, withBankCache } from './store.ts';

export type { PracticeService };

/** Chapter practice (docs/practice.md): the chapter tree, a chapter's questions, one answer, a reset. */
export function createPracticeModule(p: Platform, deps: { book: BookHooks; marks: MarkHooks; entitlements: Pick<EntitlementService, 'chapterAccess' | 'gate'> }) {
  const practice = createPracticeService({
    store: withBankCache(createPracticeStore(p.db), p),
    clock: p.clock,
    book: deps.book,
    marks: deps.marks,
    entitlements: deps.entitlements,
  });
  return serverModule({ name: 'practice', handlers: practiceRoutes(practice), practice });
}

import { createHmac } from 'node:crypto';
import { createMemo } from '../../platform/cache/memo.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { playTokens, tokenKey, type PlayTokens } from '../../platform/media-tokens.ts';
import { createKnowledgeService, type KnowledgeDeps } from './knowledge.ts';
import { readingItems } from './items.ts';
import { installPdfRoute, readingRoutes } from './routes.ts';
import { createReadingService } from './service.ts';
import { createShorthandService } from './shorthand.ts';
import { reportTargetExists } from './reports.ts';
import { createReadingStore, type ReadingShelf } from './store.ts';

/** A subject's reading shelf is held this long at most (an import drops it at once: migration 0029 notifies 'bank'). */
export const READING_CACHE_MS = 5 * 60_000;

/**
 * Reading and knowledge (docs/reading.md): handouts, theory articles and the pocket book with the learner's
 * positions and marks; knowledge points, hot points, 速记 cards on FSRS and 每日一记. Content is held per subject
 * and dropped by an import; what belongs to the learner is read per call.
 */
export function createReadingModule(
  p: Platform,
  deps: { entitlements: Pick<EntitlementService, 'chapterAccess'>; mastery: KnowledgeDeps['mastery']; lessons: KnowledgeDeps['lessons'] },
) {
  const store = createReadingStore(p.db);
  const shelves = createMemo<number, ReadingShelf>(p.bus, { max: 2_000, ttlMs: READING_CACHE_MS });
  const bodies = createMemo<number, string>(p.bus, { max: 5_000, ttlMs: READING_CACHE_MS });
  p.bus.on('bank', () => {
    shelves.clear();
    bodies.clear();
  });
  const shelf = (appId: number) => shelves.get(appId, () => store.shelf(appId));
  let tokens: PlayTokens | undefined;
  const reading = createReadingService({
    store,
    shelf,
    body: (id) => bodies.get(id, async () => (await store.body(id)) ?? ''),
    entitlements: deps.entitlements,
    pdfLink: (userId, itemId, expiresAt) => `/media/r/${itemId}/${tokens!.sign({ userId, lessonId: itemId, expiresAt, limitSeconds: 0 })}/handout.pdf`,
    limiter: p.limiter,
    clock: p.clock,
  });
  const cards = createShorthandService({ store, shelf, entitlements: deps.entitlements, clock: p.clock });
  const knowledge = createKnowledgeService({ store, shelf, entitlements: deps.entitlements, mastery: deps.mastery, lessons: deps.lessons, cards, clock: p.clock });

  const items = readingItems(shelf);

  return serverModule({
    name: 'reading',
    handlers: readingRoutes(reading, knowledge, cards, (appId, target, id) => reportTargetExists(p.db, appId, target, id), items),
    items: Object.values(items),
    async install(app) {
      // The PDF links' key: derived from the video token key, so one secret serves both.
      const base = await tokenKey(p.db, p.config.VIDEO_TOKEN_KEY, new Date(p.clock()));
      tokens = playTokens(createHmac('sha256', base).update('reading-pdf').digest());
      installPdfRoute(app, reading, () => tokens!, p.clock);
    },
  });
}

export { importReading, readingProblemLines, readingSummary, type ReadingImport } from './importer.ts';
export { readReadingFolder, sectionsOf } from './parse.ts';
export { eraseReadingOf } from './erase.ts';
export { listReadingReports, resolveReadingReport, TARGET_NAMES } from './reports.ts';
export { handoutBodies, planHandouts, readingPositionsOf, searchableHandouts, searchablePoints, type SearchableHandout, type SearchablePoint } from './readers.ts';

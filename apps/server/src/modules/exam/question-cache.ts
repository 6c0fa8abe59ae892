import type { CacheBus } from '../../platform/cache/bus.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import type { ExamStore, KeyRow } from './store.ts';

type Questions = Awaited<ReturnType<ExamStore['questions']>>;

/** How long a paper's questions are kept: a question edited by an import shows in running servers within this time. */
export const QUESTION_CACHE_MS = 60_000;
/** At most this many question lists are kept (one per stored paper in use); the oldest goes first. */
export const QUESTION_CACHE_SIZE = 200;

/**
 * The questions of a stored paper's session, read once per list of ids and kept for QUESTION_CACHE_MS
 * (docs/test-modes.md §4 "Exam-day bench"): every learner who starts or resumes the same paper shows the same
 * rows, so on exam day 2,000 starts share one read instead of 2,000 (concurrent misses share the pending read).
 * Only sessions of stored papers use it (drawn sets are one-offs). `now` is the app's clock.
 */
export function paperQuestionCache(read: ExamStore['questions'], now: () => number, bus?: CacheBus) {
  const kept = new Map<string, { at: number; value: Promise<Questions> }>();
  // An import drops them at once (docs/caching.md); QUESTION_CACHE_MS stays the bound should a notification be lost.
  bus?.on('bank', () => kept.clear());
  return (ids: number[]): Promise<Questions> => {
    const key = ids.join(',');
    const hit = kept.get(key);
    const at = now();
    if (hit && at - hit.at < QUESTION_CACHE_MS) return hit.value;
    const value = read(ids);
    kept.delete(key);
    kept.set(key, { at, value });
    // A failed read is not kept.
    value.catch(() => kept.get(key)?.value === value && kept.delete(key));
    while (kept.size > QUESTION_CACHE_SIZE) kept.delete(kept.keys().next().value!);
    return value;
  };
}

/**
 * The answer keys autosave checks replies against, held per question (docs/caching.md): an exam day's autosaves
 * ask for the same few hundred keys thousands of times. Dropped whole on every change to the bank.
 */
export function heldKeys(read: ExamStore['keys'], bus: CacheBus): ExamStore['keys'] {
  const held = createMemo<number, KeyRow>(bus, { max: 200_000, ttlMs: QUESTION_CACHE_MS * 5 });
  bus.on('bank', () => held.clear());
  return (ids) => held.getMany(ids, async (missing) => new Map((await read(missing)).map((r) => [r.id, r])));
}

/**
 * Stored papers by subject and id, held (docs/caching.md): every start of an exam evening's paper names it, and
 * 2,000 starts read one row instead of 2,000. Dropped whole on every change to the bank or the papers (migration
 * 0042); an unknown id is not held.
 */
export function heldPapers(read: ExamStore['paper'], bus: CacheBus): ExamStore['paper'] {
  const held = createMemo<string, Awaited<ReturnType<ExamStore['paper']>>>(bus, { max: 5_000, ttlMs: QUESTION_CACHE_MS * 5 });
  bus.on('bank', () => held.clear());
  return (appId, paperId) =>
    held.get(
      `${appId}:${paperId}`,
      () => read(appId, paperId),
      (row) => row !== undefined,
    );
}

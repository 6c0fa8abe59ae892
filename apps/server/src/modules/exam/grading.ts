import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { BookHooks } from '../book/index.ts';
import type { Tx } from '../../db/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { failureClass } from '../../platform/error-class.ts';
import { unpaced, type Pace } from '../../platform/pace.ts';
import { scoreSession } from './scoring.ts';
import type { ExamStore } from './store.ts';

/** Sealed sessions graded in one transaction, at most (PostgreSQL). */
export const GRADE_BATCH = 100;
/**
 * The same on the embedded database (PGlite): one connection, so every other call waits while a grading
 * transaction runs; 25 sheets keep that wait short (bench/exam-day.ts at N = 500: 100 a batch held hand-ins for
 * up to 2 s).
 */
export const GRADE_BATCH_EMBEDDED = 25;

/**
 * Grading (docs/exams.md "Seal, then grade"): a hand-in only seals its session (status open → sealed); the
 * scoring, the `answers` rows, the wrong-answer book and the result are done here, for many sealed sessions in
 * one transaction. The sealed sessions are the queue: a batch locks them (FOR UPDATE, in id order) and moves
 * each sealed → handed, so nothing is graded twice (another grader waits, then finds it handed) and a crash
 * between the seal and the grade loses nothing (the sweep's drain takes every session still sealed).
 *
 * Hand-ins arriving together are graded together: `grade(id)` joins the batch being gathered (one per process
 * at a time) and resolves with the graded row once its transaction committed.
 */
export function createGrader(deps: { store: ExamStore; book: BookHooks; log?: Pick<FastifyBaseLogger, 'error'>; pace?: Pace; batch?: number }) {
  const { store, book } = deps;
  const batchSize = deps.batch ?? GRADE_BATCH;
  // Grading gives way to requests (platform/pace.ts): a burst of hand-ins is acknowledged first, graded behind.
  const pace = deps.pace ?? unpaced;

  /** Grades the sealed sessions among `ids` in one transaction (waiting for another grader's lock); answers those it graded. */
  async function gradeBatch(ids: readonly number[]): Promise<ExamSessionRow[]> {
    // The keys and chapter names first, outside the transaction (held in the cache; sections are frozen at start).
    const questionIds = [...new Set((await store.sectionsOf(ids)).flatMap((sections) => sections.flatMap((sec) => sec.questions)))];
    const keys = await store.keys(questionIds);
    const names = await store.chapterNames([...new Set(keys.map((k) => k.chapterId))]);
    return store.transaction(async (tx) => {
      const sealed = await store.lockSealed(tx, ids);
      if (sealed.length === 0) return [];
      const replies = await store.repliesOf(
        tx,
        sealed.map((s) => s.id),
      );
      // Scored in memory, then written for the whole batch at once: the answers rows, the book, the grades.
      const graded = sealed.map((s) => {
        const own = new Set(s.sections.flatMap((sec) => sec.questions));
        const scored = scoreSession(
          s,
          replies.get(s.id) ?? [],
          keys.filter((k) => own.has(k.id)),
          names,
        );
        return { s, at: s.handedAt ?? s.startedAt, scored };
      });
      const fresh = await store.storeAnswers(
        tx,
        graded.map(({ s, at, scored }) => ({ userId: s.userId, appId: s.appId, sessionId: s.id, at, answers: scored.answers })),
      );
      // Retired questions are stored but never counted (as in practice), so they stay out of the book.
      await book.onAnswersStored(
        tx,
        graded.map(({ s, at, scored }) => ({
          userId: s.userId,
          appId: s.appId,
          answers: scored.answers.filter((a) => fresh.get(s.id)?.has(a.questionId) && !a.retired).map((a) => ({ questionId: a.questionId, right: a.right, at })),
        })),
      );
      // The first hand-in of a period ranks: two sessions of one learner's period in one batch rank only the first.
      const ranked = new Set<string>();
      const grades = [];
      for (const { s, scored } of graded) grades.push({ id: s.id, score: scored.score, result: scored.result, counted: await ranks(tx, s, ranked) });
      return store.finish(tx, grades);
    });
  }

  /** Whether a graded session ranks: only an exam-display session of a period (its keys never left the server before its hand-in), the learner's first. */
  async function ranks(tx: Tx, s: ExamSessionRow, ranked: Set<string>): Promise<boolean> {
    if (s.period === null || s.handedBy === 'abandoned' || s.mode !== 'exam') return false;
    const rankKey = `${s.userId}:${s.appId}:${s.sourceKey}`;
    if (ranked.has(rankKey) || (await store.countedBefore(tx, s.userId, s.appId, s.sourceKey))) return false;
    ranked.add(rankKey);
    return true;
  }

  // The batch being gathered: hand-ins that arrive while one batch runs wait for the next, which takes them all.
  let waiting = new Map<number, { resolve: (row: ExamSessionRow | undefined) => void; reject: (e: unknown) => void }[]>();
  let running: Promise<void> | undefined;

  async function drainWaiting(): Promise<void> {
    while (waiting.size > 0) {
      await pace.turn();
      const batch = waiting;
      waiting = new Map();
      const ids = [...batch.keys()].slice(0, batchSize);
      // More than a batch: the rest go back for the next round.
      for (const id of [...batch.keys()].slice(batchSize)) waiting.set(id, batch.get(id)!);
      try {
        const graded = new Map((await gradeIsolated(ids)).map((r) => [r.id, r]));
        for (const id of ids) {
          const row = graded.get(id);
          for (const w of batch.get(id)!) w.resolve(row);
        }
      } catch (e) {
        for (const id of ids) for (const w of batch.get(id)!) w.reject(e);
      }
    }
  }

  /**
   * Grades a sealed session with the hand-ins that arrive at the same time; answers its graded row, or undefined
   * when it was not sealed any more (graded meanwhile, by this process or another).
   */
  function grade(id: number): Promise<ExamSessionRow | undefined> {
    const p = new Promise<ExamSessionRow | undefined>((resolve, reject) => {
      const list = waiting.get(id) ?? [];
      list.push({ resolve, reject });
      waiting.set(id, list);
    });
    schedule();
    return p;
  }

  /** Starts a round of batches unless one runs; a hand-in that joined after the round's last batch starts the next. */
  function schedule(): void {
    running ??= new Promise<void>((r) => setImmediate(r)).then(drainWaiting).finally(() => {
      running = undefined;
      if (waiting.size > 0) schedule();
    });
  }

  /**
   * Grades these sealed sessions in one transaction; when that fails, each on its own, so one session that
   * cannot be graded (logged, left sealed for the next sweep) never holds back the others.
   */
  async function gradeIsolated(ids: readonly number[]): Promise<ExamSessionRow[]> {
    try {
      return await gradeBatch(ids);
    } catch (e) {
      if (ids.length === 1) {
        deps.log?.error({ error: failureClass(e), session: ids[0] }, 'exam grading failed; the session stays sealed for the next sweep');
        throw e;
      }
      const done: ExamSessionRow[] = [];
      for (const id of ids) {
        try {
          done.push(...(await gradeBatch([id])));
        } catch (err) {
          deps.log?.error({ error: failureClass(err), session: id }, 'exam grading failed; the session stays sealed for the next sweep');
        }
      }
      return done;
    }
  }

  /**
   * Grades every sealed session (the job's part: deadline seals, and seals whose grading a crash interrupted),
   * `batch` (GRADE_BATCH) per transaction in id order; answers how many.
   */
  async function drain(): Promise<number> {
    let n = 0;
    let after = 0;
    for (;;) {
      await pace.turn();
      const ids = await store.sealedIds(after, batchSize);
      if (ids.length === 0) return n;
      n += (await gradeIsolated(ids)).length;
      after = ids[ids.length - 1]!;
    }
  }

  return { grade, gradeBatch, drain, busy: pace.busy };
}

export type Grader = ReturnType<typeof createGrader>;

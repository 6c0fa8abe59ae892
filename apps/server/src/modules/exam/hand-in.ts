import { EXAM_GRACE_SECONDS, EXAM_MSG, testMode } from '@kaoshi/contract';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { BookHooks } from '../book/index.ts';
import { scoreSession } from './scoring.ts';
import type { ExamStore, HandedBy } from './store.ts';

export const GRACE_MS = EXAM_GRACE_SECONDS * 1000;
/** A learner's hand-in this close to the deadline (or later) is the countdown's automatic one. */
const AUTO_HAND_IN_MS = 1000;
/** Sessions handed in per sweep round. */
export const SWEEP_BATCH = 200;

/** Whether leaving a section locks it: exam display, and the session's row asks for it (no row: a paper, it does). */
export const locksSections = (s: Pick<ExamSessionRow, 'mode' | 'testMode'>) => s.mode === 'exam' && (s.testMode === null || (testMode(s.testMode)?.lockSections ?? true));

/** Whether a session is open past its deadline and the grace at `at`. */
export const overdue = (s: ExamSessionRow, at: Date) => s.status === 'open' && s.deadlineAt !== null && at.getTime() > s.deadlineAt.getTime() + GRACE_MS;

/**
 * When and by whom a session is handed in: never later than the deadline. A hand-in during the grace (or by the
 * sweep) counts at the deadline, and a learner's that arrives from a second before the deadline on is the
 * screen's automatic one (时间到), so it is the deadline's.
 */
export function handing(s: ExamSessionRow, at: Date, by: HandedBy): { at: Date; by: HandedBy } {
  if (!s.deadlineAt) return { at, by };
  const timeUp = at.getTime() >= s.deadlineAt.getTime() - AUTO_HAND_IN_MS;
  return { at: s.deadlineAt < at ? s.deadlineAt : at, by: by === 'learner' && timeUp ? 'deadline' : by };
}

/** The hand-in of the exam engine, its deadline rules and the sweep. */
export function createHandIn(deps: { store: ExamStore; clock: Clock; book: BookHooks }) {
  const { store, clock, book } = deps;
  const now = () => new Date(clock());

  /**
   * Hands a session in, once (idempotent; safe under parallel duplicates): in one transaction that holds the
   * session row, the conditional claim (status open → handed) decides the winner, which scores the replies,
   * stores the answers, feeds the book with the newly stored ones, and writes the result. A parallel duplicate
   * waits on the row and then finds it handed. Answers the handed row.
   */
  async function handInRow(userId: number, id: number, by: HandedBy): Promise<ExamSessionRow> {
    const at = now();
    const row = await store.transaction(async (tx) => {
      const current = await store.lockSession(tx, userId, id);
      if (!current || current.status !== 'open') return current;
      const when = handing(current, at, by);
      const claimed = await store.claim(tx, id, when.at, when.by);
      if (!claimed) return current;
      const { replies, keys, chapterNames } = await store.scoringInputs(tx, claimed);
      const scored = scoreSession(claimed, replies, keys, chapterNames);
      const fresh = await store.storeAnswers(tx, userId, claimed, when.at, scored.answers);
      // Retired questions are stored but never counted (as in practice), so they stay out of the book.
      const counted = scored.answers.filter((a) => fresh.has(a.questionId) && !a.retired);
      await book.onAnswersStored(
        tx,
        userId,
        claimed.appId,
        counted.map((a) => ({ questionId: a.questionId, right: a.right, at: when.at })),
      );
      // The first hand-in of a period (daily, weekly) ranks; one open session per source keeps this race-free.
      // Only an exam-display session ranks: its keys never left the server before this hand-in.
      const ranks = claimed.period !== null && when.by !== 'abandoned' && claimed.mode === 'exam' && !(await store.countedBefore(tx, userId, claimed.appId, claimed.sourceKey));
      return store.finish(tx, id, scored.score, scored.result, ranks);
    });
    if (!row) throw notFound(EXAM_MSG.unknownSession);
    return row;
  }

  /** The learner's session; one past its deadline (and the grace) is handed in first, at the deadline. */
  async function ownSession(userId: number, id: number): Promise<ExamSessionRow> {
    const s = await store.session(userId, id);
    if (!s) throw notFound(EXAM_MSG.unknownSession);
    if (overdue(s, now())) return handInRow(userId, id, 'deadline');
    return s;
  }

  /** Hands in every open session whose deadline (and the grace) has passed, at its deadline; answers how many. */
  async function sweep(): Promise<number> {
    let n = 0;
    for (;;) {
      const due = await store.overdue(new Date(clock() - GRACE_MS), SWEEP_BATCH);
      for (const d of due) {
        const s = await handInRow(d.userId, d.id, 'deadline');
        if (s.status === 'handed') n++;
      }
      if (due.length < SWEEP_BATCH) return n;
    }
  }

  return { handInRow, ownSession, sweep };
}

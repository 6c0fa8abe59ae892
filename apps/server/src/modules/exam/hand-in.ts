import { EXAM_GRACE_SECONDS, EXAM_MSG, testMode } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BookHooks } from '../book/index.ts';
import { createGrader } from './grading.ts';
import type { Pace } from '../../platform/pace.ts';
import type { ExamStore, HandedBy, ReplyWrite } from './store.ts';

export const GRACE_MS = EXAM_GRACE_SECONDS * 1000;
/** A learner's hand-in this close to the deadline (or later) is the countdown's automatic one. */
const AUTO_HAND_IN_MS = 1000;
/** Sessions sealed per statement of the sweep. */
export const SWEEP_BATCH = 500;

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

/**
 * Replies a hand-in carries (the device's last unsaved ones), checked against the session as it was read
 * (`sectionIndex`): written in the seal's transaction when the session is still open in that section and within
 * its deadline and the grace; dropped otherwise (another device moved on or handed in first: its sheet counts).
 */
export interface CarriedReplies {
  writes: ReplyWrite[];
  sectionIndex: number;
}

/** The hand-in of the exam engine, its deadline rules and the sweep: a hand-in seals, the grader grades (grading.ts). */
export function createHandIn(deps: { store: ExamStore; clock: Clock; book: BookHooks; log?: Pick<FastifyBaseLogger, 'error'>; pace?: Pace; gradeBatch?: number }) {
  const { store, clock } = deps;
  const now = () => new Date(clock());
  const grader = createGrader({ ...deps, batch: deps.gradeBatch });

  /**
   * Hands a session in, once (idempotent; safe under parallel duplicates and other devices): one transaction
   * holds the session row and seals it (status open → sealed, a conditional UPDATE decides the winner); the
   * grader then grades it with the hand-ins that arrived with it. A parallel duplicate waits on the row, finds
   * it sealed or handed, and waits for the same grade. Answers the graded row.
   */
  async function handInRow(userId: number, id: number, by: HandedBy, waitMs = Infinity): Promise<ExamSessionRow> {
    return graded(userId, (await seal(userId, id, by)).row, waitMs);
  }

  /** The learner's hand-in with the replies its device carries: the row (as handInRow's), and how many of them it wrote. */
  async function handInCarrying(userId: number, id: number, waitMs: number, carried: CarriedReplies): Promise<{ row: ExamSessionRow; saved: number | null }> {
    const { row, saved } = await seal(userId, id, 'learner', carried);
    return { row: await graded(userId, row, waitMs), saved };
  }

  /**
   * Seals the learner's session (once), with the replies it carries; answers the row as it is after (sealed, or as
   * it was when not open) and how many carried replies were written (null when none were: the sheet no longer
   * open, the time up; a replay's replies, or ones an earlier autosave delivered, may be held all the same).
   */
  async function seal(userId: number, id: number, by: HandedBy, carried?: CarriedReplies): Promise<{ row: ExamSessionRow; saved: number | null }> {
    const at = now();
    const out = await store.transaction(async (tx) => {
      const current = await store.lockSession(tx, userId, id);
      if (!current || current.status !== 'open') return { row: current, saved: null };
      let saved: number | null = null;
      if (carried?.writes.length && !overdue(current, at) && current.sectionIndex === carried.sectionIndex) {
        // Held: every carried reply but one whose replyID was already used for another question (a replay is held).
        saved = carried.writes.length - (await store.writeReplies(tx, userId, id, at, carried.writes)).reused.length;
      }
      const when = handing(current, at, by);
      return { row: (await store.seal(tx, id, when.at, when.by)) ?? current, saved };
    });
    if (!out.row) throw notFound(EXAM_MSG.unknownSession);
    return { row: out.row, saved: out.saved };
  }

  /**
   * A sealed session graded (by this process's next batch, or by whichever grader holds it): the handed row; or,
   * when the grade is not in within `waitMs`, the sealed row (its grade goes on behind the reply).
   */
  async function graded(userId: number, row: ExamSessionRow, waitMs = Infinity): Promise<ExamSessionRow> {
    if (row.status !== 'sealed') return row;
    const grading = grader.grade(row.id);
    // A busy process (an exam evening's hand-in minute) acknowledges at once: the grade waits for quieter moments.
    if (Number.isFinite(waitMs) && grader.busy()) {
      grading.catch(() => undefined);
      return row;
    }
    if (Number.isFinite(waitMs)) {
      // The grade goes on behind the reply; a failure is the grader's to log, and the sweep grades what is left
      // sealed: the learner's sheet is handed in either way.
      const late = grading.catch(() => row);
      const done = await Promise.race([late, sleep(waitMs).then(() => row)]);
      if (done === row) return row;
      if (done) return done;
    } else {
      const done = await grading;
      if (done) return done;
    }
    const fresh = await store.session(userId, row.id);
    if (!fresh) throw notFound(EXAM_MSG.unknownSession);
    return fresh;
  }

  /**
   * The learner's session; one past its deadline (and the grace) is handed in first, at the deadline; a sealed one
   * graded (waiting at most `waitMs` for its grade).
   */
  async function ownSession(userId: number, id: number, waitMs = Infinity): Promise<ExamSessionRow> {
    const s = await store.session(userId, id);
    if (!s) throw notFound(EXAM_MSG.unknownSession);
    if (overdue(s, now())) return handInRow(userId, id, 'deadline', waitMs);
    return graded(userId, s, waitMs);
  }

  /**
   * The deadline's part (docs/exams.md): seals every open session whose deadline (and the grace) has passed, at
   * its deadline, SWEEP_BATCH per statement, then grades every sealed session. Answers how many it sealed.
   */
  async function sweep(): Promise<number> {
    let n = 0;
    for (;;) {
      const sealed = await store.sealOverdue(new Date(clock() - GRACE_MS), SWEEP_BATCH);
      n += sealed;
      if (sealed < SWEEP_BATCH) break;
    }
    await grader.drain();
    return n;
  }

  return { handInRow, handInCarrying, ownSession, sweep, grader };
}

import { BOOK_STATES, CLEAR_AFTER_DEFAULT, PRACTICE_MSG, type BookState, type Evaluation, type PracticeGroup, type StudyKind, type StudyQuestion } from '@kaoshi/contract';
import { FSRS_PARAMS, Rating, review, type Grade } from '../../platform/srs.ts';
import type { Tx } from '../../db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { PracticeService } from '../practice/index.ts';
import { subtree } from '../questions/index.ts';
import type { AnswersOfOne, BookHooks } from './hooks.ts';
import type { BookPatch, BookRow, BookStore } from './store.ts';

/** The app's FSRS scheduler (platform/srs.ts): the 速记 cards review with the same one. */
export { FSRS_PARAMS };

/** What happened to a question: a wrong answer / 'forgot' (Again), 'vague' (Hard), a right answer / 'know' (Good). */
export type BookEvent = 'wrong' | 'hard' | 'right';

const GRADE: Record<BookEvent, Grade> = { wrong: Rating.Again, hard: Rating.Hard, right: Rating.Good };

/** A book row as the contract shows it. */
export function bookState(row: BookRow): BookState {
  return {
    wrongCount: row.wrongCount,
    rightStreak: row.rightStreak,
    due: row.due.toISOString(),
    state: BOOK_STATES[row.state] ?? 'new',
    reps: row.reps,
    lapses: row.lapses,
    addedAt: row.addedAt.toISOString(),
    lastWrongAt: row.lastWrongAt.toISOString(),
  };
}

/** One FSRS review of the row's card at `at` (platform/srs.ts). */
const schedule = (row: BookRow, at: Date, grade: Grade): BookPatch => review(row, at, grade);

/**
 * The book's rules for one event on the learner's (locked) row: the patch to write and whether the question is
 * in the book afterwards, or undefined when the event changes nothing (a review of a question outside the
 * book). A wrong answer needs a row (`ensureLocked` makes one); `clearAfter` is read only for a right answer in the book.
 */
async function transition(row: BookRow, event: BookEvent, at: Date, clearAfter: () => Promise<number>): Promise<{ patch: BookPatch; inBook: boolean } | undefined> {
  if (event === 'wrong') {
    const reopened = row.removedAt !== null;
    const patch: BookPatch = {
      ...schedule(row, at, GRADE.wrong),
      wrongCount: row.wrongCount + 1,
      rightStreak: 0,
      lastWrongAt: at,
      // A question that comes back enters the book anew (its FSRS history is kept).
      addedAt: reopened ? at : row.addedAt,
      removedAt: null,
      removedBy: null,
    };
    return { patch, inBook: true };
  }
  if (row.removedAt !== null) return undefined;
  if (event === 'hard') return { patch: { ...schedule(row, at, GRADE.hard), rightStreak: 0 }, inBook: true };
  const streak = row.rightStreak + 1;
  const cleared = streak >= (await clearAfter());
  return {
    patch: { ...schedule(row, at, GRADE.right), rightStreak: streak, ...(cleared && { removedAt: at, removedBy: 'cleared' }) },
    inBook: !cleared,
  };
}

/**
 * One event, inside the caller's transaction. The row is locked (SELECT … FOR UPDATE; for a wrong answer an
 * INSERT … ON CONFLICT DO UPDATE that creates it when missing), so parallel events of the same learner and question apply one after
 * the other and none is lost. Returns the row afterwards, or undefined when the question is not in the book
 * (now or any more).
 */
export async function applyEvent(store: BookStore, tx: Tx, e: { userId: number; appId: number; questionId: number; at: Date; event: BookEvent }): Promise<BookRow | undefined> {
  const { userId, questionId, at } = e;
  // A wrong answer puts the question in (or keeps it there) and locks its row in one statement; others only lock.
  const row = e.event === 'wrong' ? await store.ensureLocked(tx, { userId, questionId, appId: e.appId, at }) : await store.lock(tx, userId, questionId);
  if (!row) return undefined;
  const next = await transition(row, e.event, at, async () => (await store.clearAfter(userId, tx)) ?? CLEAR_AFTER_DEFAULT);
  if (!next) return undefined;
  const updated = await store.update(tx, userId, questionId, next.patch);
  return next.inBook ? updated : undefined;
}

/**
 * Many learners' answers at once (the sheets of a grading batch), with the same rules as `applyEvent` one after
 * the other, in a handful of statements whatever the count: one insert of the missing rows, one locking read, the
 * clear-after settings once, one multi-row write. One learner's answers to one question apply in their order.
 */
export async function applyAnswers(store: BookStore, tx: Tx, sheets: readonly AnswersOfOne[]): Promise<void> {
  const all = sheets.flatMap((s) => s.answers.map((a) => ({ ...a, userId: s.userId, appId: s.appId })));
  if (all.length === 0) return;
  await store.ensureMany(
    tx,
    all.filter((a) => !a.right),
  );
  const key = (userId: number, questionId: number) => `${userId}:${questionId}`;
  const keys = new Map(all.map((a) => [key(a.userId, a.questionId), { userId: a.userId, questionId: a.questionId }]));
  const rows = new Map((await store.lockMany(tx, [...keys.values()])).map((r) => [key(r.userId, r.questionId), r]));
  let settings: Promise<Map<number, number>> | undefined;
  const clearAfter = (userId: number) => async () => (await (settings ??= store.clearAfterOf(tx, [...new Set(all.map((a) => a.userId))]))).get(userId) ?? CLEAR_AFTER_DEFAULT;
  const changed = new Map<string, BookRow>();
  for (const a of all) {
    const k = key(a.userId, a.questionId);
    const row = changed.get(k) ?? rows.get(k);
    if (!row) {
      if (!a.right) throw new Error('book item neither inserted nor found');
      continue;
    }
    const next = await transition(row, a.right ? 'right' : 'wrong', a.at, clearAfter(a.userId));
    if (next) changed.set(k, { ...row, ...next.patch });
  }
  await store.writeMany(tx, [...changed.values()]);
}

/** The book's part in practice: every newly stored answer (right or wrong) feeds the book in its transaction. */
export function createBookHooks(store: BookStore): BookHooks {
  return {
    async onAnswerStored(tx, a) {
      const row = await applyEvent(store, tx, { userId: a.userId, appId: a.appId, questionId: a.questionId, at: a.at, event: a.right ? 'right' : 'wrong' });
      return row !== undefined;
    },
    onAnswersStored: (tx, sheets) => applyAnswers(store, tx, sheets),
    inBook: (userId, questionId) => store.inBook(userId, questionId),
  };
}

/** The learner's book state of these questions (those in the book now), for other modules' question lists. */
export type BookLookup = (userId: number, questionIds: number[]) => Promise<Map<number, BookState>>;

export const bookLookup =
  (store: BookStore) =>
  async (userId: number, questionIds: number[]): Promise<Map<number, BookState>> =>
    new Map((await store.states(userId, questionIds)).map((r) => [r.questionId, bookState(r)]));

const EVALUATION_EVENT: Record<Evaluation, BookEvent> = { know: 'right', vague: 'hard', forgot: 'wrong' };

/** What the book lists need of practice: its gate and its question presentation. */
export type PracticeApi = Pick<PracticeService, 'questionsByIds'>;

/** The wrong-answer book calls (docs/book.md). Every read and write is for the given (session) user only. */
export function createBookService(deps: { store: BookStore; clock: Clock; practice: PracticeApi }) {
  const { store, clock, practice } = deps;
  const now = () => new Date(clock());

  /** A question of this subject: unknown → 400 试题不存在, another subject's → 400 试题不属于该科目. */
  async function knownQuestion(appId: number, questionId: number) {
    const q = await store.question(questionId);
    if (!q) throw badInput(PRACTICE_MSG.unknownQuestion);
    if (q.appId !== appId) throw badInput(PRACTICE_MSG.wrongSubject);
    return q;
  }

  /** Book rows shown as study questions, in the rows' order. */
  async function present(userId: number, appId: number, rows: BookRow[]): Promise<{ groups: PracticeGroup[]; list: StudyQuestion[] }> {
    const byId = new Map(rows.map((r) => [r.questionId, r]));
    const shown = await practice.questionsByIds(
      userId,
      appId,
      rows.map((r) => r.questionId),
    );
    const list = shown.list.flatMap((q) => {
      const row = byId.get(q.allTestID);
      return row ? [{ ...q, book: bookState(row) }] : [];
    });
    return { groups: shown.groups, list };
  }

  return {
    /** getErrorTest: the book, or a chapter's part of it (with its sub-chapters), or only what is due now (by due time). */
    async errorTest(userId: number, appId: number, q: { cptId?: number; due?: boolean; page: number; pageSize: number }) {
      let chapterIds: number[] | undefined;
      if (q.cptId !== undefined) {
        const all = await store.chapters(appId);
        if (!all.some((c) => c.id === q.cptId)) throw notFound(PRACTICE_MSG.unknownChapter);
        chapterIds = subtree(all, q.cptId);
      }
      const { rows, total } = await store.page(userId, appId, { chapterIds, dueAt: q.due ? now() : undefined }, (q.page - 1) * q.pageSize, q.pageSize);
      return { AppID: appId, page: q.page, pageSize: q.pageSize, total, ...(await present(userId, appId, rows)) };
    },

    /** getCataloglist: the chapters holding book items, favourites or notes, with counts. */
    async catalog(userId: number, appId: number, kind: StudyKind, page: number, pageSize: number) {
      const { list, total, items } = await store.catalog(kind, userId, appId, now(), (page - 1) * pageSize, pageSize);
      return { AppID: appId, kind, page, pageSize, total, items, list };
    },

    async summary(userId: number, appId: number) {
      const [s, clearAfter] = await Promise.all([store.summary(userId, appId, now()), store.clearAfter(userId)]);
      return { AppID: appId, ...s, nextDueAt: s.nextDueAt ? s.nextDueAt.toISOString() : null, clearAfter: clearAfter ?? CLEAR_AFTER_DEFAULT };
    },

    /** The learner's clear-after setting (all subjects). */
    async settings(userId: number, clearAfter: number) {
      return { clearAfter: await store.setClearAfter(userId, clearAfter) };
    },

    async remove(userId: number, appId: number, questionId: number) {
      await knownQuestion(appId, questionId);
      return { allTestID: questionId, removed: await store.remove(userId, questionId, now()) };
    },

    /** Recite review: know → Good (a right answer), vague → Hard (streak 0), forgot → Again (enters the book). */
    async evaluate(userId: number, appId: number, questionId: number, status: Evaluation) {
      const q = await knownQuestion(appId, questionId);
      // Retired questions stay out of the book (as in practice): nothing changes, the current state is answered.
      if (q.retired) {
        const [current] = await store.states(userId, [questionId]);
        return { allTestID: questionId, inBook: current !== undefined, book: current ? bookState(current) : null };
      }
      const row = await store.transaction((tx) => applyEvent(store, tx, { userId, appId, questionId, at: now(), event: EVALUATION_EVENT[status] }));
      return { allTestID: questionId, inBook: row !== undefined, book: row ? bookState(row) : null };
    },
  };
}

export type BookService = ReturnType<typeof createBookService>;

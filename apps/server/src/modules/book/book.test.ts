import {
  CLEAR_AFTER_DEFAULT,
  evaluate,
  getCataloglist,
  getErrorTest,
  removeFromBook,
  reviewSettings,
  reviewSummary,
  submitReply,
  type BookState,
} from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookItems, chapters, favourites, notes, questions } from '../../db/schema/index.ts';
import { createTestApp, makeModulePaid, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';
import { applyAnswers, applyEvent, FSRS_PARAMS } from './service.ts';
import { createBookStore } from './store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const APP = 2001;
const MINUTE = 60_000;
const DAY = 24 * 3600_000;
const bookCalls = [getErrorTest, getCataloglist, reviewSummary, reviewSettings, removeFromBook, evaluate];

let phoneCounter = 0;
const rid = replyIds('book');

interface Q {
  id: number;
  chapterId: number;
  groupId: number | null;
  type: string;
  answer: unknown;
}
async function question(extId: string, appId = APP): Promise<Q> {
  const [q] = await t.db
    .select({ id: questions.id, chapterId: questions.chapterId, groupId: questions.groupId, type: questions.type, answer: questions.answer })
    .from(questions)
    .where(and(eq(questions.appId, appId), eq(questions.extId, extId)));
  if (!q) throw new Error(`no question ${extId}`);
  return q;
}
async function chapterId(code: string): Promise<number> {
  const [c] = await t.db.select({ id: chapters.id }).from(chapters).where(and(eq(chapters.appId, APP), eq(chapters.code, code)));
  if (!c) throw new Error(`no chapter ${code}`);
  return c.id;
}

/** Answer an A1/A2 question right or wrong through submitReply. */
async function answer(guid: string, extId: string, right: boolean, extra: Record<string, unknown> = {}) {
  const q = await question(extId);
  const key = q.answer as string;
  const reply = right ? key : key === 'A' ? 'B' : 'A';
  const body = await t.call(submitReply, { guid, appID: APP, cptID: q.chapterId, allTestID: q.id, lastUserReply: reply, replyID: rid(), ...extra });
  expect(body.status, body.msg).toBe(200);
  expect(body.data.right).toBe(right);
  return body.data as { right: boolean; inBook: boolean };
}

async function errorTest(guid: string, extra: Record<string, unknown> = {}) {
  const body = await t.call(getErrorTest, { guid, appID: APP, ...extra });
  expect(body.status, body.msg).toBe(200);
  return body.data as { total: number; page: number; pageSize: number; groups: { childTableID: number }[]; list: { allTestID: number; srcID: string; cptID: number; book: BookState }[] };
}
/** The learner's book state of a question, from getErrorTest (undefined when not in the book). */
async function stateOf(guid: string, extId: string): Promise<BookState | undefined> {
  const q = await question(extId);
  return (await errorTest(guid)).list.find((i) => i.allTestID === q.id)?.book;
}
async function catalog(guid: string, kind: string) {
  const body = await t.call(getCataloglist, { guid, appID: APP, kind });
  expect(body.status, body.msg).toBe(200);
  return body.data as { total: number; items: number; kind: string; list: { cptID: number; name: string; count: number; due: number }[] };
}
async function summary(guid: string) {
  const body = await t.call(reviewSummary, { guid, appID: APP });
  expect(body.status, body.msg).toBe(200);
  return body.data as { items: number; due: number; nextDueAt: string | null; cleared: number; clearAfter: number };
}
const iso = (ms: number) => new Date(ms).toISOString();

/** What ts-fsrs (with the book's parameters) schedules for these reviews of a new card. */
function expectedCard(reviews: { at: number; grade: Grade }[]): Card {
  const scheduler = fsrs(FSRS_PARAMS);
  let card = createEmptyCard(new Date(reviews[0]!.at));
  for (const r of reviews) card = scheduler.next(card, new Date(r.at), r.grade).card;
  return card;
}

describe('every book call', () => {
  it('needs a session', async () => {
    for (const call of bookCalls) {
      expect(await t.callRaw(call, { appID: APP, allTestID: 1, kind: 'error', clearAfter: 2, status: 'know' }), call.id).toEqual(NOT_LOGGED_IN);
    }
  });

  it('names the bad field in Chinese (400) and caps page sizes', async () => {
    const guid = await t.newLearner();
    expect(await t.call(getErrorTest, { guid, appID: 'x' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
    expect(await t.call(getErrorTest, { guid, appID: APP, pageSize: 51 })).toMatchObject({ status: 400, msg: '每页数量格式不正确' });
    expect(await t.call(getErrorTest, { guid, appID: APP, pageSize: 50 })).toMatchObject({ status: 200, data: { pageSize: 50 } });
    expect(await t.call(getErrorTest, { guid, appID: APP, cptID: 0 })).toMatchObject({ status: 400, msg: '章节编号格式不正确' });
    expect(await t.call(getCataloglist, { guid, appID: APP, kind: 'wrong' })).toMatchObject({ status: 400, msg: '列表类型格式不正确' });
    expect(await t.call(getCataloglist, { guid, appID: APP })).toMatchObject({ status: 400, msg: '列表类型格式不正确' });
    expect(await t.call(getCataloglist, { guid, appID: APP, kind: 'error', pageSize: 501 })).toMatchObject({ status: 400, msg: '每页数量格式不正确' });
    expect(await t.call(reviewSettings, { guid, clearAfter: 0 })).toMatchObject({ status: 400, msg: '连续答对次数格式不正确' });
    expect(await t.call(reviewSettings, { guid, clearAfter: 11 })).toMatchObject({ status: 400, msg: '连续答对次数格式不正确' });
    expect(await t.call(reviewSettings, { guid })).toMatchObject({ status: 400, msg: '请填写连续答对次数' });
    expect(await t.call(removeFromBook, { guid, appID: APP })).toMatchObject({ status: 400, msg: '请填写试题编号' });
    const q = await question('ys-001');
    expect(await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'maybe' })).toMatchObject({ status: 400, msg: '掌握情况格式不正确' });
  });

  it('refuses a question of another subject and an unknown question (400), an unknown chapter (404)', async () => {
    const guid = await t.newLearner();
    const [foreign] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 1001)).limit(1);
    for (const call of [removeFromBook, evaluate]) {
      expect(await t.callRaw(call, { guid, appID: APP, allTestID: foreign!.id, status: 'forgot' })).toEqual({ status: 400, msg: '试题不属于该科目', data: null });
      expect(await t.callRaw(call, { guid, appID: APP, allTestID: 99_999_999, status: 'forgot' })).toEqual({ status: 400, msg: '试题不存在', data: null });
    }
    expect(await t.db.select().from(bookItems).where(eq(bookItems.questionId, foreign!.id))).toEqual([]);
    const other = (await t.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.appId, 1001)).limit(1))[0]!.id;
    expect(await t.call(getErrorTest, { guid, appID: APP, cptID: other })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect(await t.call(reviewSummary, { guid, appID: 9999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
  });
});

describe('wrong answers', () => {
  it('put the question in the book, listed by getErrorTest and per chapter, due after the FSRS relearning step', async () => {
    const guid = await t.newLearner();
    const start = t.clock.now;
    expect((await answer(guid, 'ys-001', false)).inBook).toBe(true);
    const q = await question('ys-001');
    const jx = await chapterId('yx1-jx');

    const book = await errorTest(guid);
    expect(book).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const card = expectedCard([{ at: start, grade: Rating.Again }]);
    expect(card.due.getTime()).toBe(start + MINUTE); // ts-fsrs: Again on a new card → learning step 1m
    expect(book.list[0]).toMatchObject({ allTestID: q.id, srcID: 'ys-001', cptID: jx, answer: 'E', last: { lastUserReply: 'A', right: false } });
    expect(book.list[0]!.book).toEqual({
      wrongCount: 1,
      rightStreak: 0,
      due: iso(start + MINUTE),
      state: 'learning',
      reps: 1,
      lapses: 0,
      addedAt: iso(start),
      lastWrongAt: iso(start),
    });

    // Not due right after the answer; due once the step has passed.
    expect((await errorTest(guid, { due: true })).total).toBe(0);
    expect(await catalog(guid, 'error')).toEqual({
      AppID: APP,
      kind: 'error',
      page: 1,
      pageSize: 500,
      total: 1,
      items: 1,
      list: [{ cptID: jx, parentID: await chapterId('yx1'), name: '药物剂型与制剂', order: expect.any(Number), count: 1, due: 0 }],
    });
    expect(await summary(guid)).toEqual({ AppID: APP, items: 1, due: 0, nextDueAt: iso(start + MINUTE), cleared: 0, clearAfter: CLEAR_AFTER_DEFAULT });

    t.clock.advance(MINUTE);
    expect((await errorTest(guid, { due: true })).list.map((i) => i.srcID)).toEqual(['ys-001']);
    expect((await catalog(guid, 'error')).list[0]).toMatchObject({ count: 1, due: 1 });
    expect(await summary(guid)).toMatchObject({ items: 1, due: 1, nextDueAt: null });
  });

  it('count again on a question already in the book: wrong count up, FSRS Again again', async () => {
    const guid = await t.newLearner();
    const t0 = t.clock.now;
    await answer(guid, 'ys-002', false);
    t.clock.advance(5 * MINUTE);
    await answer(guid, 'ys-002', false);
    const card = expectedCard([
      { at: t0, grade: Rating.Again },
      { at: t0 + 5 * MINUTE, grade: Rating.Again },
    ]);
    expect(await stateOf(guid, 'ys-002')).toMatchObject({ wrongCount: 2, rightStreak: 0, due: card.due.toISOString(), reps: 2, addedAt: iso(t0), lastWrongAt: iso(t0 + 5 * MINUTE) });
  });

  it('are listed most recently wrong first, by due time for a review, per chapter (with sub-chapters), paged', async () => {
    const guid = await t.newLearner();
    const jx = await chapterId('yx1-jx');
    await answer(guid, 'ys-001', false); // jx
    t.clock.advance(MINUTE);
    await answer(guid, 'ys-002', false); // yd
    t.clock.advance(MINUTE);
    await answer(guid, 'ys-003', false); // jx
    // ys-001 is now in its second learning step (Good: +10m): due later than the other two.
    await answer(guid, 'ys-001', true);
    t.clock.advance(MINUTE);
    expect((await errorTest(guid)).list.map((i) => i.srcID)).toEqual(['ys-003', 'ys-002', 'ys-001']);
    expect((await errorTest(guid, { due: true })).list.map((i) => i.srcID)).toEqual(['ys-002', 'ys-003']);
    expect((await errorTest(guid, { cptID: jx })).list.map((i) => i.srcID)).toEqual(['ys-003', 'ys-001']);
    // A parent chapter gives its sub-chapters' items (like chapterlist); due and cptID combine.
    expect((await errorTest(guid, { cptID: await chapterId('yx1') })).list.map((i) => i.srcID)).toEqual(['ys-003', 'ys-002', 'ys-001']);
    expect((await errorTest(guid, { cptID: jx, due: true })).list.map((i) => i.srcID)).toEqual(['ys-003']);
    expect((await errorTest(guid, { cptID: await chapterId('yx2') })).total).toBe(0);
    const p2 = await errorTest(guid, { pageSize: 2, page: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.list.map((i) => i.srcID)).toEqual(['ys-001']);
    expect((await catalog(guid, 'error')).list.map((c) => [c.cptID, c.count, c.due])).toEqual([
      [jx, 2, 1],
      [await chapterId('yx1-yd'), 1, 1],
    ]);
    expect(await catalog(guid, 'error')).toMatchObject({ total: 2, items: 3 });
  });

  it('of a group member list the member with its group', async () => {
    const guid = await t.newLearner();
    const q = await question('ys-g-04-1');
    const body = await t.call(submitReply, { guid, appID: APP, cptID: q.chapterId, allTestID: q.id, lastUserReply: 'C', replyID: rid() });
    expect(body.data).toMatchObject({ right: false, inBook: true });
    const book = await errorTest(guid);
    expect(book.list.map((i) => i.allTestID)).toEqual([q.id]);
    expect(book.groups.map((g) => g.childTableID)).toEqual([q.groupId]);
  });
});

describe('right answers', () => {
  it('move the due date later by FSRS Good and count the streak; a right answer outside the book does nothing', async () => {
    const guid = await t.newLearner();
    const t0 = t.clock.now;
    await answer(guid, 'ys-004', false);
    const reviews: { at: number; grade: Grade }[] = [{ at: t0, grade: Rating.Again }];
    let before = (await stateOf(guid, 'ys-004'))!;
    for (const [i, wait] of [MINUTE, 10 * MINUTE].entries()) {
      t.clock.advance(wait);
      expect((await answer(guid, 'ys-004', true)).inBook).toBe(true);
      reviews.push({ at: t.clock.now, grade: Rating.Good });
      const after = (await stateOf(guid, 'ys-004'))!;
      expect(after.rightStreak).toBe(i + 1);
      expect(after.wrongCount).toBe(1);
      expect(after.due).toBe(expectedCard(reviews).due.toISOString());
      expect(Date.parse(after.due)).toBeGreaterThan(Date.parse(before.due));
      before = after;
    }
    // Two Goods take the card through its learning steps into review, due a day or more later.
    expect(before.state).toBe('review');
    expect(Date.parse(before.due) - t.clock.now).toBeGreaterThanOrEqual(DAY);

    const other = await t.newLearner();
    expect((await answer(other, 'ys-004', true)).inBook).toBe(false);
    expect((await errorTest(other)).total).toBe(0);
  });

  it(`clear the question after ${CLEAR_AFTER_DEFAULT} in a row; a wrong answer in between resets the streak`, async () => {
    const guid = await t.newLearner();
    await answer(guid, 'ys-005', false);
    await answer(guid, 'ys-005', true);
    await answer(guid, 'ys-005', true);
    expect(await stateOf(guid, 'ys-005')).toMatchObject({ rightStreak: 2 });
    await answer(guid, 'ys-005', false);
    expect(await stateOf(guid, 'ys-005')).toMatchObject({ rightStreak: 0, wrongCount: 2 });
    expect((await answer(guid, 'ys-005', true)).inBook).toBe(true);
    expect((await answer(guid, 'ys-005', true)).inBook).toBe(true);
    const t0 = t.clock.now;
    expect((await answer(guid, 'ys-005', true)).inBook).toBe(false);
    expect(await errorTest(guid)).toMatchObject({ total: 0, list: [] });
    expect(await catalog(guid, 'error')).toMatchObject({ total: 0, items: 0, list: [] });
    expect(await summary(guid)).toMatchObject({ items: 0, due: 0, nextDueAt: null, cleared: 1 });
    const q = await question('ys-005');
    const [row] = await t.db.select().from(bookItems).where(and(eq(bookItems.questionId, q.id), eq(bookItems.removedBy, 'cleared')));
    expect(row).toMatchObject({ removedAt: new Date(t0), rightStreak: 3, wrongCount: 2 });

    // A wrong answer brings it back, with a fresh streak.
    t.clock.advance(MINUTE);
    expect((await answer(guid, 'ys-005', false)).inBook).toBe(true);
    expect(await stateOf(guid, 'ys-005')).toMatchObject({ wrongCount: 3, rightStreak: 0, addedAt: iso(t.clock.now), state: 'relearning' });
    expect(await summary(guid)).toMatchObject({ items: 1, cleared: 0 });
  });
});

describe('reviewSettings', () => {
  it('sets the learner’s clear-after count (others keep the default)', async () => {
    const [guid, other] = [await t.newLearner(), await t.newLearner()];
    expect(await t.call(reviewSettings, { guid, clearAfter: 1 })).toEqual({ status: 200, msg: '', data: { clearAfter: 1 } });
    expect(await summary(guid)).toMatchObject({ clearAfter: 1 });
    expect(await summary(other)).toMatchObject({ clearAfter: CLEAR_AFTER_DEFAULT });
    for (const g of [guid, other]) await answer(g, 'ys-006', false);
    expect((await answer(guid, 'ys-006', true)).inBook).toBe(false);
    expect((await answer(other, 'ys-006', true)).inBook).toBe(true);

    expect((await t.call(reviewSettings, { guid, clearAfter: 10 })).data).toEqual({ clearAfter: 10 });
    await answer(guid, 'ys-006', false);
    for (let i = 0; i < 9; i++) expect((await answer(guid, 'ys-006', true)).inBook).toBe(true);
    expect((await answer(guid, 'ys-006', true)).inBook).toBe(false);
  });

  it('applies a lowered setting at the next right answer', async () => {
    const guid = await t.newLearner();
    await answer(guid, 'ys-007', false);
    await answer(guid, 'ys-007', true);
    await answer(guid, 'ys-007', true);
    await t.call(reviewSettings, { guid, clearAfter: 1 });
    expect(await stateOf(guid, 'ys-007')).toMatchObject({ rightStreak: 2 });
    expect((await answer(guid, 'ys-007', true)).inBook).toBe(false);
  });
});

describe('removeFromBook', () => {
  it('takes the question out (then answers removed:false); a wrong answer puts it back', async () => {
    const guid = await t.newLearner();
    const q = await question('ys-008');
    await answer(guid, 'ys-008', false);
    expect(await t.call(removeFromBook, { guid, appID: APP, allTestID: q.id })).toEqual({ status: 200, msg: '', data: { allTestID: q.id, removed: true } });
    expect(await t.call(removeFromBook, { guid, appID: APP, allTestID: q.id })).toEqual({ status: 200, msg: '', data: { allTestID: q.id, removed: false } });
    expect((await errorTest(guid)).total).toBe(0);
    expect(await summary(guid)).toMatchObject({ items: 0, cleared: 0 });
    const [row] = await t.db.select().from(bookItems).where(eq(bookItems.questionId, q.id));
    expect(row).toMatchObject({ removedBy: 'learner' });
    // A right answer does not bring it back; a wrong one does.
    expect((await answer(guid, 'ys-008', true)).inBook).toBe(false);
    expect((await answer(guid, 'ys-008', false)).inBook).toBe(true);
    expect(await stateOf(guid, 'ys-008')).toMatchObject({ wrongCount: 2, rightStreak: 0 });
    const never = await question('ys-009');
    expect((await t.call(removeFromBook, { guid, appID: APP, allTestID: never.id })).data).toEqual({ allTestID: never.id, removed: false });
  });
});

describe('evaluate', () => {
  it('forgot → Again, enters the book; vague → Hard, streak 0; know → Good, counts as right and clears', async () => {
    const guid = await t.newLearner();
    const q = await question('ys-010');
    const t0 = t.clock.now;
    const forgot = await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'forgot' });
    expect(forgot).toEqual({
      status: 200,
      msg: '',
      data: { allTestID: q.id, inBook: true, book: { wrongCount: 1, rightStreak: 0, due: iso(t0 + MINUTE), state: 'learning', reps: 1, lapses: 0, addedAt: iso(t0), lastWrongAt: iso(t0) } },
    });
    expect(await stateOf(guid, 'ys-010')).toEqual(forgot.data.book);

    t.clock.advance(MINUTE);
    const know = (await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'know' })).data;
    const reviews: { at: number; grade: Grade }[] = [
      { at: t0, grade: Rating.Again },
      { at: t.clock.now, grade: Rating.Good },
    ];
    expect(know).toMatchObject({ inBook: true, book: { rightStreak: 1, wrongCount: 1, reps: 2, due: expectedCard(reviews).due.toISOString() } });

    t.clock.advance(10 * MINUTE);
    const vague = (await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'vague' })).data;
    reviews.push({ at: t.clock.now, grade: Rating.Hard });
    expect(vague).toMatchObject({ inBook: true, book: { rightStreak: 0, wrongCount: 1, reps: 3, due: expectedCard(reviews).due.toISOString() } });

    for (let i = 1; i < CLEAR_AFTER_DEFAULT; i++) {
      expect((await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'know' })).data).toMatchObject({ inBook: true, book: { rightStreak: i } });
    }
    expect((await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'know' })).data).toEqual({ allTestID: q.id, inBook: false, book: null });
    expect((await errorTest(guid)).total).toBe(0);
  });

  it('know or vague on a question outside the book changes nothing', async () => {
    const guid = await t.newLearner();
    const q = await question('ys-011');
    for (const status of ['know', 'vague']) {
      expect((await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status })).data).toEqual({ allTestID: q.id, inBook: false, book: null });
    }
    expect((await errorTest(guid)).total).toBe(0);
  });
});

describe('submitReply and the book', () => {
  it('a replayed replyID changes the book once', async () => {
    const guid = await t.newLearner();
    const replyID = rid();
    await answer(guid, 'ys-012', false, { replyID });
    const once = await stateOf(guid, 'ys-012');
    t.clock.advance(MINUTE);
    await answer(guid, 'ys-012', false, { replyID });
    await Promise.all(Array.from({ length: 3 }, () => answer(guid, 'ys-012', false, { replyID })));
    expect(await stateOf(guid, 'ys-012')).toEqual(once);
    expect(once).toMatchObject({ wrongCount: 1, reps: 1 });
  });

  it('parallel answers of one learner to one question lose no update', async () => {
    const guid = await t.newLearner();
    await Promise.all(Array.from({ length: 6 }, () => answer(guid, 'ys-013', false)));
    expect(await stateOf(guid, 'ys-013')).toMatchObject({ wrongCount: 6, reps: 6, rightStreak: 0 });
    await t.call(reviewSettings, { guid, clearAfter: 10 });
    await Promise.all(Array.from({ length: 4 }, () => answer(guid, 'ys-013', true)));
    expect(await stateOf(guid, 'ys-013')).toMatchObject({ wrongCount: 6, reps: 10, rightStreak: 4 });
  });

  it('two learners never see each other’s books', async () => {
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const q = await question('ys-014');
    await answer(a, 'ys-014', false);
    expect((await errorTest(b)).total).toBe(0);
    expect(await catalog(b, 'error')).toMatchObject({ total: 0, items: 0 });
    expect(await summary(b)).toMatchObject({ items: 0 });
    // b cannot remove or review a's item: b's calls act on b's own (empty) book.
    expect((await t.call(removeFromBook, { guid: b, appID: APP, allTestID: q.id })).data).toEqual({ allTestID: q.id, removed: false });
    expect((await t.call(evaluate, { guid: b, appID: APP, allTestID: q.id, status: 'know' })).data).toEqual({ allTestID: q.id, inBook: false, book: null });
    expect(await stateOf(a, 'ys-014')).toMatchObject({ wrongCount: 1, rightStreak: 0 });
  });
});

describe('an exam hand-in (many answers at once)', () => {
  it('leaves the book exactly as the same answers stored one by one', async () => {
    const one = await t.register('13555559001');
    const batch = await t.register('13555559002');
    // The same history for both learners: ys-001 wrong (in the book, streak 0); ys-002 wrong then right twice
    // (streak 2: the next right answer clears it); ys-003 wrong then right three times (cleared).
    for (const { guid } of [one, batch]) for (const ext of ['ys-001', 'ys-002', 'ys-003']) await answer(guid, ext, false);
    t.clock.advance(MINUTE);
    for (const { guid } of [one, batch]) {
      for (let i = 0; i < 2; i++) await answer(guid, 'ys-002', true);
      for (let i = 0; i < 3; i++) await answer(guid, 'ys-003', true);
    }
    t.clock.advance(DAY);
    const at = new Date(t.clock.now);
    const ids = new Map<string, number>();
    for (const ext of ['ys-001', 'ys-002', 'ys-003', 'ys-004', 'ys-005']) ids.set(ext, (await question(ext)).id);
    // The hand-in: right on ys-001 (streak 1), right on ys-002 (cleared), wrong on ys-003 (back in the book),
    // wrong on ys-004 (new), right on ys-005 (outside the book: nothing).
    const list = [
      { questionId: ids.get('ys-001')!, right: true, at },
      { questionId: ids.get('ys-002')!, right: true, at },
      { questionId: ids.get('ys-003')!, right: false, at },
      { questionId: ids.get('ys-004')!, right: false, at },
      { questionId: ids.get('ys-005')!, right: true, at },
    ];
    const store = createBookStore(t.db);
    await t.db.transaction(async (tx) => {
      for (const a of list) await applyEvent(store, tx, { userId: one.userID, appId: APP, questionId: a.questionId, at, event: a.right ? 'right' : 'wrong' });
    });
    await t.db.transaction((tx) => applyAnswers(store, tx, batch.userID, APP, list));

    const rowsOf = async (userId: number) =>
      (await t.db.select().from(bookItems).where(eq(bookItems.userId, userId))).map(({ userId: _, ...r }) => r).sort((a, b) => a.questionId - b.questionId);
    const [expected, actual] = [await rowsOf(one.userID), await rowsOf(batch.userID)];
    expect(actual).toEqual(expected);
    expect(actual.map((r) => [r.questionId, r.rightStreak, r.removedBy, r.wrongCount])).toEqual([
      [ids.get('ys-001'), 1, null, 1],
      [ids.get('ys-002'), 3, 'cleared', 1],
      [ids.get('ys-003'), 0, null, 2],
      [ids.get('ys-004'), 0, null, 1],
    ]);
    expect(actual.find((r) => r.questionId === ids.get('ys-003'))!.addedAt).toEqual(at);
  });
});

describe('lists', () => {
  it('leave retired questions out of the book, its counts and the chapters', async () => {
    const guid = await t.newLearner();
    const [cpt] = await t.db.insert(chapters).values({ appId: APP, code: 'book-retire', name: '退役测试', order: 98 }).returning({ id: chapters.id });
    const made = await t.db
      .insert(questions)
      .values(
        [0, 1].map((i) => ({
          appId: APP,
          extId: `book-r-${i}`,
          type: 'A1',
          chapterId: cpt!.id,
          stem: `题${i}`,
          options: [
            { key: 'A', text: '甲' },
            { key: 'B', text: '乙' },
          ],
          answer: 'A',
          updatedAt: new Date(t.clock.now),
        })),
      )
      .returning({ id: questions.id });
    for (const m of made) await t.call(submitReply, { guid, appID: APP, cptID: cpt!.id, allTestID: m.id, lastUserReply: 'B', replyID: rid() });
    expect(await catalog(guid, 'error')).toMatchObject({ total: 1, items: 2, list: [{ cptID: cpt!.id, name: '退役测试', count: 2 }] });
    await t.db.update(questions).set({ retired: true }).where(eq(questions.id, made[0]!.id));
    expect((await errorTest(guid)).list.map((i) => i.allTestID)).toEqual([made[1]!.id]);
    expect(await catalog(guid, 'error')).toMatchObject({ total: 1, items: 1, list: [{ count: 1 }] });
    expect(await summary(guid)).toMatchObject({ items: 1 });
    // A retired question's answers and evaluations leave the book alone.
    expect((await t.call(evaluate, { guid, appID: APP, allTestID: made[0]!.id, status: 'know' })).data).toMatchObject({ inBook: true, book: { rightStreak: 0 } });
  });

  it('getCataloglist lists the chapters of favourites and notes with counts (due 0)', async () => {
    const { guid, userID: userId } = await t.register(`1355555${String(++phoneCounter).padStart(4, '0')}`);
    const [a, b, c] = [await question('ys-015'), await question('ys-016'), await question('ys-017')];
    const at = new Date(t.clock.now);
    await t.db.insert(favourites).values([a, b, c].map((q) => ({ userId, questionId: q.id, appId: APP, createdAt: at })));
    await t.db.insert(notes).values({ userId, questionId: c.id, appId: APP, content: '记住', updatedAt: at });
    const [xxg, zd] = [await chapterId('yx2-xxg'), await chapterId('zh-zd')];
    const fav = await catalog(guid, 'fav');
    expect(fav).toMatchObject({ kind: 'fav', total: 2, items: 3 });
    expect(fav.list.map((x) => [x.cptID, x.count, x.due])).toEqual([
      [xxg, 2, 0],
      [zd, 1, 0],
    ]);
    expect((await catalog(guid, 'note')).list.map((x) => [x.cptID, x.count])).toEqual([[zd, 1]]);
    expect((await catalog(guid, 'error')).total).toBe(0);
    const other = await t.newLearner();
    expect(await catalog(other, 'fav')).toMatchObject({ total: 0, items: 0, list: [] });
  });
});

describe('entitlement', () => {
  it('answers 403 with the unlocking versions when chapter practice is not open to the learner', async () => {
    await makeModulePaid(t.db, 3001, 'chapter');
    const guid = await t.newLearner();
    const [q] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 3001)).limit(1);
    const replies = [
      await t.call(getErrorTest, { guid, appID: 3001 }),
      await t.call(getCataloglist, { guid, appID: 3001, kind: 'error' }),
      await t.call(reviewSummary, { guid, appID: 3001 }),
      await t.call(removeFromBook, { guid, appID: 3001, allTestID: q!.id }),
      await t.call(evaluate, { guid, appID: 3001, allTestID: q!.id, status: 'forgot' }),
    ];
    for (const body of replies) {
      expect(body.status).toBe(403);
      expect(body.msg).toBe('开通以下任一班次可使用该功能');
      expect(body.data.unlocking.length).toBeGreaterThan(0);
    }
    expect(await t.db.select().from(bookItems).where(eq(bookItems.appId, 3001))).toEqual([]);
  });
});

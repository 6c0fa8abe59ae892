import { CLEAR_AFTER_DEFAULT, evaluate, getCataloglist, getErrorTest, removeFromBook, reviewSettings, reviewSummary, submitReply } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { Rating, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { bookItems, chapters, questions } from '../../db/schema/index.ts';
import { NOT_LOGGED_IN } from '../../test/helpers.ts';
import { APP, DAY, MINUTE, answer, bookCalls, catalog, chapterId, errorTest, expectedCard, iso, question, rid, stateOf, summary, t, useSetup } from './book-setup.ts';

useSetup();

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
      expect(await t.callRaw(call, { guid, appID: APP, allTestID: foreign!.id, status: 'forgot' })).toEqual({
        status: 400,
        msg: '试题不属于该科目',
        data: null,
      });
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
    expect(await stateOf(guid, 'ys-002')).toMatchObject({
      wrongCount: 2,
      rightStreak: 0,
      due: card.due.toISOString(),
      reps: 2,
      addedAt: iso(t0),
      lastWrongAt: iso(t0 + 5 * MINUTE),
    });
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
    const [row] = await t.db
      .select()
      .from(bookItems)
      .where(and(eq(bookItems.questionId, q.id), eq(bookItems.removedBy, 'cleared')));
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

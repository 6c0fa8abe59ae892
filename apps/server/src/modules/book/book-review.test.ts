import { CLEAR_AFTER_DEFAULT, evaluate, getCataloglist, getErrorTest, removeFromBook, reviewSettings, reviewSummary, submitReply } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { Rating, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { bookItems, chapters, favourites, notes, questions } from '../../db/schema/index.ts';
import { makeModulePaid, nextPhone } from '../../test/helpers.ts';
import { applyAnswers, applyEvent } from './service.ts';
import { createBookStore } from './store.ts';
import { APP, DAY, MINUTE, answer, catalog, chapterId, errorTest, expectedCard, iso, question, rid, stateOf, summary, t, useSetup } from './book-setup.ts';

useSetup();

describe('evaluate', () => {
  it('forgot → Again, enters the book; vague → Hard, streak 0; know → Good, counts as right and clears', async () => {
    const guid = await t.newLearner();
    const q = await question('ys-010');
    const t0 = t.clock.now;
    const forgot = await t.call(evaluate, { guid, appID: APP, allTestID: q.id, status: 'forgot' });
    expect(forgot).toEqual({
      status: 200,
      msg: '',
      data: {
        allTestID: q.id,
        inBook: true,
        book: { wrongCount: 1, rightStreak: 0, due: iso(t0 + MINUTE), state: 'learning', reps: 1, lapses: 0, addedAt: iso(t0), lastWrongAt: iso(t0) },
      },
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
    await t.db.transaction((tx) => applyAnswers(store, tx, [{ userId: batch.userID, appId: APP, answers: list }]));

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
    t.forgetCaches();
    for (const m of made) await t.call(submitReply, { guid, appID: APP, cptID: cpt!.id, allTestID: m.id, lastUserReply: 'B', replyID: rid() });
    expect(await catalog(guid, 'error')).toMatchObject({ total: 1, items: 2, list: [{ cptID: cpt!.id, name: '退役测试', count: 2 }] });
    await t.db.update(questions).set({ retired: true }).where(eq(questions.id, made[0]!.id));
    t.forgetCaches();
    expect((await errorTest(guid)).list.map((i) => i.allTestID)).toEqual([made[1]!.id]);
    expect(await catalog(guid, 'error')).toMatchObject({ total: 1, items: 1, list: [{ count: 1 }] });
    expect(await summary(guid)).toMatchObject({ items: 1 });
    // A retired question's answers and evaluations leave the book alone.
    expect((await t.call(evaluate, { guid, appID: APP, allTestID: made[0]!.id, status: 'know' })).data).toMatchObject({
      inBook: true,
      book: { rightStreak: 0 },
    });
  });

  it('getCataloglist lists the chapters of favourites and notes with counts (due 0)', async () => {
    const { guid, userID: userId } = await t.register(nextPhone());
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

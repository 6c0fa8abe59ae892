import { addUserFav, addUserNote, bookLLzs, commonQuestions, cptcontent, pointsMastery, pointsPractice, resetTestInfo } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookItems, knowledgePoints, questionPoints, questions } from '../../db/schema/index.ts';
import { nextPhone } from '../../test/helpers.ts';
import { COMMON_TTL_MS } from './service.ts';
import { APP, C, Q, answer, ids, ok, question, t, useSetup } from './study-setup.ts';

useSetup();

describe('cptcontent', () => {
  it('shares of each chosen option over every counted answer, and the learner’s own attempts within them', async () => {
    const [l1, l2, l3] = [await t.newLearner(), await t.newLearner(), await t.newLearner()];
    const x = Q['st2-x']!;
    await answer(l1, 'st2-x', 'A');
    await answer(l1, 'st2-x', 'AB'); // l1's latest: right
    await answer(l2, 'st2-x', 'AC'); // wrong
    const body = await ok(cptcontent, { guid: l1, appID: APP, allTestID: x });
    expect(body).toMatchObject({ AppID: APP, chapterName: '统计章', group: null, question: { allTestID: x, last: { lastUserReply: 'AB', right: true } } });
    // The first (wrong) answer put it in l1's wrong-answer book; the right one since counts towards clearing it.
    expect(body.question.book).toMatchObject({ wrongCount: 1, rightStreak: 1 });
    expect(body.stats).toEqual({
      answered: 3,
      right: 1,
      rightRate: 0.3333,
      options: [
        { key: 'A', count: 3, share: 1 },
        { key: 'B', count: 1, share: 0.3333 },
        { key: 'C', count: 1, share: 0.3333 },
        { key: 'D', count: 0, share: 0 },
      ],
    });
    expect(body.mine).toEqual({ attempts: 2, right: 1, lastReply: 'AB' });
    // l3 sees the same statistics and its own (empty) record; a reset answer no longer counts.
    const seen = await ok(cptcontent, { guid: l3, appID: APP, allTestID: x });
    expect(seen.stats.answered).toBe(3);
    expect(seen.mine).toEqual({ attempts: 0, right: 0, lastReply: null });
    expect(seen.question.last).toBeNull();
    expect(seen.question.book).toBeNull();
    await ok(resetTestInfo, { guid: l2, appID: APP, cptID: C.st2 });
    expect((await ok(cptcontent, { guid: l3, appID: APP, allTestID: x })).stats).toMatchObject({ answered: 2, right: 1, rightRate: 0.5 });
  });

  it('全站作答 and 我的记录 follow one rule: a lone learner’s three tries are 3 人次 with the same right count', async () => {
    const [solo] = await t.db
      .insert(questions)
      .values({
        appId: APP,
        extId: 'st2-solo',
        type: 'A1',
        chapterId: C.st2!,
        stem: '只有一人作答的题',
        options: [
          { key: 'A', text: '甲' },
          { key: 'B', text: '乙' },
        ],
        answer: 'A',
        updatedAt: new Date(t.clock.now),
      })
      .returning({ id: questions.id });
    const me = await t.newLearner();
    for (const reply of ['B', 'B', 'A']) await answer(me, 'st2-solo', reply);
    const body = await ok(cptcontent, { guid: me, appID: APP, allTestID: solo!.id });
    expect(body.mine).toEqual({ attempts: 3, right: 1, lastReply: 'A' });
    expect(body.stats).toEqual({
      answered: 3,
      right: 1,
      rightRate: 0.3333,
      options: [
        { key: 'A', count: 1, share: 0.3333 },
        { key: 'B', count: 2, share: 0.6667 },
      ],
    });
    // Another learner's answer adds to the site only; the learner's own are still within it.
    await answer(await t.newLearner(), 'st2-solo', 'A');
    const after = await ok(cptcontent, { guid: me, appID: APP, allTestID: solo!.id });
    expect(after.stats).toMatchObject({ answered: 4, right: 2, rightRate: 0.5 });
    expect(after.mine).toEqual(body.mine);
  });

  it("shows fill-in replies only as the accepted answer or when at least 5 learners wrote them; never one person's text", async () => {
    const replies = ['芫青', ' 芫 青', '斑蝥', '斑蝥', '斑蝥', '斑蝥', '斑蝥', '虻虫', '我的手机号13812345678'];
    const learners = await Promise.all(replies.map(() => t.newLearner()));
    for (const [i, g] of learners.entries()) await answer(g, 'st2-fill', replies[i]!);
    // One learner writing the same text again and again is still one learner's text: never shown.
    for (let i = 0; i < 5; i++) await answer(learners[8]!, 'st2-fill', '我的手机号13812345678');
    const body = await ok(cptcontent, { guid: learners[0], appID: APP, allTestID: Q['st2-fill'] });
    expect(body.stats).toEqual({
      answered: 14,
      right: 2,
      rightRate: 0.1429,
      options: [
        { key: '斑蝥', count: 5, share: 0.3571 },
        { key: '芫青', count: 2, share: 0.1429 },
      ],
    });
    expect(JSON.stringify(body)).not.toContain('13812345678');
    expect(JSON.stringify(body)).not.toContain('虻虫');
    const member = await question('ys-g-03-2');
    const b1 = await ok(cptcontent, { guid: learners[0], appID: APP, allTestID: member.id });
    expect(b1.group).toMatchObject({ childTableID: member.groupId, childTableName: 'B1' });
    expect(b1.stats.options.map((o: { key: string }) => o.key)).toEqual(b1.group.options.map((o: { key: string }) => o.key));
  });
});

describe('bookLLzs', () => {
  it('counts the learner’s answers: latest reply per question, time, active China days, today, favourites and notes', async () => {
    const guid = await t.newLearner();
    // TEST_EPOCH is in the morning in China; move to 23:00 China time, answer, then cross midnight.
    const dayMs = 24 * 3600_000;
    const toChina23 = (23 * 3600_000 - ((t.clock.now + 8 * 3600_000) % dayMs) + dayMs) % dayMs;
    t.clock.advance(toChina23);
    await answer(guid, 'ys-001', 'A', 5); // wrong …
    await answer(guid, 'ys-001', 'E', 7); // … then right
    await answer(guid, 'ys-002', 'A', 3); // wrong
    t.clock.advance(2 * 3600_000); // 01:00 the next day in China
    await answer(guid, 'ys-003', 'C', 20); // right
    await answer(guid, 'ys-004', 'A', 1); // wrong
    await answer(guid, 'ys-004', 'D', 1); // right (today's latest)
    await ok(addUserFav, { guid, appID: APP, allTestID: Q['st-a1'] });
    await ok(addUserNote, { guid, appID: APP, allTestID: Q['st-a1'], noteContent: '笔记' });
    await ok(addUserNote, { guid, appID: APP, allTestID: Q['st-x'], noteContent: '笔记二' });
    const [{ total }] = [
      {
        total: (
          await t.db
            .select({ id: questions.id })
            .from(questions)
            .where(and(eq(questions.appId, APP), eq(questions.retired, false)))
        ).length,
      },
    ];
    const s = await ok(bookLLzs, { guid, appID: APP });
    expect(s).toMatchObject({
      AppID: APP,
      total,
      done: 4,
      right: 3,
      wrong: 1,
      accuracy: 0.75,
      spentSeconds: 37,
      activeDays: 2,
      today: { done: 2, right: 2 },
      favourites: 1,
      notes: 2,
    });
    expect(s.book).toEqual({ items: expect.any(Number), due: expect.any(Number), cleared: expect.any(Number) });
    // Another learner's figures are their own.
    expect(await ok(bookLLzs, { guid: await t.newLearner(), appID: APP })).toMatchObject({
      done: 0,
      spentSeconds: 0,
      activeDays: 0,
      favourites: 0,
      notes: 0,
      book: { items: 0, due: 0, cleared: 0 },
    });
  });

  it('reads the wrong-answer book from book_items: in the book, due now, cleared', async () => {
    const login = await t.register(nextPhone());
    const userId = login.userID;
    const at = new Date(t.clock.now);
    const past = new Date(t.clock.now - 3600_000);
    const future = new Date(t.clock.now + 3600_000);
    const [a, b, c, d] = await Promise.all(['ys-001', 'ys-002', 'ys-003', 'ys-004'].map(question));
    const base = { userId, appId: APP, addedAt: at, lastWrongAt: at, wrongCount: 1 };
    await t.db.insert(bookItems).values([
      { ...base, questionId: a!.id, due: past },
      { ...base, questionId: b!.id, due: future },
      { ...base, questionId: c!.id, due: past, removedAt: at, removedBy: 'cleared' },
      { ...base, questionId: d!.id, due: past, removedAt: at, removedBy: 'learner' },
      { ...base, questionId: Q['st3-ret']!, due: past }, // retired: out of every count, as in reviewSummary
    ]);
    expect((await ok(bookLLzs, { guid: login.guid, appID: APP })).book).toEqual({ items: 2, due: 1, cleared: 1 });
  });
});

describe('knowledge points', () => {
  const pointTotal = async (name: string) =>
    (
      await t.db
        .select({ id: questions.id })
        .from(questions)
        .innerJoin(questionPoints, eq(questionPoints.questionId, questions.id))
        .innerJoin(knowledgePoints, eq(knowledgePoints.id, questionPoints.pointId))
        .where(and(eq(knowledgePoints.appId, APP), eq(knowledgePoints.name, name), eq(questions.retired, false)))
    ).length;
  const subjectTotal = async () =>
    (
      await t.db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.appId, APP), eq(questions.retired, false)))
    ).length;
  const sortedWeakestFirst = (list: { mastery: number; weight: number }[]) => {
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      expect(a.mastery < b.mastery || (a.mastery === b.mastery && a.weight >= b.weight)).toBe(true);
    }
  };

  it('pointsMastery: done/right from the latest reply, accuracy, mastery = accuracy × coverage, weight; weakest first', async () => {
    const guid = await t.newLearner();
    await answer(guid, 'ys-001', 'E'); // 给药途径与首过效应: right
    await answer(guid, 'ys-005', 'A'); // 抗高血压药: wrong
    await answer(guid, 'ys-015', 'A'); // 抗高血压药: wrong …
    await answer(guid, 'ys-015', 'D'); // … then right
    const { list } = await ok(pointsMastery, { guid, appID: APP });
    sortedWeakestFirst(list);
    const all = await subjectTotal();
    const gy = list.find((p: { point: string }) => p.point === '给药途径与首过效应');
    const gyTotal = await pointTotal('给药途径与首过效应');
    const r = (x: number) => Math.round(x * 10_000) / 10_000;
    expect(gy).toEqual({ point: '给药途径与首过效应', total: gyTotal, done: 1, right: 1, accuracy: 1, mastery: r(1 / gyTotal), weight: r(gyTotal / all) });
    const gxy = list.find((p: { point: string }) => p.point === '抗高血压药');
    const gxyTotal = await pointTotal('抗高血压药');
    expect(gxy).toEqual({ point: '抗高血压药', total: gxyTotal, done: 2, right: 1, accuracy: 0.5, mastery: r(1 / gxyTotal), weight: r(gxyTotal / all) });
    // Untouched points come first (mastery 0), the most examined of them first.
    expect(list[0].mastery).toBe(0);
    expect(list.findIndex((p: { point: string }) => p.point === '抗高血压药')).toBeGreaterThan(list.findLastIndex((p: { mastery: number }) => p.mastery === 0));
  });

  it('pointsPractice: a named point’s questions, never answered first, then wrong, then right', async () => {
    const guid = await t.newLearner();
    await answer(guid, 'ys-015', 'D'); // right
    await answer(guid, 'ys-005', 'A'); // wrong
    const body = await ok(pointsPractice, { guid, appID: APP, point: '抗高血压药' });
    expect(body.points).toHaveLength(1);
    expect(body.points[0]).toMatchObject({ point: '抗高血压药', done: 2, right: 1 });
    const list = body.list as { allTestID: number; points: string[]; last: unknown; book: null }[];
    expect(list).toHaveLength(await pointTotal('抗高血压药'));
    for (const q of list) expect(q.points).toContain('抗高血压药');
    const [q5, q15] = [(await question('ys-005')).id, (await question('ys-015')).id];
    expect(ids(list).slice(-2)).toEqual([q5, q15]);
    for (const q of list.slice(0, -2)) expect(q.last).toBeNull();
    expect((await ok(pointsPractice, { guid, appID: APP, point: '抗高血压药', count: 2 })).list).toHaveLength(2);
  });

  it('pointsPractice: without a point, the 3 weakest points (most examined first among equals)', async () => {
    const guid = await t.newLearner();
    const { list: mastery } = await ok(pointsMastery, { guid, appID: APP });
    const body = await ok(pointsPractice, { guid, appID: APP });
    expect(body.points).toEqual(mastery.slice(0, 3));
    expect(body.points[0].weight).toBeGreaterThanOrEqual(body.points[2].weight);
    const names = new Set(body.points.map((p: { point: string }) => p.point));
    expect(body.list.length).toBeGreaterThan(0);
    expect(body.list.length).toBeLessThanOrEqual(20);
    for (const q of body.list) expect(q.points.some((p: string) => names.has(p))).toBe(true);
  });
});

describe('commonQuestions', () => {
  it('orders the chapter’s questions by all learners’ wrong rate (latest counted answer each), at least one answer', async () => {
    const [l1, l2, l3] = [await t.newLearner(), await t.newLearner(), await t.newLearner()];
    await answer(l1, 'st-a1', 'B');
    await answer(l2, 'st-a1', 'C'); // st-a1: 2 of 2 wrong
    await answer(l1, 'st-x', 'A');
    await answer(l2, 'st-x', 'AB');
    await answer(l3, 'st-x', 'B');
    await answer(l3, 'st-x', 'AB'); // st-x: 1 of 3 wrong (l3's latest is right)
    await answer(l1, 'st-fill', '芫青'); // st-fill: 0 of 1
    const body = await ok(commonQuestions, { guid: l3, appID: APP, cptID: C.st });
    expect(body).toMatchObject({ AppID: APP, page: 1, pageSize: 5, total: 3 });
    expect(ids(body.list)).toEqual([Q['st-a1'], Q['st-x'], Q['st-fill']]);
    expect(body.rates).toEqual([
      { allTestID: Q['st-a1'], answered: 2, wrongRate: 1 },
      { allTestID: Q['st-x'], answered: 3, wrongRate: 0.3333 },
      { allTestID: Q['st-fill'], answered: 1, wrongRate: 0 },
    ]);
    // The learner's own last reply is theirs only.
    expect(body.list[0].last).toBeNull();
    expect(body.list[1].last).toMatchObject({ lastUserReply: 'AB' });
    const p2 = await ok(commonQuestions, { guid: l3, appID: APP, cptID: C.st, pageSize: 2, page: 2 });
    expect(ids(p2.list)).toEqual([Q['st-fill']]);
    expect(ids((await ok(commonQuestions, { guid: l3, appID: APP, cptID: C['st-sub'] })).list)).toEqual([Q['st-x']]);
    // The ranking is reused for COMMON_TTL_MS, then read again.
    await answer(await t.newLearner(), 'st-fill', '斑蝥');
    expect((await ok(commonQuestions, { guid: l3, appID: APP, cptID: C.st })).rates[2]).toEqual({ allTestID: Q['st-fill'], answered: 1, wrongRate: 0 });
    t.clock.advance(COMMON_TTL_MS);
    const fresh = await ok(commonQuestions, { guid: l3, appID: APP, cptID: C.st });
    expect(ids(fresh.list)).toEqual([Q['st-a1'], Q['st-fill'], Q['st-x']]);
    expect(fresh.rates[1]).toEqual({ allTestID: Q['st-fill'], answered: 2, wrongRate: 0.5 });
    // Over the subject: the whole list is ordered by wrong rate.
    const whole = await ok(commonQuestions, { guid: l3, appID: APP });
    const rates = whole.rates.map((r: { wrongRate: number }) => r.wrongRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });
});

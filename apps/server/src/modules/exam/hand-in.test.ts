import { EXAM_GRACE_SECONDS, getErrorTest, simulationHandIn, simulationHistory, simulationList, simulationLockSection, simulationResult, simulationResume } from '@kaoshi/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { answers, examSessions } from '../../db/schema/index.ts';
import { makeModulePaid } from '../../test/helpers.ts';
import { A1, A3, APP, LIMIT, X, keyOf, makeModuleFree, makePaper, paperId, reply, save, start, t, wrongOf, useSetup } from './exam-setup.ts';

useSetup();

describe('the deadline', () => {
  it('accepts replies in transit during the grace, then refuses them and hands in at the deadline on the next call', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid)).data;
    await save(guid, s.examHistoryID, [reply(A1[0]!, keyOf(A1[0]!))]);
    t.clock.advance(LIMIT * 1000 + 10_000);
    // 10 s after the deadline: still in the grace for answers in transit.
    const inGrace = await save(guid, s.examHistoryID, [reply(A1[1]!, wrongOf(A1[1]!))]);
    expect(inGrace.data).toMatchObject({ saved: 1, remainingSeconds: 0 });
    t.clock.advance(EXAM_GRACE_SECONDS * 1000);
    expect(await save(guid, s.examHistoryID, [reply(A1[2]!, 'A')])).toMatchObject({ status: 400, msg: '考试时间已到，答案未保存' });
    // The refusal answered at once; the sheet, sealed at the deadline, is graded behind it.
    const rowNow = async () => (await t.db.select().from(examSessions).where(eq(examSessions.id, s.examHistoryID)))[0]!;
    expect((await rowNow()).handedBy).toBe('deadline');
    await vi.waitFor(async () => expect((await rowNow()).status).toBe('handed'), { timeout: 10_000 });
    const row = await rowNow();
    expect(row).toMatchObject({ status: 'handed', handedBy: 'deadline', score: 1 });
    expect(row.handedAt!.toISOString()).toBe(s.deadline);
    const result = (await t.call(simulationResult, { guid, examHistoryID: s.examHistoryID })).data;
    expect(result).toMatchObject({ handedBy: 'deadline', usedSeconds: LIMIT, score: 1, right: 1, wrong: 1, handedAt: s.deadline });
    // Starting the paper again opens a new attempt.
    const next = (await start(guid)).data;
    expect(next.examHistoryID).not.toBe(s.examHistoryID);
    expect(next.status).toBe('open');
  });

  it('counts the screen’s automatic hand-in at 00:00 as the deadline’s (时间到), an earlier one as the learner’s', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid)).data;
    // The countdown reached zero; the hand-in arrives half a second before the server's deadline (clock skew).
    t.clock.advance(LIMIT * 1000 - 500);
    const auto = (await t.call(simulationHandIn, { guid, examHistoryID: s.examHistoryID })).data;
    expect(auto).toMatchObject({ handedBy: 'deadline' });
    const early = (await start(guid)).data;
    t.clock.advance(5_000);
    expect((await t.call(simulationHandIn, { guid, examHistoryID: early.examHistoryID })).data).toMatchObject({ handedBy: 'learner', usedSeconds: 5 });
  });

  it('the sweep hands in sessions nobody touches any more', async () => {
    const guid = await t.newLearner();
    const shortPaper = await makePaper('exam-test-sweep', 60);
    const s = (await start(guid, { paperID: shortPaper })).data;
    await save(guid, s.examHistoryID, [reply(A1[0]!, wrongOf(A1[0]!))]);
    t.clock.advance(60_000 + EXAM_GRACE_SECONDS * 1000 + 1000);
    const { createExamService } = await import('./service.ts');
    const { createExamStore } = await import('./store.ts');
    // The app's sweep runs every few seconds; here the same service function is called directly.
    const book = { onAnswerStored: async () => false, onAnswersStored: async () => {}, inBook: async () => false };
    const svc = createExamService({ store: createExamStore(t.db), entitlements: {} as never, clock: () => t.clock.now, book });
    expect(await svc.sweep()).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(examSessions).where(eq(examSessions.id, s.examHistoryID));
    expect(row).toMatchObject({ status: 'handed', handedBy: 'deadline' });
    expect(row!.handedAt!.toISOString()).toBe(s.deadline);
    expect(await svc.sweep()).toBe(0);
  });
});

describe('hand-in', () => {
  it('scores once under concurrent duplicates: one score, one history entry, one set of answers; the review has the keys', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid)).data;
    const id = s.examHistoryID;
    // A1: two right, one wrong; X: one right (2 marks); A3 unanswered; one flag.
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!)), reply(A1[1]!, keyOf(A1[1]!)), reply(A1[2]!, wrongOf(A1[2]!), { flagged: true })]);
    await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 0 });
    await save(guid, id, [reply(X[0]!, keyOf(X[0]!))]);
    expect(await t.call(simulationResult, { guid, examHistoryID: id })).toMatchObject({ status: 400, msg: '交卷后才能查看答案', data: null });
    t.clock.advance(90_000);

    const all = await Promise.all(Array.from({ length: 5 }, () => t.call(simulationHandIn, { guid, examHistoryID: id })));
    for (const b of all) expect(b.status).toBe(200);
    const results = all.map((b) => b.data);
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0]).toMatchObject({
      score: 4,
      total: 10,
      right: 3,
      wrong: 1,
      unanswered: 1 + A3.length,
      passed: false,
      passScore: 5,
      usedSeconds: 90,
      handedBy: 'learner',
    });
    expect(results[0].bySection.map((b: any) => [b.type, b.score, b.total])).toEqual([
      ['A1', 2, 3],
      ['X', 2, 4],
      ['A3', 0, A3.length],
    ]);
    expect(results[0].byChapter.length).toBeGreaterThan(0);
    for (const c of results[0].byChapter) expect(c.name).not.toBe('');
    expect((await t.call(simulationHandIn, { guid, examHistoryID: id })).data).toEqual(results[0]);

    const rows = await t.db.select().from(answers).where(eq(answers.examHistoryId, id));
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.replyId).sort()).toEqual([A1[0]!, A1[1]!, A1[2]!, X[0]!].map((q) => `exam-${id}-${q.id}`).sort());
    const sessions = await t.db
      .select()
      .from(examSessions)
      .where(and(eq(examSessions.id, id), isNotNull(examSessions.handedAt)));
    expect(sessions).toHaveLength(1);
    const hist = (await t.call(simulationHistory, { guid, appID: APP })).data;
    expect(hist.total).toBe(1);
    expect(hist.list[0]).toMatchObject({ examHistoryID: id, score: 4, total: 10, passed: false, usedSeconds: 90 });

    // Replies after hand-in are refused; the review shows keys, replies and the flag.
    expect(await save(guid, id, [reply(A1[0]!, 'A')])).toMatchObject({ status: 400, msg: '考试已交卷，答案未保存' });
    const result = (await t.call(simulationResult, { guid, examHistoryID: id })).data;
    expect(result.review.list).toHaveLength(5 + A3.length);
    const third = result.review.list.find((q: any) => q.allTestID === A1[2]!.id);
    expect(third).toMatchObject({
      answer: A1[2]!.answer,
      mine: { lastUserReply: wrongOf(A1[2]!), right: false, answered: true, score: 0, full: 1 },
      flagged: true,
    });
    expect(typeof third.explanation).toBe('string');
    const x = result.review.list.find((q: any) => q.allTestID === X[0]!.id);
    expect(x.mine).toMatchObject({ right: true, score: 2, full: 2 });

    // The wrong answer is in the wrong-answer book.
    const book = await t.call(getErrorTest, { guid, appID: APP });
    expect(book.status).toBe(200);
    const inBook = (book.data.list as { allTestID: number }[]).map((q) => q.allTestID);
    expect(inBook).toContain(A1[2]!.id);
    expect(inBook).not.toContain(A1[0]!.id);
  });

  it('history lists attempts newest first with the trend oldest first; list shows best and attempts', async () => {
    const guid = await t.newLearner();
    const other = await makePaper('exam-test-hist');
    const scores: number[] = [];
    for (const right of [1, 3, 2]) {
      const id = (await start(guid, { paperID: other })).data.examHistoryID;
      await save(
        guid,
        id,
        A1.map((q, i) => reply(q, i < right ? keyOf(q) : wrongOf(q))),
      );
      t.clock.advance(60_000);
      scores.push((await t.call(simulationHandIn, { guid, examHistoryID: id })).data.score);
    }
    expect(scores).toEqual([1, 3, 2]);
    const h = (await t.call(simulationHistory, { guid, appID: APP, paperID: other })).data;
    expect(h.total).toBe(3);
    expect(h.list.map((e: any) => e.score)).toEqual([2, 3, 1]);
    expect(h.trend.map((e: any) => e.score)).toEqual([1, 3, 2]);
    expect(h.trend.map((e: any) => e.percent)).toEqual([10, 30, 20]);
    expect((await t.call(simulationHistory, { guid, appID: APP, paperID: paperId })).data.total).toBe(0);
    expect((await t.call(simulationHistory, { guid, appID: APP, page: 2 })).data).toMatchObject({ total: 3, page: 2, list: [] });
    const listed = await t.call(simulationList, { guid, appID: APP, kind: 'mock' });
    expect(listed.data.list.find((p: any) => p.paperID === other)).toMatchObject({ attempts: 3, best: 3, open: null });
  });
});

describe("replies carried by the hand-in (the device's last unsaved ones)", () => {
  const handIn = (guid: string, examHistoryID: number, replies?: object[]) =>
    t.call(simulationHandIn, { guid, examHistoryID, ...(replies && { replies: JSON.stringify(replies) }) });

  it('writes them with the seal and grades them; a replay and a second device answer the same, stored once', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!))]);
    // Two more answers never autosaved (the network dropped), one of them changing an earlier answer.
    const carried = [reply(A1[1]!, keyOf(A1[1]!)), reply(A1[0]!, wrongOf(A1[0]!), { flagged: true })];
    t.clock.advance(60_000);
    const [first, replay] = await Promise.all([handIn(guid, id, carried), handIn(guid, id, carried)]);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ score: 1, right: 1, wrong: 1, handedBy: 'learner', repliesSaved: 2 });
    // The replay (whichever of the two lost the race) finds the same replies held.
    expect(replay.data).toEqual(first.data);
    // Another device hands in afterwards with replies of its own: the sheet was sealed, they change nothing, and
    // its answer says none of them counts.
    expect((await handIn(guid, id, [reply(A1[2]!, keyOf(A1[2]!))])).data).toEqual({ ...first.data, repliesSaved: 0 });
    // A hand-in that carried nothing says nothing of replies.
    expect((await handIn(guid, id)).data).not.toHaveProperty('repliesSaved');
    const rows = await t.db.select().from(answers).where(eq(answers.examHistoryId, id));
    expect(rows.map((r) => [r.questionId, r.right]).sort()).toEqual(
      [
        [A1[0]!.id, false],
        [A1[1]!.id, true],
      ].sort(),
    );
  });

  it('leaves out a reply autosave would refuse (a locked section, not in the paper) and hands in all the same', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 0 });
    const r = await handIn(guid, id, [reply(A1[0]!, keyOf(A1[0]!)), reply(X[0]!, keyOf(X[0]!)), { ...reply(X[0]!, 'A'), allTestID: 999_999 }]);
    expect(r.status).toBe(200);
    // Only the X answer (the open section) counts: A1's section was locked before.
    expect(r.data).toMatchObject({ score: 2, right: 1, wrong: 0, repliesSaved: 1 });
  });

  it('after the deadline and the grace, carried replies are not saved; the sheet is handed in at the deadline', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid)).data;
    t.clock.advance(LIMIT * 1000 + EXAM_GRACE_SECONDS * 1000 + 1000);
    const r = await handIn(guid, s.examHistoryID, [reply(A1[0]!, keyOf(A1[0]!))]);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ repliesSaved: 0 });
    await vi.waitFor(async () => expect((await t.call(simulationResult, { guid, examHistoryID: s.examHistoryID })).data).toMatchObject({ score: 0, handedBy: 'deadline' }), {
      timeout: 10_000,
    });
  });

  it("refuses a malformed list with the autosave's message and seals nothing", async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    expect(await t.call(simulationHandIn, { guid, examHistoryID: id, replies: '[{"replyID":1}]' })).toMatchObject({ status: 400, data: null });
    const [row] = await t.db.select().from(examSessions).where(eq(examSessions.id, id));
    expect(row!.status).toBe('open');
  });
});

describe('ownership and entitlement', () => {
  it('another learner gets 404 for my session on every session call', async () => {
    const me = await t.newLearner();
    const id = (await start(me)).data.examHistoryID;
    const other = await t.newLearner();
    const calls = [
      await t.call(simulationResume, { guid: other, examHistoryID: id }),
      await save(other, id, [reply(A1[0]!, 'A')]),
      await t.call(simulationLockSection, { guid: other, examHistoryID: id, sectionIndex: 0 }),
      await t.call(simulationHandIn, { guid: other, examHistoryID: id }),
      await t.call(simulationResult, { guid: other, examHistoryID: id }),
    ];
    for (const b of calls) expect(b).toMatchObject({ status: 404, msg: '考试记录不存在', data: null });
    const [row] = await t.db.select().from(examSessions).where(eq(examSessions.id, id));
    expect(row!.status).toBe('open');
  });

  it("answers 403 with the unlocking versions when the 'paper' module is not open; an open session stays usable", async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await makeModulePaid(t.db, APP, 'paper');
    try {
      for (const body of [await start(guid), await t.call(simulationList, { guid, appID: APP })]) {
        expect(body.status).toBe(403);
        expect(body.msg).toBe('开通以下任一班次可使用该功能');
        expect(body.data.unlocking.length).toBeGreaterThan(0);
      }
      expect((await save(guid, id, [reply(A1[0]!, 'A')])).status).toBe(200);
      expect((await t.call(simulationHandIn, { guid, examHistoryID: id })).status).toBe(200);
    } finally {
      await makeModuleFree(APP, 'paper');
    }
    const none = await t.db
      .select()
      .from(answers)
      .where(inArray(answers.examHistoryId, [id]));
    expect(none).toHaveLength(1);
  });
});

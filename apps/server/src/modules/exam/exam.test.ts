import { addSimulationReplys, examCalls, simulationHandIn, simulationHistory, simulationList, simulationLockSection, simulationResume, simulationStart } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examReplies, questions } from '../../db/schema/index.ts';
import { NOT_LOGGED_IN } from '../../test/helpers.ts';
import { A1, A3, APP, LIMIT, X, keyOf, keysIn, paperId, reply, rid, save, start, t, useSetup } from './exam-setup.ts';

useSetup();

describe('every exam call', () => {
  it('needs a session', async () => {
    for (const call of Object.values(examCalls)) {
      expect(await t.callRaw(call, { appID: APP, paperID: paperId, examHistoryID: 1, sectionIndex: 0, replies: '[]' }), call.id).toEqual(NOT_LOGGED_IN);
    }
  });

  it('names the bad field in Chinese (400)', async () => {
    const guid = await t.newLearner();
    expect(await t.call(simulationStart, { guid, appID: APP })).toMatchObject({ status: 400, msg: '请填写试卷编号' });
    expect(await t.call(simulationStart, { guid, appID: APP, paperID: paperId, mode: 'fast' })).toMatchObject({ status: 400, msg: '考试模式不正确' });
    expect(await t.call(simulationResume, { guid, examHistoryID: 'x' })).toMatchObject({ status: 400, msg: '考试记录编号格式不正确' });
    expect(await t.call(addSimulationReplys, { guid, examHistoryID: 1, replies: 'not json' })).toMatchObject({ status: 400, msg: '答案列表格式不正确' });
    expect(await t.call(addSimulationReplys, { guid, examHistoryID: 1, replies: '{}' })).toMatchObject({ status: 400, msg: '答案列表格式不正确' });
    expect(await save(guid, 1, [{ replyID: 'short', allTestID: 1, lastUserReply: 'A' }])).toMatchObject({ status: 400, msg: '答题编号格式不正确' });
    expect(
      await save(
        guid,
        1,
        Array.from({ length: 201 }, () => reply(A1[0]!, 'A')),
      ),
    ).toMatchObject({ status: 400, msg: '每次最多提交200条答案' });
    expect(await t.call(simulationList, { guid, appID: APP, kind: 'weekly' })).toMatchObject({ status: 400, msg: '试卷类型不正确' });
    expect(await t.call(simulationLockSection, { guid, examHistoryID: 1 })).toMatchObject({ status: 400, msg: '请填写题型序号' });
  });

  it('answers 404 for an unknown paper or session', async () => {
    const guid = await t.newLearner();
    expect(await t.call(simulationStart, { guid, appID: APP, paperID: 999_999 })).toMatchObject({ status: 404, msg: '试卷不存在' });
    expect(await t.call(simulationResume, { guid, examHistoryID: 999_999 })).toMatchObject({ status: 404, msg: '考试记录不存在' });
  });
});

describe('start and resume', () => {
  it('sends the paper without any key, and starting again answers the same open session', async () => {
    const guid = await t.newLearner();
    const body = await start(guid);
    expect(body.status).toBe(200);
    const s = body.data;
    expect(s).toMatchObject({ mode: 'exam', status: 'open', timeLimitSeconds: LIMIT, passScore: 5, total: 10, sectionIndex: 0, replies: {}, flags: [] });
    expect(s.sections.map((x: any) => [x.type, x.locked, x.questions.length])).toEqual([
      ['A1', false, 3],
      ['X', false, 2],
      ['A3', false, A3.length],
    ]);
    expect(s.list).toHaveLength(5 + A3.length);
    expect(s.groups).toHaveLength(1);
    expect(Date.parse(s.deadline) - Date.parse(s.startedAt)).toBe(LIMIT * 1000);
    expect(s.serverNow).toBe(new Date(t.clock.now).toISOString());
    expect(s.remainingSeconds).toBe(LIMIT);
    const keys = keysIn(body);
    for (const k of ['answer', 'explanation', 'points', 'keys']) expect(keys.has(k), k).toBe(false);

    const again = await start(guid);
    expect(again.data.examHistoryID).toBe(s.examHistoryID);
    const listed = await t.call(simulationList, { guid, appID: APP });
    expect(listed.data.list.find((p: any) => p.paperID === paperId)).toMatchObject({
      attempts: 0,
      best: null,
      open: s.examHistoryID,
      questionCount: 5 + A3.length,
      totalScore: 10,
    });
  });

  it('resume answers the server-side replies, flags and the remaining time from the server clock', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid)).data;
    expect((await save(guid, s.examHistoryID, [reply(A1[0]!, 'c'), reply(A1[1]!, '', { flagged: true })])).data).toMatchObject({ saved: 2, refused: [] });
    t.clock.advance(125_000);
    const r = await t.call(simulationResume, { guid, examHistoryID: s.examHistoryID });
    expect(r.data).toMatchObject({
      examHistoryID: s.examHistoryID,
      remainingSeconds: LIMIT - 125,
      replies: { [A1[0]!.id]: 'C' },
      flags: [A1[1]!.id],
      deadline: s.deadline,
    });
    expect(r.data.serverNow).toBe(new Date(t.clock.now).toISOString());
    expect(keysIn(r).has('answer')).toBe(false);
  });

  it('starts in practice mode untimed, with the keys for instant feedback', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid, { mode: 'practice' })).data;
    expect(s).toMatchObject({ mode: 'practice', deadline: null, remainingSeconds: null, timeLimitSeconds: null });
    expect(s.keys).toHaveLength(5 + A3.length);
    expect(s.keys[0]).toMatchObject({ allTestID: A1[0]!.id, answer: A1[0]!.answer });
  });
});

describe("today's daily test", () => {
  it('runs as a session of the China day: same session when started again, scored at hand-in, in the history', async () => {
    const guid = await t.newLearner();
    const s = (await t.call(simulationStart, { guid, appID: APP, daily: 'true' })).data;
    expect(s).toMatchObject({ kind: 'daily', paperID: null, mode: 'exam', timeLimitSeconds: 600, total: 10, passScore: 6 });
    expect(s.list).toHaveLength(10);
    expect(keysIn(s).has('answer')).toBe(false);
    expect((await t.call(simulationStart, { guid, appID: APP, daily: 'true' })).data.examHistoryID).toBe(s.examHistoryID);
    const first = s.list[0];
    const [q] = await t.db.select({ answer: questions.answer, type: questions.type }).from(questions).where(eq(questions.id, first.allTestID));
    const right = Array.isArray(q!.answer) ? q!.answer[0]! : q!.answer;
    expect((await save(guid, s.examHistoryID, [{ replyID: rid(), allTestID: first.allTestID, lastUserReply: right }])).data.saved).toBe(1);
    const r = (await t.call(simulationHandIn, { guid, examHistoryID: s.examHistoryID })).data;
    expect(r).toMatchObject({ score: 1, total: 10, right: 1, unanswered: 9, passed: false });
    const h = (await t.call(simulationHistory, { guid, appID: APP })).data;
    expect(h.list[0]).toMatchObject({ examHistoryID: s.examHistoryID, paperID: null, score: 1 });
  });
});

describe('autosave', () => {
  it('is idempotent by replyID, the latest write per question wins, a cleared reply keeps its flag', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    const first = reply(A1[0]!, 'A');
    expect((await save(guid, id, [first])).data.saved).toBe(1);
    expect((await save(guid, id, [first])).data.saved).toBe(0);
    expect((await save(guid, id, [reply(A1[0]!, 'B', { flagged: true })])).data.saved).toBe(1);
    // A replay of the first write after the change does not bring 'A' back.
    expect((await save(guid, id, [first])).data.saved).toBe(0);
    let r = (await t.call(simulationResume, { guid, examHistoryID: id })).data;
    expect(r.replies[A1[0]!.id]).toBe('B');
    expect(r.flags).toEqual([A1[0]!.id]);
    await save(guid, id, [reply(A1[0]!, '', { flagged: true })]);
    r = (await t.call(simulationResume, { guid, examHistoryID: id })).data;
    expect(r.replies).toEqual({});
    expect(r.flags).toEqual([A1[0]!.id]);
    const data = (await save(guid, id, [reply(A1[1]!, 'D')])).data;
    expect(Object.keys(data).sort()).toEqual(['deadline', 'refused', 'remainingSeconds', 'saved', 'serverNow']);
  });

  it('refuses a replyID reused for another question, a question not in the paper and a malformed reply', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    const r1 = reply(A1[0]!, 'A');
    await save(guid, id, [r1]);
    const body = await save(guid, id, [{ ...r1, allTestID: A1[1]!.id }, reply(A1[2]!, 'E')]);
    expect(body.data).toMatchObject({ saved: 1, refused: [{ replyID: r1.replyID, msg: '答题编号已用于其他试题' }] });
    expect(await save(guid, id, [reply({ id: 999_999, type: 'A1', answer: 'A' }, 'A')])).toMatchObject({ status: 400, msg: '试题不在本次考试中' });
    expect(await save(guid, id, [reply(A1[0]!, 'AZ')])).toMatchObject({ status: 400, msg: '答案格式不正确' });
  });
  it('writes a batch as its replies one after the other would: last reply per question, seconds added, in-batch replays once', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    const twice = reply(A1[1]!, 'C');
    const body = await save(guid, id, [
      reply(A1[0]!, 'A', { spendTime: 7 }),
      reply(A1[0]!, 'B', { spendTime: 4, flagged: true }),
      twice,
      twice,
      { ...twice, allTestID: A1[2]!.id },
    ]);
    expect(body.data).toMatchObject({ saved: 3, refused: [{ replyID: twice.replyID, msg: '答题编号已用于其他试题' }] });
    const rows = await t.db.select().from(examReplies).where(eq(examReplies.sessionId, id));
    expect(rows.map((r) => [r.questionId, r.reply, r.flagged, r.spentSeconds]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [A1[0]!.id, 'B', true, 11],
        [A1[1]!.id, 'C', false, 5],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // The next batch adds to the seconds of a question already saved.
    await save(guid, id, [reply(A1[0]!, 'D', { spendTime: 2 })]);
    const [after] = await t.db
      .select()
      .from(examReplies)
      .where(and(eq(examReplies.sessionId, id), eq(examReplies.questionId, A1[0]!.id)));
    expect(after).toMatchObject({ reply: 'D', flagged: false, spentSeconds: 13 });
  });
});

describe('sections (机考)', () => {
  it('locks a section after it is left: replies there are refused, the next section opens', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    expect(await save(guid, id, [reply(X[0]!, 'AB')])).toMatchObject({ status: 400, msg: '请先完成当前题型' });
    expect(await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 1 })).toMatchObject({ status: 400, msg: '请先完成当前题型' });
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!))]);
    const locked = await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 0 });
    expect(locked.data).toMatchObject({ sectionIndex: 1, remainingSeconds: LIMIT });
    // Idempotent: leaving section 0 again changes nothing.
    expect((await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 0 })).data.sectionIndex).toBe(1);
    expect(await save(guid, id, [reply(A1[1]!, 'A')])).toMatchObject({ status: 400, msg: '该题型已交卷，不能再修改' });
    const mixed = await save(guid, id, [reply(A1[1]!, 'A'), reply(X[0]!, 'AB')]);
    expect(mixed.data).toMatchObject({ saved: 1, refused: [{ msg: '该题型已交卷，不能再修改' }] });
    const r = (await t.call(simulationResume, { guid, examHistoryID: id })).data;
    expect(r.sections.map((s: any) => s.locked)).toEqual([true, false, false]);
    expect(r.replies).toEqual({ [A1[0]!.id]: keyOf(A1[0]!), [X[0]!.id]: 'AB' });
    await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 1 });
    expect(await t.call(simulationLockSection, { guid, examHistoryID: id, sectionIndex: 2 })).toMatchObject({ status: 400, msg: '最后一个题型请直接交卷' });
  });
});

import {
  addSimulationReplys,
  EXAM_GRACE_SECONDS,
  examCalls,
  getErrorTest,
  simulationHandIn,
  simulationHistory,
  simulationList,
  simulationLockSection,
  simulationResult,
  simulationResume,
  simulationStart,
  type PaperSection,
} from '@kaoshi/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, examReplies, examSessions, papers, questions, versions } from '../../db/schema/index.ts';
import { createTestApp, makeModulePaid, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
const APP = 2001;
const LIMIT = 600;

/** Makes a module free (trial) in every version of a subject, in this test database only. */
async function makeModuleFree(appId: number, moduleId: string) {
  const rows = await t.db.select().from(versions).where(eq(versions.appId, appId));
  for (const v of rows) {
    await t.db
      .update(versions)
      .set({ vnjson: v.vnjson.map((m) => (m.id === moduleId ? { ...m, free: true } : m)) })
      .where(eq(versions.id, v.id));
  }
}

interface Q {
  id: number;
  type: string;
  answer: string | string[];
}
let A1: Q[];
let X: Q[];
let A3: Q[];
let paperId: number;
const keyOf = (q: Q) => (Array.isArray(q.answer) ? q.answer[0]! : q.answer);
const wrongOf = (q: Q) => (keyOf(q) === 'A' ? 'B' : 'A');

/** A short three-section paper of subject 2001: 3 A1 (1 mark), 2 X (2 marks), the A3 group's sub-questions (1 mark). */
async function makePaper(code: string, limitSeconds = LIMIT, kind = 'mock'): Promise<number> {
  const sections: PaperSection[] = [
    { type: 'A1', title: 'A1型题', score: 1, questions: A1.map((q) => q.id) },
    { type: 'X', title: 'X型题', score: 2, questions: X.map((q) => q.id) },
    { type: 'A3', title: 'A3型题', score: 1, questions: A3.map((q) => q.id) },
  ];
  const total = A1.length + X.length * 2 + A3.length;
  const at = new Date(t.clock.now);
  const [row] = await t.db
    .insert(papers)
    .values({ appId: APP, code, kind, name: `测试卷 ${code}`, year: null, timeLimitSeconds: limitSeconds, passScore: 5, totalScore: total, sections, createdAt: at, updatedAt: at })
    .returning({ id: papers.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await makeModuleFree(APP, 'paper');
  const rows = await t.db
    .select({ id: questions.id, type: questions.type, answer: questions.answer, groupId: questions.groupId })
    .from(questions)
    .where(and(eq(questions.appId, APP), eq(questions.retired, false)))
    .orderBy(asc(questions.id));
  A1 = rows.filter((r) => r.type === 'A1').slice(0, 3);
  X = rows.filter((r) => r.type === 'X').slice(0, 2);
  const a3 = rows.find((r) => r.type === 'A3')!;
  A3 = rows.filter((r) => r.groupId !== null && r.groupId === a3.groupId);
  paperId = await makePaper('exam-test-1');
});
afterAll(() => t.close());

const rid = replyIds('exam-reply');

const start = (guid: string, extra: Record<string, unknown> = {}) => t.call(simulationStart, { guid, appID: APP, paperID: paperId, ...extra });
const save = (guid: string, examHistoryID: number, replies: object[]) =>
  t.call(addSimulationReplys, { guid, examHistoryID, replies: JSON.stringify(replies) });
const reply = (q: Q, lastUserReply: string, extra: Record<string, unknown> = {}) => ({ replyID: rid(), allTestID: q.id, lastUserReply, spendTime: 5, ...extra });

/** Every key anywhere in a JSON value. */
function keysIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysIn(x, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysIn(x, out);
    }
  return out;
}

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
    expect(await save(guid, 1, Array.from({ length: 201 }, () => reply(A1[0]!, 'A')))).toMatchObject({ status: 400, msg: '每次最多提交200条答案' });
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
    expect(listed.data.list.find((p: any) => p.paperID === paperId)).toMatchObject({ attempts: 0, best: null, open: s.examHistoryID, questionCount: 5 + A3.length, totalScore: 10 });
  });

  it('resume answers the server-side replies, flags and the remaining time from the server clock', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid)).data;
    expect((await save(guid, s.examHistoryID, [reply(A1[0]!, 'c'), reply(A1[1]!, '', { flagged: true })])).data).toMatchObject({ saved: 2, refused: [] });
    t.clock.advance(125_000);
    const r = await t.call(simulationResume, { guid, examHistoryID: s.examHistoryID });
    expect(r.data).toMatchObject({ examHistoryID: s.examHistoryID, remainingSeconds: LIMIT - 125, replies: { [A1[0]!.id]: 'C' }, flags: [A1[1]!.id], deadline: s.deadline });
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
    const [after] = await t.db.select().from(examReplies).where(and(eq(examReplies.sessionId, id), eq(examReplies.questionId, A1[0]!.id)));
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
    const [row] = await t.db.select().from(examSessions).where(eq(examSessions.id, s.examHistoryID));
    expect(row).toMatchObject({ status: 'handed', handedBy: 'deadline', score: 1 });
    expect(row!.handedAt!.toISOString()).toBe(s.deadline);
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
    // The app's sweep runs every minute; here the same service function is called directly.
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
    expect(results[0]).toMatchObject({ score: 4, total: 10, right: 3, wrong: 1, unanswered: 1 + A3.length, passed: false, passScore: 5, usedSeconds: 90, handedBy: 'learner' });
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
    const sessions = await t.db.select().from(examSessions).where(and(eq(examSessions.id, id), isNotNull(examSessions.handedAt)));
    expect(sessions).toHaveLength(1);
    const hist = (await t.call(simulationHistory, { guid, appID: APP })).data;
    expect(hist.total).toBe(1);
    expect(hist.list[0]).toMatchObject({ examHistoryID: id, score: 4, total: 10, passed: false, usedSeconds: 90 });

    // Replies after hand-in are refused; the review shows keys, replies and the flag.
    expect(await save(guid, id, [reply(A1[0]!, 'A')])).toMatchObject({ status: 400, msg: '考试已交卷，答案未保存' });
    const result = (await t.call(simulationResult, { guid, examHistoryID: id })).data;
    expect(result.review.list).toHaveLength(5 + A3.length);
    const third = result.review.list.find((q: any) => q.allTestID === A1[2]!.id);
    expect(third).toMatchObject({ answer: A1[2]!.answer, mine: { lastUserReply: wrongOf(A1[2]!), right: false, answered: true, score: 0, full: 1 }, flagged: true });
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
      await save(guid, id, A1.map((q, i) => reply(q, i < right ? keyOf(q) : wrongOf(q))));
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
    const none = await t.db.select().from(answers).where(inArray(answers.examHistoryId, [id]));
    expect(none).toHaveLength(1);
  });
});

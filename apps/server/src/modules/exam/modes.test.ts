import {
  addSimulationReplys,
  simulationLockSection,
  simulationBlueprint,
  simulationHandIn,
  simulationHistory,
  simulationOpen,
  simulationStart,
  TEST_MODES,
  testMode,
  type ExamSession,
} from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, knowledgePoints, papers, questionPoints, questions } from '../../db/schema/index.ts';
import { createTestApp, DEMO, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { isoWeek } from '../papers/index.ts';

/** The TEST_MODES rows on the exam engine (docs/test-modes.md §2), on the demo subject 1001 and its papers. */
let t: TestApp;
const APP = 1001;
let member: string;
let paperOf: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
  const rows = await t.db.select({ id: papers.id, code: papers.code }).from(papers).where(eq(papers.appId, APP));
  paperOf = new Map(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

const start = (guid: string, input: Record<string, unknown>) => t.call(simulationStart, { guid, appID: APP, ...input });
const ids = (s: ExamSession) => s.sections.flatMap((x) => x.questions);
const rowsOf = async (list: number[]) => {
  const all = await t.db.select({ id: questions.id, chapterId: questions.chapterId, groupId: questions.groupId }).from(questions).where(eq(questions.appId, APP));
  const set = new Set(list);
  return all.filter((r) => set.has(r.id));
};

describe('the mode table', () => {
  it('has one row per test route of spec §2, each with a title, and only known sources', () => {
    const routes = [
      '/computerPaper',
      '/exam',
      '/mockTest',
      '/mockExam',
      '/evaluationChapter',
      '/examinationGuide',
      '/mnkcNew',
      '/dailyMockTest',
      '/weekTest',
      '/fivehundredTest',
      '/focalPointTest',
      '/realPapertest',
      '/ytmj',
      '/md60f',
      '/sprintList',
      '/randomPassCheck',
      '/lnztgather',
      '/newLnjtMnsj',
      '/lnztjpay',
      '/tifenGuoguan',
      '/BurningExam',
      '/secretVolumeWay',
      '/examAnalyseMenu',
      '/pingshenChapter',
      '/zyChapter',
      '/zyanswer',
      '/grabPoint',
      '/AICoreExamTest',
      '/AIcard',
      '/AICorePay',
      '/renjilist',
    ];
    expect(TEST_MODES.map((m) => m.route).sort()).toEqual([...routes].sort());
    for (const m of TEST_MODES) {
      expect(m.title, m.id).not.toBe('');
      if (m.source === 'paper') expect(m.papers, m.id).toBeDefined();
      if (m.source === 'draw' || m.source === 'weekly') expect(m.draw, m.id).toBeDefined();
    }
    expect(testMode('/ytmj')?.papers).toEqual({ kinds: ['mock'], tag: 'ytmj' });
  });
});

describe('starting by testMode', () => {
  it('needs a session; an unknown or not startable mode is refused in Chinese', async () => {
    expect(await t.call(simulationStart, { appID: APP, testMode: 'mockTest' })).toEqual(NOT_LOGGED_IN);
    expect(await start(member, { testMode: 'nope' })).toMatchObject({ status: 400, msg: '考试类型不正确' });
    expect(await start(member, { testMode: 'exam' })).toMatchObject({ status: 400, msg: '考试类型不正确' });
    expect(await start(member, { testMode: 'x'.repeat(41) })).toMatchObject({ status: 400, msg: '考试类型不正确' });
  });

  it('paper rows start only papers of their kind and tag', async () => {
    expect(await start(member, { testMode: 'mockExam' })).toMatchObject({ status: 400, msg: '请填写试卷编号' });
    expect(await start(member, { testMode: 'mockExam', paperID: paperOf.get('ytmj-1') })).toMatchObject({ status: 404, msg: '试卷不存在' });
    expect(await start(member, { testMode: 'realPapertest', paperID: paperOf.get('mock-1') })).toMatchObject({ status: 404, msg: '试卷不存在' });
    const y = await start(member, { testMode: 'ytmj', paperID: paperOf.get('ytmj-1') });
    expect(y).toMatchObject({ status: 200, data: { testMode: 'ytmj', mode: 'exam', paperID: paperOf.get('ytmj-1') } });
    expect(y.data.keys).toBeUndefined();
    const r = await start(member, { testMode: 'renjilist', paperID: paperOf.get('past-2025') });
    expect(r).toMatchObject({ status: 200, data: { testMode: 'renjilist', kind: 'past' } });
  });

  it('each row checks its own module: a learner without purchases meets the buy prompt with the versions that open it', async () => {
    const guid = await t.newLearner();
    const paid = await start(guid, { testMode: 'mockExam', paperID: paperOf.get('mock-1') });
    expect(paid).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
    expect(paid.data.unlocking.map((v: { vname: string }) => v.vname)).toEqual(['基础班', 'VIP班', '至尊班']);
    const room = await start(guid, { testMode: 'mnkcNew', paperID: paperOf.get('mock-1') });
    expect(room.status).toBe(403);
    expect(room.data.unlocking.map((v: { vname: string }) => v.vname)).toEqual(['至尊班', '考前模拟_MNDB']);
    // The guide is free to everyone; the chapter test rides on the free chapter module.
    expect(await start(guid, { testMode: 'examinationGuide' })).toMatchObject({ status: 200, data: { testMode: 'examinationGuide', name: '机考体验' } });
  });

  it('随机组卷 draws a whole template-sized paper per attempt, timed like the template; restart abandons the open one', async () => {
    const guid = member;
    const a = (await start(guid, { testMode: 'mockTest' })).data as ExamSession;
    expect(ids(a)).toHaveLength(120);
    expect(new Set(ids(a)).size).toBe(120);
    expect(a).toMatchObject({ testMode: 'mockTest', mode: 'exam', timeLimitSeconds: 6000, total: 120, passScore: 72, paperID: null });
    expect(a.sections.map((s) => s.type)).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'X']);
    // Starting again resumes the same attempt (any device).
    expect((await start(guid, { testMode: 'mockTest' })).data.examHistoryID).toBe(a.examHistoryID);
    const b = (await start(guid, { testMode: 'mockTest', restart: true })).data as ExamSession;
    expect(b.examHistoryID).not.toBe(a.examHistoryID);
    expect(ids(b)).not.toEqual(ids(a));
    const h = await t.call(simulationHistory, { guid, appID: APP, testMode: 'mockTest' });
    expect(h.data.list).toEqual([expect.objectContaining({ examHistoryID: a.examHistoryID, handedBy: 'abandoned', testMode: 'mockTest', counted: false })]);
  });

  it('章节测评 draws from the chapter and its subchapters; needs a chapter that exists', async () => {
    expect(await start(member, { testMode: 'evaluationChapter' })).toMatchObject({ status: 400, msg: '请选择考试范围' });
    expect(await start(member, { testMode: 'evaluationChapter', key: 999_999 })).toMatchObject({ status: 404, msg: '所选章节或考点不存在' });
    const all = await t.db.select().from(chapters).where(eq(chapters.appId, APP));
    const top = all.find((c) => c.parentId === null && all.some((k) => k.parentId === c.id))!;
    const subtree = new Set([top.id, ...all.filter((c) => c.parentId === top.id).map((c) => c.id)]);
    for (const c of all) if (c.parentId !== null && subtree.has(c.parentId)) subtree.add(c.id);
    const s = (await start(member, { testMode: 'evaluationChapter', key: top.id })).data as ExamSession;
    expect(s.name).toBe(`章节测评·${top.name}`);
    expect(ids(s).length).toBeGreaterThan(0);
    expect(ids(s).length).toBeLessThanOrEqual(20 + 4);
    for (const r of await rowsOf(ids(s))) expect(subtree.has(r.chapterId), `question ${r.id}`).toBe(true);
    expect(s.timeLimitSeconds).toBe(Math.ceil(ids(s).length) * 60);
  });

  it('重点考点测试 draws the questions of one knowledge point', async () => {
    const [p] = await t.db
      .select({ id: knowledgePoints.id, name: knowledgePoints.name })
      .from(knowledgePoints)
      .innerJoin(questionPoints, eq(questionPoints.pointId, knowledgePoints.id))
      .where(eq(knowledgePoints.appId, APP))
      .limit(1);
    const s = (await start(member, { testMode: 'focalPointTest', key: p!.id })).data as ExamSession;
    expect(s.name).toBe(`重点考点测试·${p!.name}`);
    const holding = new Set((await t.db.select({ q: questionPoints.questionId }).from(questionPoints).where(eq(questionPoints.pointId, p!.id))).map((r) => r.q));
    const singles = (await rowsOf(ids(s))).filter((r) => r.groupId === null);
    for (const r of singles) expect(holding.has(r.id)).toBe(true);
  });

  it('考试指南 机考体验: one unit of each template type, 10 minutes, the same for everybody', async () => {
    const a = (await start(member, { testMode: 'examinationGuide' })).data as ExamSession;
    expect(a).toMatchObject({ timeLimitSeconds: 600, mode: 'exam' });
    expect(a.sections.map((s) => s.type)).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'X']);
    const b = (await start(await t.newLearner(), { testMode: 'examinationGuide' })).data as ExamSession;
    expect(ids(b)).toEqual(ids(a));
  });
});

describe('daily and weekly periods', () => {
  it('每周一测: the same 50 questions for everybody this ISO week; only the first hand-in of the week counts', async () => {
    const one = await t.newLearner();
    const two = await t.newLearner();
    const a = (await start(one, { testMode: 'weekTest' })).data as ExamSession;
    const b = (await start(two, { testMode: 'weekTest' })).data as ExamSession;
    expect(ids(a)).toEqual(ids(b));
    expect(ids(a).length).toBeGreaterThanOrEqual(50);
    expect(a).toMatchObject({
      testMode: 'weekTest',
      timeLimitSeconds: 3600,
      name: `每周一测（${isoWeek(new Date(t.clock.now + 8 * 3600_000).toISOString().slice(0, 10))}）`,
    });
    const first = await t.call(simulationHandIn, { guid: one, examHistoryID: a.examHistoryID });
    expect(first.data).toMatchObject({ counted: true, testMode: 'weekTest' });
    // A second attempt of the same week: a new session, not counted.
    const again = (await start(one, { testMode: 'weekTest' })).data as ExamSession;
    expect(again.examHistoryID).not.toBe(a.examHistoryID);
    expect((await t.call(simulationHandIn, { guid: one, examHistoryID: again.examHistoryID })).data.counted).toBe(false);
  });

  it('每日一练 by testMode is the daily test of the China day, counted once', async () => {
    const guid = await t.newLearner();
    const s = (await start(guid, { testMode: 'dailyMockTest' })).data as ExamSession;
    expect(s.testMode).toBe('dailyMockTest');
    expect((await start(guid, { daily: true })).data.examHistoryID).toBe(s.examHistoryID);
    const q = s.list[0]!;
    await t.call(addSimulationReplys, {
      guid,
      examHistoryID: s.examHistoryID,
      replies: JSON.stringify([{ replyID: 'daily-mode-reply-0001', allTestID: q.allTestID, lastUserReply: 'A' }]),
    });
    expect((await t.call(simulationHandIn, { guid, examHistoryID: s.examHistoryID })).data).toMatchObject({ counted: true });
  });
});

describe('blueprint and open sessions', () => {
  it('blueprint: the template paper (mock-1) as sections, time, total and pass line; free to every learner', async () => {
    expect(await t.call(simulationBlueprint, { appID: APP })).toEqual(NOT_LOGGED_IN);
    const b = await t.call(simulationBlueprint, { guid: await t.newLearner(), appID: APP });
    expect(b.status).toBe(200);
    expect(b.data).toMatchObject({ template: paperOf.get('mock-1'), limitSeconds: 6000, totalScore: 120, passScore: 72 });
    expect(b.data.sections.map((s: { type: string; count: number }) => [s.type, s.count])).toEqual([
      ['A1', 58],
      ['A2', 30],
      ['A3', 6],
      ['A4', 8],
      ['B1', 12],
      ['X', 6],
    ]);
    expect(await t.call(simulationBlueprint, { guid: member, appID: 424242 })).toMatchObject({ status: 404 });
  });

  it('open: my open sessions with remaining time and progress; one past its deadline is handed in and left out', async () => {
    const guid = await t.newLearner();
    expect((await t.call(simulationOpen, { guid, appID: APP })).data.list).toEqual([]);
    const s = (await start(guid, { testMode: 'examinationGuide' })).data as ExamSession;
    await t.call(addSimulationReplys, {
      guid,
      examHistoryID: s.examHistoryID,
      replies: JSON.stringify([{ replyID: 'open-list-reply-0001', allTestID: s.list[0]!.allTestID, lastUserReply: 'A' }]),
    });
    const open = await t.call(simulationOpen, { guid, appID: APP });
    expect(open.data.list).toEqual([
      {
        examHistoryID: s.examHistoryID,
        testMode: 'examinationGuide',
        name: '机考体验',
        mode: 'exam',
        startedAt: s.startedAt,
        remainingSeconds: 600,
        answered: 1,
        total: ids(s).length,
      },
    ]);
    // Another learner sees nothing of it.
    expect((await t.call(simulationOpen, { guid: await t.newLearner(), appID: APP })).data.list).toEqual([]);
    t.clock.advance(700_000);
    expect((await t.call(simulationOpen, { guid, appID: APP })).data.list).toEqual([]);
    const h = await t.call(simulationHistory, { guid, appID: APP });
    expect(h.data.list[0]).toMatchObject({ examHistoryID: s.examHistoryID, handedBy: 'deadline' });
  });
});

describe('section lock per row', () => {
  it('papers lock their sections (机考); drawn tests of a row without lockSections answer any section and refuse lockSection', async () => {
    const guid = await t.newLearner();
    const locked = (await start(member, { testMode: 'realPapertest', paperID: paperOf.get('past-2025') })).data as ExamSession;
    expect(locked.lockSections).toBe(true);
    const free = (await start(guid, { testMode: 'examinationGuide' })).data as ExamSession;
    expect(free.lockSections).toBe(true);
    const week = (await start(guid, { testMode: 'weekTest' })).data as ExamSession;
    expect(week.lockSections).toBe(false);
    const last = week.sections[week.sections.length - 1]!;
    const body = await t.call(addSimulationReplys, {
      guid,
      examHistoryID: week.examHistoryID,
      replies: JSON.stringify([{ replyID: 'no-lock-reply-000001', allTestID: last.questions[0], lastUserReply: 'A' }]),
    });
    expect(body).toMatchObject({ status: 200, data: { saved: 1, refused: [] } });
    expect(await t.call(simulationLockSection, { guid, examHistoryID: week.examHistoryID, sectionIndex: 0 })).toMatchObject({
      status: 400,
      msg: '本次作答不分题型，无需分题型交卷',
    });
    expect(week.sections.every((x) => !x.locked)).toBe(true);
  });
});

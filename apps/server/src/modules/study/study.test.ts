import {
  addQuestionReport,
  addUserFav,
  addUserNote,
  bookLLzs,
  chapterlist,
  commonQuestions,
  cptcontent,
  deleteUserFav,
  getChapterTestEx,
  listQuestionReports,
  NOTE_MAX,
  pointsMastery,
  pointsPractice,
  resetTestInfo,
  searchTest,
  STUDY_MSG,
  submitReply,
  updateRecitePoint,
  type CallDef,
} from '@kaoshi/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReports } from '../../cli/reports.ts';
import { bookItems, chapters, knowledgePoints, questionPoints, questions } from '../../db/schema/index.ts';
import { createTestApp, makeModulePaid, nextPhone, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';
import { COMMON_TTL_MS, REPORTS_PER_DAY } from './service.ts';

let t: TestApp;
const APP = 2001;

/** The calls this module answers. */
const calls: CallDef[] = [
  updateRecitePoint,
  addUserNote,
  addUserFav,
  deleteUserFav,
  chapterlist,
  searchTest,
  cptcontent,
  bookLLzs,
  pointsMastery,
  pointsPractice,
  commonQuestions,
  addQuestionReport,
  listQuestionReports,
];

const rid = replyIds('study');

/** Test questions in chapters of their own (st: own + st-sub; st2: per-question stats; st3: search). */
const Q: Record<string, number> = {};
const C: Record<string, number> = {};

const opts = (...texts: string[]) => texts.map((text, i) => ({ key: 'ABCDE'[i]!, text }));

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date(t.clock.now);
  const [st] = await t.db.insert(chapters).values({ appId: APP, code: 'st', name: '研究章', order: 100 }).returning();
  const rest = await t.db
    .insert(chapters)
    .values([
      { appId: APP, code: 'st-sub', name: '研究子章', parentId: st!.id, order: 101 },
      { appId: APP, code: 'st2', name: '统计章', order: 102 },
      { appId: APP, code: 'st3', name: '搜索章', order: 103 },
    ])
    .returning();
  for (const c of [st!, ...rest]) C[c.code] = c.id;
  const rows = await t.db
    .insert(questions)
    .values([
      { extId: 'st-a1', type: 'A1', chapterId: C.st!, stem: '斑蝥素研究：下列说法正确的是', options: opts('甲方案', '乙方案', '丙方案', '丁方案'), answer: 'A', explanation: '解析：甲方案最好' },
      { extId: 'st-fill', type: 'FILL', chapterId: C.st!, stem: '斑蝥素的来源是____', answer: ['芫青'] },
      { extId: 'st-x', type: 'X', chapterId: C['st-sub']!, stem: '关于蟾酥，正确的有', options: opts('一', '二', '三', '四'), answer: 'AB' },
      { extId: 'st2-x', type: 'X', chapterId: C.st2!, stem: '统计多选题', options: opts('α', 'β', 'γ', 'δ'), answer: 'AB' },
      { extId: 'st2-fill', type: 'FILL', chapterId: C.st2!, stem: '统计填空题', answer: ['芫青'] },
      { extId: 'st3-pct', type: 'A1', chapterId: C.st3!, stem: '浓度为75%的乙醇可用于', options: opts('消毒', '溶剂'), answer: 'A' },
      { extId: 'st3-opt', type: 'A1', chapterId: C.st3!, stem: '下列哪项正确', options: opts('甲', '乙', '玳瑁甲片独有选项'), answer: 'C' },
      { extId: 'st3-ret', type: 'A1', chapterId: C.st3!, stem: '玳瑁甲片 已退役', options: opts('甲', '乙'), answer: 'A', retired: true },
    ].map((q) => ({ ...q, appId: APP, updatedAt: now })))
    .returning({ id: questions.id, extId: questions.extId });
  for (const r of rows) Q[r.extId] = r.id;
  const [kp] = await t.db.insert(knowledgePoints).values({ appId: APP, code: 'st-kp', name: '研究知识点甲' }).returning();
  await t.db.insert(questionPoints).values([{ questionId: Q['st-a1']!, pointId: kp!.id }, { questionId: Q['st-fill']!, pointId: kp!.id }]);
});
afterAll(() => t.close());

/** A question of the demo bank or of the test chapters. */
async function question(extId: string) {
  const [q] = await t.db
    .select({ id: questions.id, chapterId: questions.chapterId, groupId: questions.groupId, type: questions.type })
    .from(questions)
    .where(and(eq(questions.appId, APP), eq(questions.extId, extId)));
  if (!q) throw new Error(`no question ${extId}`);
  return q;
}
async function answer(guid: string, extId: string, reply: string, spendTime = 10) {
  const q = await question(extId);
  const body = await t.call(submitReply, { guid, appID: APP, cptID: q.chapterId, allTestID: q.id, lastUserReply: reply, spendTime, replyID: rid() });
  expect(body.status, `${extId} ${body.msg}`).toBe(200);
  return body.data;
}
const ok = async (call: CallDef, input: Record<string, unknown>) => {
  const body = await t.call(call, input);
  expect(body.status, `${call.id}: ${body.msg}`).toBe(200);
  return body.data;
};
const chapterTest = async (guid: string, cptID: number) => {
  const data = await ok(getChapterTestEx, { guid, appID: APP, cptID });
  return { data, byId: new Map((data.list as { allTestID: number }[]).map((q) => [q.allTestID, q as any])) };
};
const ids = (list: { allTestID: number }[]) => list.map((q) => q.allTestID);

describe('every study call', () => {
  it('needs a session', async () => {
    for (const call of calls) {
      expect(await t.call(call, { appID: APP, allTestID: Q['st-a1'], cptID: C.st, kind: 'fav', keyword: '甲', kinds: '其他' }), call.id).toEqual(NOT_LOGGED_IN);
    }
  });

  it('names the bad field in Chinese (400)', async () => {
    const guid = await t.newLearner();
    const bad = async (call: CallDef, input: Record<string, unknown>, msg: string) =>
      expect(await t.call(call, { guid, ...input }), call.id).toEqual({ status: 400, msg, data: null });
    await bad(updateRecitePoint, { appID: APP, allTestID: Q['st-a1'] }, '请填写章节编号');
    await bad(addUserNote, { appID: APP, allTestID: Q['st-a1'], noteContent: '长'.repeat(NOTE_MAX + 1) }, STUDY_MSG.noteTooLong);
    await bad(addUserFav, { appID: APP }, '请填写试题编号');
    await bad(deleteUserFav, { appID: APP, allTestID: -1 }, '试题编号格式不正确');
    await bad(chapterlist, { appID: APP, kind: 'error' }, '列表类型格式不正确');
    await bad(chapterlist, { appID: APP, kind: 'fav', pageSize: 11 }, '每页数量格式不正确');
    await bad(searchTest, { appID: APP }, '请填写关键词');
    await bad(cptcontent, { appID: APP, allTestID: 'x' }, '试题编号格式不正确');
    await bad(bookLLzs, { appID: 'x' }, '科目编号格式不正确');
    await bad(pointsMastery, {}, '请填写科目编号');
    await bad(pointsPractice, { appID: APP, count: 0 }, '题目数量格式不正确');
    await bad(pointsPractice, { appID: APP, point: '没有这个知识点' }, '知识点不存在');
    await bad(commonQuestions, { appID: APP, pageSize: 6 }, '每页数量格式不正确');
    await bad(addQuestionReport, { appID: APP, allTestID: Q['st-a1'], kinds: '题干有误,乱写' }, STUDY_MSG.reportKinds);
    await bad(addQuestionReport, { appID: APP, allTestID: Q['st-a1'] }, '请填写问题类型');
    await bad(listQuestionReports, { appID: APP, page: 0 }, '页码格式不正确');
  });

  it('refuses a question of another subject and an unknown or retired question (400), an unknown chapter (404)', async () => {
    const guid = await t.newLearner();
    const [foreign] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 1001)).limit(1);
    for (const call of [addUserFav, addUserNote, cptcontent, addQuestionReport]) {
      const input = { guid, appID: APP, noteContent: '笔记', kinds: '其他' };
      expect(await t.call(call, { ...input, allTestID: foreign!.id }), call.id).toEqual({ status: 400, msg: '试题不属于该科目', data: null });
      expect(await t.call(call, { ...input, allTestID: 99_999_999 }), call.id).toEqual({ status: 400, msg: '试题不存在', data: null });
    }
    expect(await t.call(addUserFav, { guid, appID: APP, allTestID: Q['st3-ret'] })).toEqual({ status: 400, msg: '试题不存在', data: null });
    expect(await t.call(cptcontent, { guid, appID: APP, allTestID: Q['st3-ret'] })).toEqual({ status: 400, msg: '试题不存在', data: null });
    expect(await t.call(updateRecitePoint, { guid, appID: APP, cptID: 999_999, allTestID: Q['st-a1'] })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect(await t.call(chapterlist, { guid, appID: APP, kind: 'fav', cptID: 999_999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect(await t.call(commonQuestions, { guid, appID: APP, cptID: 999_999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
  });
});

describe('favourites, notes and the recite point', () => {
  it('favourites idempotently and shows it in getChapterTestEx', async () => {
    const guid = await t.newLearner();
    const other = await t.newLearner();
    const a1 = Q['st-a1']!;
    for (let i = 0; i < 2; i++) expect(await ok(addUserFav, { guid, appID: APP, allTestID: a1 })).toEqual({ allTestID: a1, favourite: true });
    expect((await chapterTest(guid, C.st!)).byId.get(a1).favourite).toBe(true);
    expect((await chapterTest(guid, C.st!)).byId.get(Q['st-fill']).favourite).toBe(false);
    expect((await chapterTest(other, C.st!)).byId.get(a1).favourite).toBe(false);
    for (let i = 0; i < 2; i++) expect(await ok(deleteUserFav, { guid, appID: APP, allTestID: a1 })).toEqual({ allTestID: a1, favourite: false });
    expect((await chapterTest(guid, C.st!)).byId.get(a1).favourite).toBe(false);
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav' })).total).toBe(0);
  });

  it('saves, edits and deletes a note (empty or absent text deletes) and shows it in getChapterTestEx', async () => {
    const guid = await t.newLearner();
    const other = await t.newLearner();
    const a1 = Q['st-a1']!;
    const saved = await ok(addUserNote, { guid, appID: APP, allTestID: a1, noteContent: '  记住甲方案  ' });
    expect(saved).toEqual({ allTestID: a1, noteContent: '记住甲方案', updatedAt: new Date(t.clock.now).toISOString() });
    expect((await chapterTest(guid, C.st!)).byId.get(a1).note).toBe('记住甲方案');
    expect((await chapterTest(other, C.st!)).byId.get(a1).note).toBeNull();
    t.clock.advance(1000);
    expect((await ok(addUserNote, { guid, appID: APP, allTestID: a1, noteContent: '改成乙方案' })).noteContent).toBe('改成乙方案');
    expect((await chapterTest(guid, C.st!)).byId.get(a1).note).toBe('改成乙方案');
    expect(await ok(addUserNote, { guid, appID: APP, allTestID: a1, noteContent: '   ' })).toEqual({ allTestID: a1, noteContent: null, updatedAt: null });
    expect((await chapterTest(guid, C.st!)).byId.get(a1).note).toBeNull();
    await ok(addUserNote, { guid, appID: APP, allTestID: a1, noteContent: '再写一次' });
    await ok(addUserNote, { guid, appID: APP, allTestID: a1 });
    expect((await chapterTest(guid, C.st!)).byId.get(a1).note).toBeNull();
  });

  it('remembers the recite point per chapter and learner', async () => {
    const guid = await t.newLearner();
    const other = await t.newLearner();
    expect((await chapterTest(guid, C.st!)).data.recitePoint).toBeNull();
    expect(await ok(updateRecitePoint, { guid, appID: APP, cptID: C.st, allTestID: Q['st-a1'] })).toEqual({ cptID: C.st, allTestID: Q['st-a1'] });
    await ok(updateRecitePoint, { guid, appID: APP, cptID: C.st, allTestID: Q['st-fill'] });
    expect((await chapterTest(guid, C.st!)).data.recitePoint).toBe(Q['st-fill']);
    expect((await chapterTest(other, C.st!)).data.recitePoint).toBeNull();
    expect((await chapterTest(guid, C.st2!)).data.recitePoint).toBeNull();
  });
});

describe('chapterlist', () => {
  it('lists favourites newest first, by chapter with its sub-chapters, and by keyword', async () => {
    const guid = await t.newLearner();
    for (const ext of ['st-a1', 'st-x', 'ys-001']) {
      await ok(addUserFav, { guid, appID: APP, allTestID: Q[ext] ?? (await question(ext)).id });
      t.clock.advance(1000);
    }
    const all = await ok(chapterlist, { guid, appID: APP, kind: 'fav' });
    expect(all).toMatchObject({ AppID: APP, page: 1, pageSize: 10, total: 3 });
    expect(ids(all.list)).toEqual([(await question('ys-001')).id, Q['st-x'], Q['st-a1']]);
    for (const q of all.list) expect(q).toMatchObject({ favourite: true, book: null });
    expect(ids((await ok(chapterlist, { guid, appID: APP, kind: 'fav', cptID: C.st })).list)).toEqual([Q['st-x'], Q['st-a1']]);
    expect(ids((await ok(chapterlist, { guid, appID: APP, kind: 'fav', cptID: C['st-sub'] })).list)).toEqual([Q['st-x']]);
    // keyword: stem, option text, explanation
    expect(ids((await ok(chapterlist, { guid, appID: APP, kind: 'fav', keyword: '斑蝥素' })).list)).toEqual([Q['st-a1']]);
    expect(ids((await ok(chapterlist, { guid, appID: APP, kind: 'fav', keyword: '丙方案' })).list)).toEqual([Q['st-a1']]);
    expect(ids((await ok(chapterlist, { guid, appID: APP, kind: 'fav', keyword: '甲方案最好' })).list)).toEqual([Q['st-a1']]);
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav', keyword: '斑蝥素', cptID: C['st-sub'] })).total).toBe(0);
    // pages of pageSize
    const p2 = await ok(chapterlist, { guid, appID: APP, kind: 'fav', pageSize: 2, page: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(p2.list)).toEqual([Q['st-a1']]);
    // another learner sees none of it
    expect((await ok(chapterlist, { guid: await t.newLearner(), appID: APP, kind: 'fav' })).total).toBe(0);
  });

  it('lists noted questions with the note, matching the note text too', async () => {
    const guid = await t.newLearner();
    await ok(addUserNote, { guid, appID: APP, allTestID: Q['st-a1'], noteContent: '易混淆点' });
    t.clock.advance(1000);
    await ok(addUserNote, { guid, appID: APP, allTestID: Q['st-fill'], noteContent: '背下来' });
    const all = await ok(chapterlist, { guid, appID: APP, kind: 'note', cptID: C.st });
    expect(all.list.map((q: { allTestID: number; note: string }) => [q.allTestID, q.note])).toEqual([
      [Q['st-fill'], '背下来'],
      [Q['st-a1'], '易混淆点'],
    ]);
    expect(ids((await ok(chapterlist, { guid, appID: APP, kind: 'note', keyword: '混淆' })).list)).toEqual([Q['st-a1']]);
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav' })).total).toBe(0);
  });
});

describe('searchTest', () => {
  it('finds by stem, option text, explanation and knowledge point, by chapter order, never retired questions', async () => {
    const guid = await t.newLearner();
    const byStem = await ok(searchTest, { guid, appID: APP, keyword: '斑蝥素' });
    expect(byStem).toMatchObject({ AppID: APP, keyword: '斑蝥素', total: 2, page: 1, pageSize: 10 });
    expect(ids(byStem.list)).toEqual([Q['st-a1'], Q['st-fill']]);
    for (const q of byStem.list) expect(q.book).toBeNull();
    // The option text is on both st3-opt and the retired st3-ret (in its stem): only st3-opt.
    expect(ids((await ok(searchTest, { guid, appID: APP, keyword: '玳瑁甲片' })).list)).toEqual([Q['st3-opt']]);
    expect(ids((await ok(searchTest, { guid, appID: APP, keyword: '甲方案最好' })).list)).toEqual([Q['st-a1']]);
    expect(ids((await ok(searchTest, { guid, appID: APP, keyword: '研究知识点甲' })).list)).toEqual([Q['st-a1'], Q['st-fill']]);
    // Group stems count: the A3 case stem finds its members.
    const g = await ok(searchTest, { guid, appID: APP, keyword: '快步行走' });
    expect(g.list.length).toBeGreaterThan(1);
    expect(g.groups).toHaveLength(1);
    expect((await ok(searchTest, { guid, appID: APP, keyword: '没有这样的词语' })).total).toBe(0);
  });

  it('takes % and _ literally', async () => {
    const guid = await t.newLearner();
    const pct = await ok(searchTest, { guid, appID: APP, keyword: '75%' });
    expect(ids(pct.list)).toEqual([Q['st3-pct']]);
    const n = (await t.db.select({ id: questions.id }).from(questions).where(and(eq(questions.appId, APP), eq(questions.retired, false)))).length;
    for (const keyword of ['%', '_']) {
      const found = await ok(searchTest, { guid, appID: APP, keyword });
      // Only questions holding the character itself (a wildcard would match every question).
      expect(found.total, keyword).toBeGreaterThan(0);
      expect(found.total, keyword).toBeLessThan(n);
      for (const q of found.list) expect(JSON.stringify([q, found.groups.find((g: { childTableID: number }) => g.childTableID === q.childTableID) ?? null])).toContain(keyword);
    }
  });

  it('leaves a favourite out of the lists once its question is retired', async () => {
    const guid = await t.newLearner();
    const [q] = await t.db
      .insert(questions)
      .values({ appId: APP, extId: 'st3-soon', type: 'TF', chapterId: C.st3!, stem: '即将退役的判断题', answer: 'A', updatedAt: new Date(t.clock.now) })
      .returning({ id: questions.id });
    await ok(addUserFav, { guid, appID: APP, allTestID: q!.id });
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav' })).total).toBe(1);
    expect((await ok(searchTest, { guid, appID: APP, keyword: '即将退役' })).total).toBe(1);
    await t.db.update(questions).set({ retired: true }).where(eq(questions.id, q!.id));
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav' })).total).toBe(0);
    expect((await ok(searchTest, { guid, appID: APP, keyword: '即将退役' })).total).toBe(0);
    expect((await ok(bookLLzs, { guid, appID: APP })).favourites).toBe(0);
    // Removing it still works.
    expect(await ok(deleteUserFav, { guid, appID: APP, allTestID: q!.id })).toEqual({ allTestID: q!.id, favourite: false });
  });
});

describe('cptcontent', () => {
  it('shares of each chosen option over every learner’s latest counted answer, and the learner’s own attempts', async () => {
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
      answered: 2,
      right: 1,
      rightRate: 0.5,
      options: [
        { key: 'A', count: 2, share: 1 },
        { key: 'B', count: 1, share: 0.5 },
        { key: 'C', count: 1, share: 0.5 },
        { key: 'D', count: 0, share: 0 },
      ],
    });
    expect(body.mine).toEqual({ attempts: 2, right: 1, lastReply: 'AB' });
    // l3 sees the same statistics and its own (empty) record; a reset answer no longer counts.
    const seen = await ok(cptcontent, { guid: l3, appID: APP, allTestID: x });
    expect(seen.stats.answered).toBe(2);
    expect(seen.mine).toEqual({ attempts: 0, right: 0, lastReply: null });
    expect(seen.question.last).toBeNull();
    expect(seen.question.book).toBeNull();
    await ok(resetTestInfo, { guid: l2, appID: APP, cptID: C.st2 });
    expect((await ok(cptcontent, { guid: l3, appID: APP, allTestID: x })).stats).toMatchObject({ answered: 1, right: 1, rightRate: 1 });
  });

  it('shows fill-in replies only as the accepted answer or when at least 5 learners wrote them; never one person\'s text', async () => {
    const replies = ['芫青', ' 芫 青', '斑蝥', '斑蝥', '斑蝥', '斑蝥', '斑蝥', '虻虫', '我的手机号13812345678'];
    const learners = await Promise.all(replies.map(() => t.newLearner()));
    for (const [i, g] of learners.entries()) await answer(g, 'st2-fill', replies[i]!);
    const body = await ok(cptcontent, { guid: learners[0], appID: APP, allTestID: Q['st2-fill'] });
    expect(body.stats).toEqual({
      answered: 9,
      right: 2,
      rightRate: 0.2222,
      options: [
        { key: '斑蝥', count: 5, share: 0.5556 },
        { key: '芫青', count: 2, share: 0.2222 },
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
    const [{ total }] = [{ total: (await t.db.select({ id: questions.id }).from(questions).where(and(eq(questions.appId, APP), eq(questions.retired, false)))).length }];
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
    expect(await ok(bookLLzs, { guid: await t.newLearner(), appID: APP })).toMatchObject({ done: 0, spentSeconds: 0, activeDays: 0, favourites: 0, notes: 0, book: { items: 0, due: 0, cleared: 0 } });
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
  const subjectTotal = async () => (await t.db.select({ id: questions.id }).from(questions).where(and(eq(questions.appId, APP), eq(questions.retired, false)))).length;
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

describe('question reports', () => {
  it('stores a report, lists it for its learner only, and the operator resolves it with the CLI', async () => {
    const phone = nextPhone();
    const guid = (await t.register(phone)).guid;
    const created = await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '答案有误, 解析有误,答案有误', content: '答案应为乙' });
    expect(created).toEqual({
      id: expect.any(Number),
      allTestID: Q['st-a1'],
      excerpt: '斑蝥素研究：下列说法正确的是',
      kinds: ['答案有误', '解析有误'],
      content: '答案应为乙',
      status: 'open',
      reply: null,
      createdAt: new Date(t.clock.now).toISOString(),
    });
    t.clock.advance(1000);
    const second = await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-x'], kinds: '其他' });
    expect(second.content).toBe('');
    const mine = await ok(listQuestionReports, { guid, appID: APP });
    expect(mine.total).toBe(2);
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([second.id, created.id]);
    expect((await ok(listQuestionReports, { guid, appID: 1001 })).total).toBe(0);
    const other = await t.newLearner();
    expect(await ok(listQuestionReports, { guid: other, appID: APP })).toEqual({ page: 1, total: 0, list: [] });

    // The operator's list: open reports of the subject with the masked phone.
    const out: string[] = [];
    const err: string[] = [];
    expect(await runReports(t.db, ['--app', String(APP)], (l) => out.push(l), (l) => err.push(l))).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(`#${created.id}`);
    expect(text).toContain('st-a1');
    expect(text).toContain('答案有误、解析有误');
    expect(text).toContain('答案应为乙');
    expect(text).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(text).not.toContain(phone);

    out.length = 0;
    expect(await runReports(t.db, ['--resolve', String(created.id), '--reply', '已更正答案'], (l) => out.push(l), (l) => err.push(l), () => t.clock.now)).toBe(0);
    expect(out).toEqual([`report #${created.id} resolved`]);
    const after = await ok(listQuestionReports, { guid, appID: APP });
    expect(after.list.find((r: { id: number }) => r.id === created.id)).toMatchObject({ status: 'resolved', reply: '已更正答案' });
    expect(after.list.find((r: { id: number }) => r.id === second.id)).toMatchObject({ status: 'open', reply: null });

    // Open only by default; resolved and all on request.
    out.length = 0;
    await runReports(t.db, [], (l) => out.push(l), (l) => err.push(l));
    expect(out.join('\n')).not.toContain(`#${created.id} `);
    out.length = 0;
    await runReports(t.db, ['--status', 'resolved'], (l) => out.push(l), (l) => err.push(l));
    expect(out.join('\n')).toContain('回复: 已更正答案');
    out.length = 0;
    await runReports(t.db, ['--status', 'all', '--app', String(APP)], (l) => out.push(l), (l) => err.push(l));
    expect(out.at(-1)).toBe('2 report(s)');

    // Mistakes: unknown report, bad arguments.
    expect(await runReports(t.db, ['--resolve', '999999', '--reply', 'x'], (l) => out.push(l), (l) => err.push(l))).toBe(1);
    expect(err.at(-1)).toBe('no report #999999');
    for (const argv of [['--resolve', '1'], ['--status', 'closed'], ['--app', 'x'], ['--reply', 'x'], ['extra']]) {
      err.length = 0;
      expect(await runReports(t.db, argv, () => {}, (l) => err.push(l)), argv.join(' ')).toBe(2);
      expect(err.at(-1)).toContain('usage: npm run reports');
    }
  });

  it(`allows ${REPORTS_PER_DAY} reports per learner and China day (429), again the next day`, async () => {
    const guid = await t.newLearner();
    for (let i = 0; i < REPORTS_PER_DAY; i++) await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '其他', content: `第${i + 1}条` });
    expect(await t.call(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '其他' })).toEqual({ status: 429, msg: STUDY_MSG.reportTooMany, data: null });
    expect((await ok(listQuestionReports, { guid, appID: APP })).total).toBe(REPORTS_PER_DAY);
    // Another learner is not limited by it; parallel reports cannot slip past the limit together.
    const other = await t.newLearner();
    const bodies = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 5 }, () => t.call(addQuestionReport, { guid: other, appID: APP, allTestID: Q['st-a1'], kinds: '其他' })));
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(REPORTS_PER_DAY);
    expect(bodies.filter((b) => b.status === 429)).toHaveLength(5);
    expect((await ok(listQuestionReports, { guid: other, appID: APP })).total).toBe(REPORTS_PER_DAY);
    t.clock.advance(24 * 3600_000);
    await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '其他' });
    // Page 2 of the learner's list (20 per page).
    const p2 = await ok(listQuestionReports, { guid, appID: APP, page: 2 });
    expect(p2).toMatchObject({ page: 2, total: REPORTS_PER_DAY + 1 });
    expect(p2.list).toHaveLength(1);
  });
});

describe('entitlement', () => {
  it('answers 403 with the unlocking versions when chapter practice is not open to the learner', async () => {
    await makeModulePaid(t.db, 3001, 'chapter');
    const guid = await t.newLearner();
    const [cpt] = await t.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.appId, 3001)).limit(1);
    const [q] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 3001)).limit(1);
    for (const call of calls) {
      const body = await t.call(call, { guid, appID: 3001, cptID: cpt!.id, allTestID: q!.id, kind: 'fav', keyword: '药', kinds: '其他', noteContent: '笔记' });
      expect(body.status, call.id).toBe(403);
      expect(body.msg).toBe('开通以下任一班次可使用该功能');
      expect(body.data.unlocking.length).toBeGreaterThan(0);
    }
    // Nothing was written.
    const { favourites, notes, questionReports, recitePoints } = await import('../../db/schema/index.ts');
    expect(await t.db.select().from(favourites).where(eq(favourites.appId, 3001))).toEqual([]);
    expect(await t.db.select().from(notes).where(eq(notes.appId, 3001))).toEqual([]);
    expect(await t.db.select().from(questionReports).where(eq(questionReports.appId, 3001))).toEqual([]);
    expect(await t.db.select().from(recitePoints).where(inArray(recitePoints.chapterId, [cpt!.id]))).toEqual([]);
  });
});

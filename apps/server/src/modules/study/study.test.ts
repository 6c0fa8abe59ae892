import {
  addQuestionReport,
  addUserFav,
  addUserNote,
  bookLLzs,
  chapterlist,
  commonQuestions,
  cptcontent,
  deleteUserFav,
  listQuestionReports,
  NOTE_MAX,
  pointsMastery,
  pointsPractice,
  searchTest,
  STUDY_MSG,
  updateRecitePoint,
  type CallDef,
} from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { NOT_LOGGED_IN } from '../../test/helpers.ts';
import { APP, C, Q, calls, chapterTest, ids, ok, question, t, useSetup } from './study-setup.ts';

useSetup();

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
    expect(await t.call(updateRecitePoint, { guid, appID: APP, cptID: 999_999, allTestID: Q['st-a1'] })).toEqual({
      status: 404,
      msg: '章节不存在',
      data: null,
    });
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
    const n = (
      await t.db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.appId, APP), eq(questions.retired, false)))
    ).length;
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
    t.forgetCaches();
    await ok(addUserFav, { guid, appID: APP, allTestID: q!.id });
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav' })).total).toBe(1);
    expect((await ok(searchTest, { guid, appID: APP, keyword: '即将退役' })).total).toBe(1);
    await t.db.update(questions).set({ retired: true }).where(eq(questions.id, q!.id));
    t.forgetCaches();
    expect((await ok(chapterlist, { guid, appID: APP, kind: 'fav' })).total).toBe(0);
    expect((await ok(searchTest, { guid, appID: APP, keyword: '即将退役' })).total).toBe(0);
    expect((await ok(bookLLzs, { guid, appID: APP })).favourites).toBe(0);
    // Removing it still works.
    expect(await ok(deleteUserFav, { guid, appID: APP, allTestID: q!.id })).toEqual({ allTestID: q!.id, favourite: false });
  });
});

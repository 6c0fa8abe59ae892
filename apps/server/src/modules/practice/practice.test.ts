import { chapterMenuList, getChapterTestEx, practiceCalls, resetTestInfo, submitReply } from '@kaoshi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, chapters, questions } from '../../db/schema/index.ts';
import { createTestApp, makeModuleFree, DEMO, makeModulePaid, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Practice itself is tested here: its new learners answer any chapter (the trial rule: entitlement tests).
  await makeModuleFree(t.db, APP, 'chapter');
});
afterAll(() => t.close());

const APP = 2001;

const rid = replyIds('reply');

async function questionId(extId: string, appId = APP): Promise<{ id: number; chapterId: number; groupId: number | null; type: string }> {
  const [q] = await t.db
    .select({ id: questions.id, chapterId: questions.chapterId, groupId: questions.groupId, type: questions.type })
    .from(questions)
    .where(and(eq(questions.appId, appId), eq(questions.extId, extId)));
  if (!q) throw new Error(`no question ${extId}`);
  return q;
}
async function chapterId(code: string, appId = APP): Promise<number> {
  const [c] = await t.db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.appId, appId), eq(chapters.code, code)));
  if (!c) throw new Error(`no chapter ${code}`);
  return c.id;
}
/** Answer question `extId` through the call. */
async function answer(guid: string, extId: string, reply: string, extra: Record<string, unknown> = {}) {
  const q = await questionId(extId);
  return t.call(submitReply, {
    guid,
    appID: APP,
    cptID: q.chapterId,
    allTestID: q.id,
    childTableID: q.groupId ?? 0,
    childTableName: q.type,
    srcID: extId,
    sbjID: APP,
    styleID: 1,
    lastUserReply: reply,
    spendTime: 10,
    examHistoryID: 0,
    replyID: rid(),
    ...extra,
  });
}
const rowsOf = async (replyId: string) => t.db.select().from(answers).where(eq(answers.replyId, replyId));
const menu = async (guid: string) => {
  const body = await t.call(chapterMenuList, { guid, appID: APP });
  expect(body.status).toBe(200);
  return Object.fromEntries((body.data.list as { cptID: number }[]).map((c) => [c.cptID, c])) as Record<number, any>;
};

describe('every practice call', () => {
  it('needs a session', async () => {
    for (const call of Object.values(practiceCalls)) {
      expect(await t.callRaw(call, { appID: APP, cptID: 1, allTestID: 1, lastUserReply: 'A', replyID: rid() }), call.id).toEqual(NOT_LOGGED_IN);
    }
  });

  it('names the bad field in Chinese (400)', async () => {
    const guid = await t.newLearner();
    expect(await t.call(chapterMenuList, { guid, appID: 'x' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
    expect(await t.call(getChapterTestEx, { guid, appID: APP })).toMatchObject({ status: 400, msg: '请填写章节编号' });
    expect(await t.call(getChapterTestEx, { guid, appID: APP, cptID: 1, pageSize: 501 })).toMatchObject({ status: 400, msg: '每页数量格式不正确' });
    expect(await t.call(resetTestInfo, { guid, appID: APP, cptID: -1 })).toMatchObject({ status: 400, msg: '章节编号格式不正确' });
    expect(await answer(guid, 'ys-001', 'E', { replyID: 'short' })).toMatchObject({ status: 400, msg: '答题编号格式不正确' });
    expect(await answer(guid, 'ys-001', 'E', { lastUserReply: '' })).toMatchObject({ status: 400, msg: '请填写答案' });
    expect(await answer(guid, 'ys-001', 'E', { spendTime: 'long' })).toMatchObject({ status: 400, msg: '用时格式不正确' });
  });

  it('answers 404 章节不存在 for an unknown subject or chapter', async () => {
    const guid = await t.newLearner();
    const other = await chapterId('yx1-jx');
    expect(await t.call(chapterMenuList, { guid, appID: 9999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect(await t.call(getChapterTestEx, { guid, appID: 1001, cptID: other })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect(await t.call(resetTestInfo, { guid, appID: APP, cptID: 999_999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect(await answer(guid, 'ys-001', 'E', { cptID: 999_999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
  });
});

describe('entitlement', () => {
  it('answers 403 with the unlocking versions when chapter practice is not open to the learner', async () => {
    await makeModulePaid(t.db, 3001, 'chapter');
    const guid = await t.newLearner();
    const cpt = (await t.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.appId, 3001)).limit(1))[0]!.id;
    const [q] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 3001)).limit(1);
    const replies = [
      await t.call(chapterMenuList, { guid, appID: 3001 }),
      await t.call(getChapterTestEx, { guid, appID: 3001, cptID: cpt }),
      await t.call(submitReply, { guid, appID: 3001, cptID: cpt, allTestID: q!.id, lastUserReply: 'A', replyID: rid() }),
      await t.call(resetTestInfo, { guid, appID: 3001, cptID: cpt }),
    ];
    for (const body of replies) {
      expect(body.status).toBe(403);
      expect(body.msg).toBe('开通以下任一班次可使用该功能');
      expect(body.data.unlocking.length).toBeGreaterThan(0);
      for (const u of body.data.unlocking) expect(Object.keys(u).sort()).toEqual(['vn', 'vname']);
    }
    expect(await t.db.select().from(answers).where(eq(answers.appId, 3001))).toEqual([]);
  });
  it('lets a learner with a purchase in (the demo owner holds 至尊班 of 1001)', async () => {
    const guid = await t.login(DEMO.owner, DEMO.password);
    const body = await t.call(chapterMenuList, { guid, appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data.list.reduce((n: number, c: { parentID: number | null; total: number }) => n + (c.parentID === null ? c.total : 0), 0)).toBe(316);
  });
});

describe('submitReply', () => {
  it('scores A1 right and wrong and tells the correct answer', async () => {
    const guid = await t.newLearner();
    const right = await answer(guid, 'ys-001', 'E');
    expect(right).toMatchObject({ status: 200, data: { right: true, score: 1, answer: 'E', stored: true } });
    expect(await answer(guid, 'ys-001', 'a')).toMatchObject({ status: 200, data: { right: false, score: 0, answer: 'E' } });
  });

  it('scores X all or nothing, CASE with partial marks, FILL by accepted texts', async () => {
    const guid = await t.newLearner();
    expect((await answer(guid, 'ys-023', 'EDBA')).data).toMatchObject({ right: true, score: 1, answer: 'ABDE' });
    expect((await answer(guid, 'ys-023', 'ABD')).data).toMatchObject({ right: false, score: 0 });
    expect((await answer(guid, 'ys-g-04-1', 'AB')).data).toMatchObject({ right: true, score: 1, answer: 'AB' });
    expect((await answer(guid, 'ys-g-04-1', 'A')).data).toMatchObject({ right: false, score: 0.5 });
    expect((await answer(guid, 'ys-g-04-1', 'AC')).data).toMatchObject({ right: false, score: 0 });
    expect((await answer(guid, 'ys-028', ' 消除 半衰期 ')).data).toMatchObject({
      right: true,
      score: 1,
      answer: ['半衰期', '消除半衰期', '生物半衰期', '血浆半衰期'],
    });
    expect((await answer(guid, 'ys-028', '清除率')).data).toMatchObject({ right: false, score: 0 });
  });

  it('refuses a reply of the wrong shape, a question of another subject and an unknown question (400)', async () => {
    const guid = await t.newLearner();
    expect(await answer(guid, 'ys-001', 'AB')).toEqual({ status: 400, msg: '答案格式不正确', data: null });
    expect(await answer(guid, 'ys-001', 'E', { sbjID: 1001 })).toEqual({ status: 400, msg: '试题不属于该科目', data: null });
    const [foreign] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 1001)).limit(1);
    expect(await answer(guid, 'ys-001', 'A', { allTestID: foreign!.id })).toEqual({ status: 400, msg: '试题不属于该科目', data: null });
    expect(await answer(guid, 'ys-001', 'A', { allTestID: 99_999_999 })).toEqual({ status: 400, msg: '试题不存在', data: null });
  });

  it('stores a replyID once: a replay answers the same body and writes no second row', async () => {
    const guid = await t.newLearner();
    const replyID = rid();
    const first = await answer(guid, 'ys-001', 'E', { replyID });
    // The replay carries another reply: the stored result still wins.
    const again = await answer(guid, 'ys-001', 'A', { replyID });
    expect(again).toEqual(first);
    expect(first.data.replyID).toBe(replyID);
    expect(await rowsOf(replyID)).toHaveLength(1);
    const [a, b] = [rid(), rid()];
    await answer(guid, 'ys-001', 'E', { replyID: a });
    await answer(guid, 'ys-001', 'E', { replyID: b });
    expect((await rowsOf(a)).length + (await rowsOf(b)).length).toBe(2);
  });

  it('refuses a replyID already used for another question', async () => {
    const guid = await t.newLearner();
    const replyID = rid();
    await answer(guid, 'ys-001', 'E', { replyID });
    expect(await answer(guid, 'ys-002', 'C', { replyID })).toEqual({ status: 400, msg: '答题编号已用于其他试题', data: null });
  });

  it('stores parallel duplicates once', async () => {
    const guid = await t.newLearner();
    const replyID = rid();
    const bodies = await Promise.all(Array.from({ length: 5 }, () => answer(guid, 'ys-002', 'C', { replyID })));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(bodies[0]!.data).toMatchObject({ right: true, stored: true });
    expect(await rowsOf(replyID)).toHaveLength(1);
  });

  it('keeps replyIDs per learner: the same key from two learners is two answers', async () => {
    const [g1, g2] = [await t.newLearner(), await t.newLearner()];
    const replyID = rid();
    await answer(g1, 'ys-001', 'E', { replyID });
    expect((await answer(g2, 'ys-001', 'A', { replyID })).data).toMatchObject({ right: false });
    expect(await rowsOf(replyID)).toHaveLength(2);
  });
});

describe('chapterMenu', () => {
  it('lists the tree with totals and the learner’s progress; parents add up their children', async () => {
    const guid = await t.newLearner();
    const [yx1, jx, yd] = [await chapterId('yx1'), await chapterId('yx1-jx'), await chapterId('yx1-yd')];
    let m = await menu(guid);
    expect(Object.keys(m)).toHaveLength(12);
    expect(m[jx]).toMatchObject({
      parentID: yx1,
      name: '药物剂型与制剂',
      total: 3,
      done: 0,
      right: 0,
      wrong: 0,
      accuracy: 0,
      spentSeconds: 0,
      lastAnsweredAt: null,
    });
    expect(m[yd]).toMatchObject({ total: 5 });
    expect(m[yx1]).toMatchObject({ parentID: null, total: 8, done: 0 });

    await answer(guid, 'ys-001', 'A', { spendTime: 5 }); // jx: wrong …
    await answer(guid, 'ys-001', 'E', { spendTime: 7 }); // … then right: the latest counts
    await answer(guid, 'ys-003', 'A', { spendTime: 3 }); // jx wrong
    t.clock.advance(60_000);
    await answer(guid, 'ys-002', 'C', { spendTime: 20 }); // yd right
    m = await menu(guid);
    expect(m[jx]).toMatchObject({ total: 3, done: 2, right: 1, wrong: 1, accuracy: 0.5, spentSeconds: 15 });
    expect(m[yd]).toMatchObject({ done: 1, right: 1, wrong: 0, accuracy: 1, spentSeconds: 20, lastAnsweredAt: new Date(t.clock.now).toISOString() });
    expect(m[yx1]).toMatchObject({
      total: 8,
      done: 3,
      right: 2,
      wrong: 1,
      accuracy: 0.6667,
      spentSeconds: 35,
      lastAnsweredAt: new Date(t.clock.now).toISOString(),
    });
  });

  it('shows another learner none of it', async () => {
    const [g1, g2] = [await t.newLearner(), await t.newLearner()];
    await answer(g1, 'ys-001', 'E');
    const m = await menu(g2);
    for (const c of Object.values(m)) expect(c).toMatchObject({ done: 0, spentSeconds: 0, lastAnsweredAt: null });
    const jx = await chapterId('yx1-jx');
    const body = await t.call(getChapterTestEx, { guid: g2, appID: APP, cptID: jx });
    for (const q of body.data.list) expect(q.last).toBeNull();
  });
});

describe('resetTestInfo', () => {
  it('stops the chapter’s answers counting (rows kept) and leaves other chapters alone', async () => {
    const guid = await t.newLearner();
    const [yx1, jx, yd] = [await chapterId('yx1'), await chapterId('yx1-jx'), await chapterId('yx1-yd')];
    await answer(guid, 'ys-001', 'E');
    await answer(guid, 'ys-003', 'C');
    await answer(guid, 'ys-002', 'C');
    const other = await t.newLearner();
    await answer(other, 'ys-001', 'E');

    expect(await t.call(resetTestInfo, { guid, appID: APP, cptID: jx })).toEqual({ status: 200, msg: '', data: { reset: 2 } });
    let m = await menu(guid);
    expect(m[jx]).toMatchObject({ done: 0, spentSeconds: 0, lastAnsweredAt: null });
    expect(m[yd]).toMatchObject({ done: 1 });
    expect((await menu(other))[jx]).toMatchObject({ done: 1 });
    const body = await t.call(getChapterTestEx, { guid, appID: APP, cptID: jx });
    for (const q of body.data.list) expect(q.last).toBeNull();

    // A parent resets its descendants; the rows stay, marked.
    expect((await t.call(resetTestInfo, { guid, appID: APP, cptID: yx1 })).data).toEqual({ reset: 1 });
    m = await menu(guid);
    expect(m[yx1]).toMatchObject({ done: 0 });
    const [{ kept }] = (await t.db
      .select({ kept: sql<number>`count(*)`.mapWith(Number) })
      .from(answers)
      .where(
        sql`${answers.appId} = ${APP} and ${answers.resetAt} is not null and ${answers.questionId} in (select id from questions where ext_id in ('ys-001','ys-002','ys-003') and app_id = ${APP})`,
      )) as [{ kept: number }];
    expect(kept).toBeGreaterThanOrEqual(3);
    // Answering again counts from zero.
    await answer(guid, 'ys-001', 'A');
    expect((await menu(guid))[jx]).toMatchObject({ done: 1, right: 0, wrong: 1 });
  });
});

describe('getChapterTestEx', () => {
  it('gives the chapter’s questions in order with groups together, shared stem and B1 options once, and the learner’s latest reply', async () => {
    const guid = await t.newLearner();
    const xxg = await chapterId('yx2-xxg');
    await answer(guid, 'ys-005', 'A');
    await answer(guid, 'ys-005', 'B');
    const body = await t.call(getChapterTestEx, { guid, appID: APP, cptID: xxg });
    expect(body.status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ AppID: APP, cptID: xxg, name: '心血管系统用药', page: 1, pageSize: 500 });
    expect(d.list).toHaveLength(d.total);
    for (const q of d.list) expect(q.cptID).toBe(xxg);
    // Members of a group are adjacent and ordered; each group appears once in `groups`.
    const seq = d.list.map((q: { childTableID: number }) => q.childTableID).filter((g: number) => g !== 0);
    const runs = seq.filter((g: number, i: number) => i === 0 || seq[i - 1] !== g);
    expect(new Set(runs).size).toBe(runs.length);
    expect(d.groups.map((g: { childTableID: number }) => g.childTableID).sort()).toEqual([...new Set(seq)].sort());
    const b1 = d.groups.find((g: { childTableName: string }) => g.childTableName === 'B1');
    expect(b1.options.length).toBeGreaterThan(0);
    const b1Items = d.list.filter((q: { childTableID: number }) => q.childTableID === b1.childTableID);
    expect(b1Items.length).toBeGreaterThan(1);
    for (const q of b1Items) expect(q.options).toEqual([]);
    expect(b1Items.map((q: { groupOrder: number }) => q.groupOrder)).toEqual([...b1Items.map((q: { groupOrder: number }) => q.groupOrder)].sort((a, b) => a - b));

    const first = d.list.find((q: { srcID: string }) => q.srcID === 'ys-005');
    expect(first).toMatchObject({ childTableID: 0, childTableName: 'A1', styleID: 1, answer: 'B', difficulty: 1 });
    expect(first.points.length).toBeGreaterThan(0);
    for (const p of first.points) expect(p).toMatch(/\p{Script=Han}/u);
    expect(first.explanation).toContain('刺激性干咳');
    expect(first.last).toMatchObject({ lastUserReply: 'B', right: true, score: 1, spendTime: 10 });
    expect(d.list.filter((q: { last: unknown }) => q.last !== null)).toHaveLength(1);
  });

  it('gives a parent without questions of its own its descendants’ questions', async () => {
    const guid = await t.newLearner();
    const [yx2, xxg, kgr] = [await chapterId('yx2'), await chapterId('yx2-xxg'), await chapterId('yx2-kgr')];
    const body = await t.call(getChapterTestEx, { guid, appID: APP, cptID: yx2 });
    const cpts = body.data.list.map((q: { cptID: number }) => q.cptID);
    expect(new Set(cpts)).toEqual(new Set([xxg, kgr]));
    expect(cpts.indexOf(kgr)).toBeGreaterThan(cpts.lastIndexOf(xxg));
    expect(body.data.total).toBe(cpts.length);
  });

  it('pages at most 500 questions and leaves retired questions out', async () => {
    const guid = await t.newLearner();
    const [big] = await t.db.insert(chapters).values({ appId: APP, code: 'big', name: '大章节', order: 99 }).returning({ id: chapters.id });
    await t.db.insert(questions).values(
      Array.from({ length: 521 }, (_, i) => ({
        appId: APP,
        extId: `big-${i}`,
        type: 'A1',
        chapterId: big!.id,
        stem: `题${i}`,
        options: [
          { key: 'A', text: '甲' },
          { key: 'B', text: '乙' },
        ],
        answer: 'A',
        retired: i === 520,
        updatedAt: new Date(t.clock.now),
      })),
    );
    t.forgetCaches();
    const p1 = await t.call(getChapterTestEx, { guid, appID: APP, cptID: big!.id });
    expect(p1.data).toMatchObject({ total: 520, page: 1, pageSize: 500 });
    expect(p1.data.list).toHaveLength(500);
    const p2 = await t.call(getChapterTestEx, { guid, appID: APP, cptID: big!.id, page: 2 });
    expect(p2.data.list).toHaveLength(20);
    const all = [...p1.data.list, ...p2.data.list].map((q: { srcID: string }) => q.srcID);
    expect(all).toEqual(Array.from({ length: 520 }, (_, i) => `big-${i}`));
    expect((await menu(guid))[big!.id]).toMatchObject({ total: 520 });
  });
});

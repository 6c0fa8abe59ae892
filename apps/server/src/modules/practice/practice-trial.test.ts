import {
  chapterMenuList,
  commonQuestions,
  cptcontent,
  getChapterTestEx,
  pointsPractice,
  resetTestInfo,
  searchTest,
  simulationStart,
  submitReply,
  updateRecitePoint,
} from '@kaoshi/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, questions } from '../../db/schema/index.ts';
import { createTestApp, DEMO, replyIds, type TestApp } from '../../test/helpers.ts';

/**
 * Trial chapters (docs/entitlement.md): on the demo catalog a learner without a version practises the first
 * chapter of each part of 护士执业资格; every other chapter's questions stay on the server whichever call asks.
 */
let t: TestApp;
let trial: string;
let member: string;
const APP = 1001;
const rid = replyIds('trial');
const BUY = '开通以下任一班次可使用该功能';
const cpt: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  [trial, member] = await Promise.all([t.login(DEMO.learner, DEMO.password), t.login(DEMO.owner, DEMO.password)]);
  for (const c of await t.db.select({ id: chapters.id, name: chapters.name }).from(chapters).where(eq(chapters.appId, APP))) cpt[c.name] = c.id;
});
afterAll(() => t.close());

const OPEN = '糖尿病';
const CLOSED = '甲状腺功能亢进症';
const PART = '内分泌与代谢性疾病病人的护理';
const firstQuestion = async (chapter: string) =>
  (
    await t.db
      .select({ id: questions.id, answer: questions.answer, type: questions.type })
      .from(questions)
      .where(eq(questions.chapterId, cpt[chapter]!))
      .orderBy(asc(questions.id))
      .limit(1)
  )[0]!;
const answer = (guid: string, chapter: string, q: { id: number }, reply = 'A') =>
  t.call(submitReply, { guid, appID: APP, cptID: cpt[chapter], allTestID: q.id, lastUserReply: reply, replyID: rid() });
const refusedToBuy = (body: { status: number; msg: string; data: { unlocking: { vname: string }[] } | null }) => {
  expect(body.status).toBe(403);
  expect(body.msg).toBe(BUY);
  expect(body.data!.unlocking.map((v) => v.vname)).toEqual(['基础班', 'VIP班', '至尊班', '考前模拟_MNDB']);
};

describe('a trial learner', () => {
  it('sees every chapter in the menu, the ones beyond the trial locked; a member sees none locked', async () => {
    const list = (await t.call(chapterMenuList, { guid: trial, appID: APP })).data.list as { name: string; locked: boolean; total: number }[];
    const locked = (name: string) => list.find((c) => c.name === name)!.locked;
    expect(locked(OPEN)).toBe(false);
    expect(locked('护理伦理与卫生法规')).toBe(false); // a part without chapters is its own first chapter
    expect(locked(CLOSED)).toBe(true);
    expect(locked(PART)).toBe(true); // the whole part would show the closed chapter too
    expect(list.filter((c) => !c.locked).length).toBe(10);
    const memberList = (await t.call(chapterMenuList, { guid: member, appID: APP })).data.list as { locked: boolean }[];
    expect(memberList.every((c) => !c.locked)).toBe(true);
  });

  it('practises an open chapter; a closed chapter or its part answers the buy prompt with the versions', async () => {
    const open = await t.call(getChapterTestEx, { guid: trial, appID: APP, cptID: cpt[OPEN] });
    expect(open.status).toBe(200);
    expect(open.data.list.length).toBeGreaterThan(0);
    refusedToBuy(await t.call(getChapterTestEx, { guid: trial, appID: APP, cptID: cpt[CLOSED] }));
    refusedToBuy(await t.call(getChapterTestEx, { guid: trial, appID: APP, cptID: cpt[PART] }));
    refusedToBuy(await t.call(resetTestInfo, { guid: trial, appID: APP, cptID: cpt[CLOSED] }));
    const q = await firstQuestion(CLOSED);
    refusedToBuy(await t.call(updateRecitePoint, { guid: trial, appID: APP, cptID: cpt[CLOSED], allTestID: q.id }));
    // An unknown chapter stays 章节不存在, not a buy prompt.
    expect(await t.call(getChapterTestEx, { guid: trial, appID: APP, cptID: 999_999 })).toEqual({ status: 404, msg: '章节不存在', data: null });
    expect((await t.call(getChapterTestEx, { guid: member, appID: APP, cptID: cpt[CLOSED] })).status).toBe(200);
  });

  it('cannot score a closed chapter’s question, under its own chapter or an open one', async () => {
    const closed = await firstQuestion(CLOSED);
    refusedToBuy(await answer(trial, CLOSED, closed));
    expect(await answer(trial, OPEN, closed)).toEqual({ status: 400, msg: '试题不属于该章节', data: null });
    expect((await answer(trial, OPEN, await firstQuestion(OPEN))).status).toBe(200);
    expect((await answer(member, CLOSED, closed)).status).toBe(200);
  });

  it('finds, ranks and is given only questions of open chapters; a closed question by id is the buy prompt', async () => {
    const closed = await firstQuestion(CLOSED);
    refusedToBuy(await t.call(cptcontent, { guid: trial, appID: APP, allTestID: closed.id }));
    expect((await t.call(cptcontent, { guid: member, appID: APP, allTestID: closed.id })).status).toBe(200);

    const openIds = new Set(
      ((await t.call(chapterMenuList, { guid: trial, appID: APP })).data.list as { cptID: number; locked: boolean }[]).filter((c) => !c.locked).map((c) => c.cptID),
    );
    const search = async (guid: string) => (await t.call(searchTest, { guid, appID: APP, keyword: '护理' })).data as { total: number; list: { cptID: number }[] };
    const [mine, theirs] = await Promise.all([search(trial), search(member)]);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(theirs.total);
    expect(mine.list.every((q) => openIds.has(q.cptID))).toBe(true);

    // A member got the closed question wrong: 易错题 of a trial learner leaves it out.
    await answer(member, CLOSED, closed, closed.answer === 'A' ? 'B' : 'A');
    const common = async (guid: string) => ((await t.call(commonQuestions, { guid, appID: APP, pageSize: 5 })).data as { list: { allTestID: number; cptID: number }[] }).list;
    expect((await common(member)).some((q) => q.allTestID === closed.id)).toBe(true);
    const trialCommon = await common(trial);
    expect(trialCommon.every((q) => openIds.has(q.cptID))).toBe(true);

    const practice = (await t.call(pointsPractice, { guid: trial, appID: APP, count: 50 })).data as { list: { cptID: number }[] };
    expect(practice.list.every((q) => openIds.has(q.cptID))).toBe(true);
  });

  it('starts 章节测评 of an open chapter, not of a closed one', async () => {
    const start = (cptID: number) => t.call(simulationStart, { guid: trial, appID: APP, testMode: 'evaluationChapter', key: cptID, restart: true });
    expect((await start(cpt[OPEN]!)).status).toBe(200);
    refusedToBuy(await start(cpt[CLOSED]!));
  });
});

describe('the trial rule is catalog data', () => {
  it('follows the versions: two chapters per part open the part 内分泌 as a whole', async () => {
    const other = await createTestApp();
    try {
      await other.db.execute(`update versions set vnjson = replace(vnjson::text, '"chaptersPerPart": 1', '"chaptersPerPart": 2')::jsonb where app_id = ${APP}`);
      other.forgetCaches();
      const guid = await other.login(DEMO.learner, DEMO.password);
      const [part] = await other.db
        .select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.appId, APP), eq(chapters.name, PART)));
      expect((await other.call(getChapterTestEx, { guid, appID: APP, cptID: part!.id })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

import { addSimulationReplys, clearanceLevels, clearanceStart, simulationHandIn, simulationHistory } from '@kaoshi/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { createTestApp, DEMO, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';

/**
 * 闯关提分 through HTTP (docs/clearance-grabpoint.md): the chapter ladder (one level per leaf chapter), the
 * random ladder (bands of rising difficulty), a locked level refused, a pass opening the next level, stars
 * and best from the learner's attempts, not-yet-right questions first, resume and restart.
 */

let t: TestApp;
let member: string;
const APP = 1001;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
});
afterAll(() => t.close());

const rid = replyIds('clearance-test');

type Key = { allTestID: number; answer: string | string[] };
const rightReply = (k: Key) => (Array.isArray(k.answer) ? k.answer[0]! : k.answer);
const wrongReply = (k: Key) => (Array.isArray(k.answer) ? '不对的答案' : k.answer === 'A' ? 'B' : 'A');

/** Answers the first share `rate` of a session's questions right (rounded up) and the rest wrong, then hands in. */
async function play(guid: string, s: { examHistoryID: number; keys: Key[] }, rate: number) {
  const right = Math.ceil(rate * s.keys.length - 1e-9);
  const replies = s.keys.map((k, i) => ({ replyID: rid(), allTestID: k.allTestID, lastUserReply: i < right ? rightReply(k) : wrongReply(k), spendTime: 3 }));
  expect(await t.call(addSimulationReplys, { guid, examHistoryID: s.examHistoryID, replies: JSON.stringify(replies) })).toMatchObject({
    status: 200,
    data: { refused: [] },
  });
  const r = await t.call(simulationHandIn, { guid, examHistoryID: s.examHistoryID });
  expect(r.status).toBe(200);
  return r.data;
}

const levels = async (guid: string, kind: 'chapter' | 'random') => (await t.call(clearanceLevels, { guid, appID: APP, kind })).data.list;

describe('clearance calls: session, input, entitlement', () => {
  it('need a session (401)', async () => {
    expect(await t.call(clearanceLevels, { appID: APP, kind: 'chapter' })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(clearanceStart, { appID: APP, kind: 'chapter', levelID: 1 })).toEqual(NOT_LOGGED_IN);
  });

  it('name a bad field in Chinese (400)', async () => {
    expect(await t.call(clearanceLevels, { guid: member, appID: APP, kind: 'boss' })).toMatchObject({ status: 400, msg: '闯关类型不正确' });
    expect(await t.call(clearanceLevels, { guid: member, kind: 'chapter' })).toMatchObject({ status: 400, msg: '请填写科目编号' });
    expect(await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter' })).toMatchObject({ status: 400, msg: '请填写关卡编号' });
    expect(await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 'x' })).toMatchObject({ status: 400, msg: '关卡编号格式不正确' });
  });

  it('answer the buy prompt to a learner without module clearance (403)', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    for (const r of [await t.call(clearanceLevels, { guid, appID: APP, kind: 'chapter' }), await t.call(clearanceStart, { guid, appID: APP, kind: 'random', levelID: 1 })]) {
      expect(r).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
      expect(r.data.unlocking.length).toBeGreaterThan(0);
    }
  });

  it('answer 404 for a level the ladder does not have', async () => {
    expect(await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 999 })).toMatchObject({ status: 404, msg: '关卡不存在' });
  });
});

describe('the chapter ladder (/tifenGuoguan)', () => {
  it('has one level per leaf chapter with questions, in chapter order; only the first is open', async () => {
    const list = await levels(member, 'chapter');
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({
      levelID: 1,
      title: '生命体征的评估与护理',
      band: null,
      count: 10,
      passRate: 0.8,
      state: 'open',
      best: null,
      stars: 0,
      attempts: 0,
      open: null,
    });
    expect(list.slice(1).every((l: { state: string }) => l.state === 'locked')).toBe(true);
    expect(list.map((l: { title: string }) => l.title)).toContain('护理伦理与卫生法规'); // a top chapter without sub-chapters is a leaf
    expect(list.map((l: { title: string }) => l.title)).not.toContain('基础护理知识和技能');
  });

  it('refuses a locked level (400 请先通过上一关)', async () => {
    expect(await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 2 })).toMatchObject({ status: 400, msg: '请先通过上一关' });
  });

  it('starts a level as an untimed practice session of 10 questions of its chapter, resumed by a second start', async () => {
    const cptID = (await levels(member, 'chapter'))[0].cptID;
    const s = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 1 })).data;
    expect(s).toMatchObject({ mode: 'practice', testMode: 'tifenGuoguan', status: 'open', deadline: null, remainingSeconds: null });
    expect(s.passScore).toBeCloseTo(s.list.length * 0.8);
    expect(s.name).toBe('闯关提分·第1关 生命体征的评估与护理');
    // 10 drawn; a case group (A3/A4/B1) is kept whole, so a few more may come.
    expect(s.list.length).toBeGreaterThanOrEqual(10);
    expect(s.list.length).toBeLessThan(16);
    expect(s.list.every((q: { cptID: number }) => q.cptID === cptID)).toBe(true);
    expect(s.keys).toHaveLength(s.list.length);
    const again = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 1 })).data;
    expect(again.examHistoryID).toBe(s.examHistoryID);
    expect((await levels(member, 'chapter'))[0]).toMatchObject({ state: 'open', open: s.examHistoryID, attempts: 0 });
  });

  it('draws the questions not yet answered right first', async () => {
    const cptID = (await levels(member, 'chapter'))[0].cptID;
    const s1 = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 1 })).data;
    expect(await play(member, s1, 1)).toMatchObject({ passed: true, wrong: 0, testMode: 'tifenGuoguan' });
    expect((await levels(member, 'chapter'))[0]).toMatchObject({ state: 'passed', best: 100, stars: 3, attempts: 1, open: null });
    const seen = new Set(s1.list.map((q: { allTestID: number }) => q.allTestID));
    const chapter = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.chapterId, cptID));
    const unseen = chapter.map((q) => q.id).filter((id) => !seen.has(id));
    expect(unseen.length).toBeGreaterThan(0);
    const s2 = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 1 })).data;
    expect(s2.examHistoryID).not.toBe(s1.examHistoryID);
    const ids2 = s2.list.map((q: { allTestID: number }) => q.allTestID);
    for (const id of unseen) expect(ids2).toContain(id);
    await play(member, s2, 0);
    expect((await levels(member, 'chapter'))[0]).toMatchObject({ state: 'passed', best: 100, stars: 3, attempts: 2 });
  });

  it('a failed attempt (under 80 %) keeps the next level locked; a pass opens it; stars follow the best attempt', async () => {
    const attempt = async (rate: number) => play(member, (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 2 })).data, rate);
    const failed = await attempt(0.7);
    expect(failed.passed).toBe(false);
    let list = await levels(member, 'chapter');
    expect(list[1]).toMatchObject({ state: 'open', stars: 0, attempts: 1 });
    expect(list[1].best).toBeLessThan(80);
    expect(list[2].state).toBe('locked');
    expect(await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 3 })).toMatchObject({ status: 400, msg: '请先通过上一关' });

    await attempt(0.8);
    list = await levels(member, 'chapter');
    expect(list[1]).toMatchObject({ state: 'passed', stars: 1, attempts: 2 });
    expect(list[1].best).toBeGreaterThanOrEqual(80);
    expect(list[2].state).toBe('open');
    expect(list[3].state).toBe('locked');

    await attempt(0.9);
    expect((await levels(member, 'chapter'))[1]).toMatchObject({ state: 'passed', stars: 2 });
    await attempt(1);
    expect((await levels(member, 'chapter'))[1]).toMatchObject({ best: 100, stars: 3 });
    await attempt(0);
    expect((await levels(member, 'chapter'))[1]).toMatchObject({ state: 'passed', best: 100, stars: 3, attempts: 5 });
  });

  it('restart gives up the open attempt (not counted) and draws anew; the attempts are in the exam history', async () => {
    const open = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 3 })).data;
    const fresh = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'chapter', levelID: 3, restart: 'true' })).data;
    expect(fresh.examHistoryID).not.toBe(open.examHistoryID);
    expect((await levels(member, 'chapter'))[2]).toMatchObject({ state: 'open', attempts: 0, open: fresh.examHistoryID });
    const history = (await t.call(simulationHistory, { guid: member, appID: APP, testMode: 'tifenGuoguan' })).data;
    expect(history.list.find((h: { examHistoryID: number }) => h.examHistoryID === open.examHistoryID)).toMatchObject({ handedBy: 'abandoned' });
    expect(history.total).toBe(2 + 5 + 1);
  });
});

describe('the random ladder (/randomPassCheck)', () => {
  it('has min(30, bank / 10) levels with bands rising by thirds', async () => {
    const list = await levels(member, 'random');
    expect(list).toHaveLength(30);
    expect(list[0]).toMatchObject({ levelID: 1, title: '第1关', cptID: null, band: '基础', count: 10, state: 'open' });
    expect(list[9].band).toBe('基础');
    expect(list[10].band).toBe('进阶');
    expect(list[19].band).toBe('进阶');
    expect(list[20].band).toBe('冲刺');
    expect(list[29].band).toBe('冲刺');
  });

  it('draws a level from the whole bank in its band, and its pass opens the next one', async () => {
    const s = (await t.call(clearanceStart, { guid: member, appID: APP, kind: 'random', levelID: 1 })).data;
    expect(s).toMatchObject({ testMode: 'randomPassCheck', mode: 'practice', name: '随机闯关·第1关（基础）' });
    const ids = s.list.map((q: { allTestID: number }) => q.allTestID);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    const rows = await t.db.select({ d: questions.difficulty }).from(questions).where(inArray(questions.id, ids));
    expect(rows.every((r) => r.d <= 2)).toBe(true);
    await play(member, s, 1);
    const list = await levels(member, 'random');
    expect(list[0]).toMatchObject({ state: 'passed', stars: 3, best: 100 });
    expect(list[1].state).toBe('open');
    // The chapter ladder is a ladder of its own.
    expect((await levels(member, 'chapter'))[3].state).toBe('locked');
  });
});

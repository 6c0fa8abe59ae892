import { addSimulationReplys, GRAB_ROUND_SECONDS, grabPointInfo, grabPointStart, simulationResult, simulationResume } from '@kaoshi/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionPoints } from '../../db/schema/index.ts';
import { createTestApp, DEMO, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';
import { hotPoints, missingPoints } from './service.ts';

/**
 * 考前抢分 through HTTP (docs/clearance-grabpoint.md): the info for holders and non-holders (product page), a
 * round of the weakest hot points as a 300 s practice session, its automatic hand-in at the deadline, the
 * gain ('本轮抢回 x 分') and questions answered right leaving the next round.
 */

let t: TestApp;
let member: string;
const APP = 1001;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
});
afterAll(() => t.close());

const rid = replyIds('grab-point-test');
type Key = { allTestID: number; answer: string | string[] };
const rightReply = (k: Key) => (Array.isArray(k.answer) ? k.answer[0]! : k.answer);

describe('hot points (pure)', () => {
  const p = (id: number, total: number, years: number, right: number) => ({ id, code: `K${id}`, name: `点${id}`, total, years, right });
  it('are the top 20 % by heat, at least 5; the missing ones weakest first', () => {
    const stats = Array.from({ length: 30 }, (_, i) => p(i + 1, i + 1, 0, 0));
    expect(hotPoints(stats, 100).map((x) => x.id)).toEqual([30, 29, 28, 27, 26, 25]);
    expect(hotPoints(stats.slice(0, 10), 100)).toHaveLength(5);
    expect(hotPoints(stats.slice(0, 3), 100)).toHaveLength(3);
    // A past-exam year adds heat.
    expect(hotPoints([p(1, 2, 0, 0), p(2, 1, 5, 0)], 100).map((x) => x.id)).toEqual([2, 1]);
    expect(missingPoints([p(1, 4, 0, 2), p(2, 4, 0, 4), p(3, 8, 0, 4), p(4, 2, 0, 0)]).map((x) => [x.point, x.missing, x.mastery])).toEqual([
      [4, 2, 0],
      [3, 4, 0.5],
      [1, 2, 0.5],
    ]);
  });
});

describe('grabPoint calls', () => {
  it('need a session (401) and name a bad field (400)', async () => {
    expect(await t.call(grabPointInfo, { appID: APP })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(grabPointStart, { appID: APP })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(grabPointInfo, { guid: member })).toMatchObject({ status: 400, msg: '请填写科目编号' });
    expect(await t.call(grabPointStart, { guid: member, appID: 'abc' })).toMatchObject({ status: 400, msg: '科目编号格式不正确' });
  });

  it('info answers a non-holder too (allowed false, the unlocking versions, the points); start answers 403', async () => {
    const guid = await t.login(DEMO.learner, DEMO.password);
    const info = await t.call(grabPointInfo, { guid, appID: APP });
    expect(info).toMatchObject({ status: 200, data: { allowed: false, rounds: 0, open: null, last: null } });
    expect(info.data.unlocking.length).toBeGreaterThan(0);
    expect(info.data.unlocking.map((v: { vname: string }) => v.vname)).toContain('至尊班');
    expect(info.data.points.length).toBeGreaterThanOrEqual(5);
    const start = await t.call(grabPointStart, { guid, appID: APP });
    expect(start).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
    expect(start.data.unlocking.length).toBeGreaterThan(0);
  });

  it('an unknown subject answers 404', async () => {
    expect(await t.call(grabPointInfo, { guid: member, appID: 999_999 })).toMatchObject({ status: 404 });
  });

  it('a round: 10 questions of the weakest hot points, 300 s, handed in at the deadline; the gain and the next round', async () => {
    const info = (await t.call(grabPointInfo, { guid: member, appID: APP })).data;
    expect(info).toMatchObject({ allowed: true, unlocking: [], rounds: 0, open: null, last: null });
    const masteries = info.points.map((p: { mastery: number }) => p.mastery);
    expect(masteries).toEqual([...masteries].sort((a: number, b: number) => a - b));
    expect(info.missingTotal).toBe(info.points.reduce((k: number, p: { missing: number }) => k + p.missing, 0));

    const s = (await t.call(grabPointStart, { guid: member, appID: APP })).data;
    expect(s).toMatchObject({
      testMode: 'grabPoint',
      mode: 'practice',
      status: 'open',
      name: '考前抢分·第1轮',
      timeLimitSeconds: GRAB_ROUND_SECONDS,
      remainingSeconds: GRAB_ROUND_SECONDS,
    });
    expect(new Date(s.deadline).getTime() - new Date(s.startedAt).getTime()).toBe(GRAB_ROUND_SECONDS * 1000);
    expect(s.list.length).toBeGreaterThanOrEqual(10);
    expect(s.keys).toHaveLength(s.list.length);
    // Every question carries a hot point still missing.
    const ids = s.list.map((q: { allTestID: number }) => q.allTestID);
    const hot = new Set(info.points.map((p: { point: number }) => p.point));
    const links = await t.db.select().from(questionPoints).where(inArray(questionPoints.questionId, ids));
    for (const id of ids) expect(links.some((l) => l.questionId === id && hot.has(l.pointId))).toBe(true);
    // The weakest point comes first when it has questions to grab.
    const weakest = info.points[0].point;
    expect(links.some((l) => l.pointId === weakest)).toBe(true);

    // A second start answers the open round; info shows it.
    expect((await t.call(grabPointStart, { guid: member, appID: APP })).data.examHistoryID).toBe(s.examHistoryID);
    expect((await t.call(grabPointInfo, { guid: member, appID: APP })).data.open).toBe(s.examHistoryID);

    // Four right, then the time runs out: the server hands the round in at the deadline.
    const right = (s.keys as Key[]).slice(0, 4);
    const replies = right.map((k) => ({ replyID: rid(), allTestID: k.allTestID, lastUserReply: rightReply(k), spendTime: 5 }));
    expect((await t.call(addSimulationReplys, { guid: member, examHistoryID: s.examHistoryID, replies: JSON.stringify(replies) })).status).toBe(200);
    t.clock.advance((GRAB_ROUND_SECONDS + 31) * 1000);
    expect((await t.call(simulationResume, { guid: member, examHistoryID: s.examHistoryID })).data.status).toBe('handed');
    const result = (await t.call(simulationResult, { guid: member, examHistoryID: s.examHistoryID })).data;
    expect(result).toMatchObject({ handedBy: 'deadline', right: 4, testMode: 'grabPoint', usedSeconds: GRAB_ROUND_SECONDS });
    const scoreOf = new Map(s.sections.flatMap((sec: { score: number; questions: number[] }) => sec.questions.map((q) => [q, sec.score])));
    const gained = right.reduce((k, q) => k + (scoreOf.get(q.allTestID) as number), 0);

    const after = (await t.call(grabPointInfo, { guid: member, appID: APP })).data;
    expect(after).toMatchObject({ rounds: 1, open: null, last: { examHistoryID: s.examHistoryID, gained, right: 4, total: s.list.length } });
    expect(after.missingTotal).toBeLessThanOrEqual(info.missingTotal - 4);

    // The next round leaves out what was just answered right.
    const next = (await t.call(grabPointStart, { guid: member, appID: APP })).data;
    expect(next.name).toBe('考前抢分·第2轮');
    const nextIds = next.list.map((q: { allTestID: number }) => q.allTestID);
    for (const k of right) expect(nextIds).not.toContain(k.allTestID);
  });
});

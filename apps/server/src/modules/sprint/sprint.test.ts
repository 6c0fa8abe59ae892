import { HOT500_ROUND, PASS60_MAX_DIFFICULTY, sprintList, sprintQuestions } from '@kaoshi/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, questions, versions } from '../../db/schema/index.ts';
import { createTestApp, DEMO, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { questionHeat } from '../questions/index.ts';
import { hot500Rounds, pass60Ids } from './sets.ts';
import { createSprintStore } from './store.ts';

let t: TestApp;
let member: string;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
  learner = await t.login(DEMO.learner, DEMO.password);
});
afterAll(() => t.close());

const APP = 1001;

/** Opens a module to everybody in a subject (this test database only). */
async function makeModuleFree(appId: number, moduleId: string) {
  const rows = await t.db.select().from(versions).where(eq(versions.appId, appId));
  for (const v of rows)
    await t.db
      .update(versions)
      .set({ vnjson: v.vnjson.map((m) => (m.id === moduleId ? { ...m, free: true } : m)) })
      .where(eq(versions.id, v.id));
  t.forgetCaches();
}

describe('sprint calls: session, input, entitlement', () => {
  it('401 without a session', async () => {
    expect(await t.call(sprintList, { appID: APP })).toEqual(NOT_LOGGED_IN);
    expect(await t.call(sprintQuestions, { appID: APP, set: 'hot500' })).toEqual(NOT_LOGGED_IN);
  });

  it('400 naming the field', async () => {
    expect((await t.call(sprintList, { guid: member })).msg).toBe('请填写科目编号');
    expect((await t.call(sprintQuestions, { guid: member, appID: APP, set: 'nope' })).msg).toBe('题集格式不正确');
    expect((await t.call(sprintQuestions, { guid: member, appID: APP, set: 'hot500', round: 'x' })).msg).toBe('轮次格式不正确');
    const noChapter = await t.call(sprintQuestions, { guid: member, appID: APP, set: 'chapter' });
    expect(noChapter).toMatchObject({ status: 400, msg: '请选择章节' });
    expect((await t.call(sprintQuestions, { guid: member, appID: APP, set: 'chapter', cptID: 999999 })).status).toBe(404);
  });

  it('403 with the unlocking versions for a learner without module sprint', async () => {
    for (const body of [await t.call(sprintList, { guid: learner, appID: APP }), await t.call(sprintQuestions, { guid: learner, appID: APP, set: 'pass60' })]) {
      expect(body.status).toBe(403);
      expect(body.msg).toBe('开通以下任一班次可使用该功能');
      expect(body.data.unlocking.map((v: { vname: string }) => v.vname)).toEqual(expect.arrayContaining(['至尊班', '考前模拟_MNDB']));
    }
  });
});

describe('sprint/list', () => {
  it('1001 (ClassType 1, newClassType 1): 基础巩固 chapters by heat, 强化提分 hot500 rounds + pass60, 考前冲刺 papers', async () => {
    const body = await t.call(sprintList, { guid: member, appID: APP });
    expect(body.status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ AppID: APP, ClassType: 1, newClassType: 1 });
    expect(d.stages.map((s: { title: string }) => s.title)).toEqual(['基础巩固', '强化提分', '考前冲刺']);
    const [base, boost, final] = d.stages;
    const tops = await t.db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.appId, APP)));
    expect(base.items.length).toBeGreaterThan(0);
    for (const i of base.items) expect(i).toMatchObject({ kind: 'chapter', set: null, done: 0 });
    expect(base.items.every((i: { id: number }) => tops.some((c) => c.id === i.id))).toBe(true);
    const rounds = boost.items.filter((i: { set: string }) => i.set === 'hot500');
    const bank = await t.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.appId, APP), eq(questions.retired, false)));
    expect(rounds.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(Math.min(500, bank.length));
    expect(rounds[0]).toMatchObject({ kind: 'set', id: 1, title: '必做500题·第1组' });
    expect(boost.items.at(-1)).toMatchObject({ kind: 'set', id: 0, set: 'pass60', title: '考前60分' });
    expect(d.sets.hot500).toEqual(rounds);
    expect(d.sets.pass60).toEqual(boost.items.at(-1));
    for (const p of final.items) expect(p.kind).toBe('paper');
  });

  it('counts the learner’s answered questions as done', async () => {
    const first = (await t.call(sprintQuestions, { guid: member, appID: APP, set: 'hot500', round: 1 })).data.list[0];
    const { submitReply } = await import('@kaoshi/contract');
    const answer = Array.isArray(first.answer) ? first.answer[0] : first.answer;
    const r = await t.call(submitReply, {
      guid: member,
      appID: APP,
      cptID: first.cptID,
      allTestID: first.allTestID,
      childTableID: first.childTableID,
      childTableName: first.childTableName,
      srcID: first.srcID,
      sbjID: APP,
      styleID: first.styleID,
      lastUserReply: answer,
      spendTime: 5,
      examHistoryID: 0,
      replyID: 'sprint-test-reply-0001',
    });
    expect(r.status).toBe(200);
    const d = (await t.call(sprintList, { guid: member, appID: APP })).data;
    expect(d.stages[1].items[0].done).toBe(1);
    const round = (await t.call(sprintQuestions, { guid: member, appID: APP, set: 'hot500', round: 1 })).data;
    expect(round.list[0].last).not.toBeNull();
  });

  it('ClassType 2 (2001): the sprint papers only, one stage; no config (3001): no stages', async () => {
    await makeModuleFree(2001, 'sprint');
    await makeModuleFree(3001, 'sprint');
    const two = (await t.call(sprintList, { guid: learner, appID: 2001 })).data;
    expect(two).toMatchObject({ ClassType: 2, newClassType: 0 });
    expect(two.stages).toHaveLength(1);
    for (const i of two.stages[0].items) expect(i.kind).toBe('paper');
    const none = (await t.call(sprintList, { guid: learner, appID: 3001 })).data;
    expect(none).toMatchObject({ AppID: 3001, ClassType: 0, newClassType: 0, stages: [] });
    // The bank's sets stay available to /fivehundredTest and /md60f whatever the config.
    expect(none.sets.hot500.length).toBeGreaterThan(0);
    expect(two.sets.pass60).toMatchObject({ set: 'pass60' });
  });
});

describe('sprint/questions: the set rules', () => {
  it('hot500: rounds of 50 hottest first, each question once over all rounds, groups whole', async () => {
    const pool = await createSprintStore(t.db).pool(APP);
    const heat = questionHeat(pool);
    const rounds = hot500Rounds(pool);
    const all = rounds.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const r of rounds.slice(0, -1)) expect(r.length).toBeGreaterThanOrEqual(HOT500_ROUND);
    // Hottest first: a round's hottest question is no hotter than the previous round's coolest group-free question allows.
    const firstHeat = Math.max(...rounds[0]!.map((id) => heat.get(id)!));
    expect(firstHeat).toBe(Math.max(...heat.values()));
    const body = await t.call(sprintQuestions, { guid: member, appID: APP, set: 'hot500', round: 1 });
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ AppID: APP, name: '必做500题·第1组', total: rounds[0]!.length });
    expect(body.data.list.map((q: { allTestID: number }) => q.allTestID)).toEqual(rounds[0]);
    expect(body.data.list[0]).toHaveProperty('answer');
    expect(body.data.list[0]).toHaveProperty('explanation');
    const groupIds = new Set(body.data.list.filter((q: { childTableID: number }) => q.childTableID).map((q: { childTableID: number }) => q.childTableID));
    expect(body.data.groups.map((g: { childTableID: number }) => g.childTableID).sort()).toEqual([...groupIds].sort());
    // A group is whole: all its members are in the round.
    if (groupIds.size) {
      const members = await t.db
        .select({ id: questions.id })
        .from(questions)
        .where(and(inArray(questions.groupId, [...groupIds] as number[]), eq(questions.retired, false)));
      expect(members.every((m) => rounds[0]!.includes(m.id))).toBe(true);
    }
    // Past the last round: an empty set.
    expect((await t.call(sprintQuestions, { guid: member, appID: APP, set: 'hot500', round: rounds.length + 1 })).data).toMatchObject({ total: 0, list: [] });
  });

  it('pass60: questions of difficulty ≤ 3 (or in a group with one), at most 300, of the heaviest points', async () => {
    const pool = await createSprintStore(t.db).pool(APP);
    const ids = pass60Ids(pool);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(300 + 10);
    const byId = new Map(pool.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id)!;
      if (r.groupId === null) expect(r.difficulty).toBeLessThanOrEqual(PASS60_MAX_DIFFICULTY);
    }
    // The heaviest point's questions come first.
    const n = new Map<number, number>();
    for (const r of pool) for (const p of r.points) n.set(p, (n.get(p) ?? 0) + 1);
    const heaviest = [...n.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
    expect(byId.get(ids[0]!)!.points).toContain(heaviest);
    const body = await t.call(sprintQuestions, { guid: member, appID: APP, set: 'pass60' });
    expect(body.data.name).toBe('考前60分');
    expect(body.data.list.map((q: { allTestID: number }) => q.allTestID)).toEqual(ids);
  });

  it('chapter: the chapter subtree’s questions, hottest first', async () => {
    const list = (await t.call(sprintList, { guid: member, appID: APP })).data.stages[0].items;
    const cpt = list[0];
    const body = await t.call(sprintQuestions, { guid: member, appID: APP, set: 'chapter', cptID: cpt.id });
    expect(body.status).toBe(200);
    expect(body.data.name).toBe(`冲刺·${cpt.title}`);
    expect(body.data.total).toBe(cpt.count);
    const pool = await createSprintStore(t.db).pool(APP);
    const heat = questionHeat(pool);
    const singles = body.data.list.filter((q: { childTableID: number }) => q.childTableID === 0).map((q: { allTestID: number }) => heat.get(q.allTestID)!);
    expect(singles).toEqual([...singles].sort((a: number, b: number) => b - a));
  });

  it('past-exam questions exist in the demo bank (heat uses them)', async () => {
    const withYear = await t.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.appId, APP), isNotNull(questions.year)));
    expect(withYear.length).toBeGreaterThan(0);
  });
});

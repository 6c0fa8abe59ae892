import { paperModules, STARTABLE_MODES, simulationHandIn, simulationList, simulationStart, testMode, type ExamSession } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSessions, papers, purchases } from '../../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers.ts';

/**
 * Holes found by probing the server (issue 12, items 1 and 2): a paper's own kind and tag decide its module
 * whatever the request names, and a test mode's display comes from its row, never from the client.
 */
let t: TestApp;
const APP = 1001;
const DAY = 86_400_000;
let member: string;
let vip: string;
let paperOf: Map<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
  const learner = await t.register('13655500001');
  // VIP班 only: the exam centre's `paper` module, not 考前冲刺 (sprint) nor 考前模拟 (mock).
  await t.db.insert(purchases).values({
    userId: learner.userID,
    appId: APP,
    vn: '2',
    vnOrder: 2,
    endTime: new Date(t.clock.now + DAY),
    source: 'order',
    createdAt: new Date(t.clock.now),
  });
  t.forgetCaches();
  vip = learner.guid;
  const rows = await t.db.select({ id: papers.id, code: papers.code }).from(papers).where(eq(papers.appId, APP));
  paperOf = new Map(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

const start = (guid: string, input: Record<string, unknown>) => t.call(simulationStart, { guid, appID: APP, ...input });

describe('papers open only with the module of their kind and tag', () => {
  it('a VIP班 learner cannot start a sprint- or mock-tagged paper by its id, in either display', async () => {
    for (const code of ['secret-1', 'burning-1', 'ytmj-1']) {
      for (const mode of ['practice', 'exam', undefined]) {
        const reply = await start(vip, { paperID: paperOf.get(code), ...(mode && { mode }) });
        expect(reply, `${code} ${mode}`).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
        expect(reply.data.keys, code).toBeUndefined();
      }
    }
    // The buy prompt names the versions that open the paper's own module (考前密卷: 至尊班, 考前模拟).
    const secret = await start(vip, { paperID: paperOf.get('secret-1') });
    expect(secret.data.unlocking.map((v: { vname: string }) => v.vname)).toEqual(['至尊班', '考前模拟_MNDB']);
    // Nor through a row that lists ordinary papers.
    expect((await start(vip, { testMode: 'mockExam', paperID: paperOf.get('secret-1') })).status).toBe(404);
  });

  it('the papers of the module the learner holds still open, in practice too (再练一次)', async () => {
    const practice = await start(vip, { paperID: paperOf.get('mock-1'), mode: 'practice' });
    expect(practice).toMatchObject({ status: 200, data: { mode: 'practice' } });
    expect(practice.data.keys.length).toBeGreaterThan(0);
    expect((await start(vip, { paperID: paperOf.get('lnjt-1') })).status).toBe(200);
  });

  it('the list holds only the papers the learner may sit', async () => {
    const listed = (await t.call(simulationList, { guid: vip, appID: APP })).data.list.map((p: { paperID: number }) => p.paperID);
    for (const code of ['mock-1', 'lnjt-1', 'past-2025']) expect(listed, code).toContain(paperOf.get(code));
    for (const code of ['secret-1', 'burning-1', 'ytmj-1']) expect(listed, code).not.toContain(paperOf.get(code));
    const all = (await t.call(simulationList, { guid: member, appID: APP })).data.list.map((p: { paperID: number }) => p.paperID);
    for (const code of ['secret-1', 'burning-1', 'ytmj-1', 'mock-1']) expect(all, code).toContain(paperOf.get(code));
  });

  it('the list opens with any module that opens some paper: a 考前模拟 holder (no exam centre) sees only its papers', async () => {
    const mock = await t.register('13655500003');
    await t.grant(mock.userID, APP, { vn: '4_MNDB', vnOrder: 4 });
    const listed = await t.call(simulationList, { guid: mock.guid, appID: APP });
    expect(listed.status, listed.msg).toBe(200);
    const ids = listed.data.list.map((p: { paperID: number }) => p.paperID).sort((a: number, b: number) => a - b);
    const rows = await t.db.select().from(papers).where(eq(papers.appId, APP));
    const held = new Set(['mock', 'sprint']);
    const opened = rows.filter((p) => p.kind !== 'daily' && !p.retired && paperModules(p).some((m) => held.has(m))).map((p) => p.id);
    expect(ids).toEqual(opened.sort((a, b) => a - b));
    expect(ids).toContain(paperOf.get('secret-1'));
    expect(ids).not.toContain(paperOf.get('past-2025'));
    // A listed paper starts by its id whichever of its modules is held (mock-1: the exam centre's, and 考前模拟's).
    expect((await start(mock.guid, { paperID: paperOf.get('mock-1'), mode: 'practice' })).status).toBe(200);
    expect((await t.callRaw(simulationStart, { guid: mock.guid, appID: APP, paperID: paperOf.get('past-2025') })).status).toBe(403);
    // A learner holding none of them gets the exam centre's buy prompt (基础班, VIP班, 至尊班).
    const none = await t.callRaw(simulationList, { guid: (await t.register('13655500004')).guid, appID: APP });
    expect({ status: none.status, msg: none.msg }).toEqual({ status: 403, msg: '开通以下任一班次可使用该功能' });
    expect(none.data.unlocking.map((v: { vn: string }) => v.vn)).toEqual(['1', '2', '3']);
  });

  it('a holder of the tagged module starts the tagged paper by its id', async () => {
    expect(await start(member, { paperID: paperOf.get('secret-1'), mode: 'practice' })).toMatchObject({ status: 200, data: { mode: 'practice' } });
  });
});

describe('a test mode displays as its row says', () => {
  it('ranked tests refuse practice display and never answer their keys', async () => {
    for (const input of [{ testMode: 'dailyMockTest' }, { daily: true }, { testMode: 'weekTest' }]) {
      const reply = await start(member, { ...input, mode: 'practice' });
      expect(reply, JSON.stringify(input)).toMatchObject({ status: 400, msg: '该考试的作答方式不能更改', data: null });
    }
  });

  it('no exam-display row answers keys at start, whatever mode the client names', async () => {
    const examRows = STARTABLE_MODES.map((id) => testMode(id)!).filter((m) => m.display === 'exam');
    expect(examRows.length).toBeGreaterThan(8);
    for (const row of examRows) {
      const needs =
        row.source === 'paper'
          ? { paperID: paperOf.get(row.papers!.tag ? `${row.papers!.tag}-1` : row.papers!.kinds[0] === 'past' ? 'past-2025' : 'mock-1') }
          : row.draw?.scope === 'chapter' || row.draw?.scope === 'point'
            ? null
            : {};
      if (needs === null) continue; // their scope needs a key; the display rule is the same code path
      const reply = await start(member, { testMode: row.id, ...needs });
      expect(reply.status, row.id).toBe(200);
      expect((reply.data as ExamSession).mode, row.id).toBe('exam');
      expect(reply.data.keys, row.id).toBeUndefined();
    }
  });

  it('a daily session that somehow holds practice display is never counted in the ranking', async () => {
    const learner = (await t.register('13655500002')).guid;
    const s = (await start(learner, { testMode: 'dailyMockTest' })).data as ExamSession;
    await t.db.update(examSessions).set({ mode: 'practice' }).where(eq(examSessions.id, s.examHistoryID));
    expect((await t.call(simulationHandIn, { guid: learner, examHistoryID: s.examHistoryID })).data).toMatchObject({ counted: false });
  });
});

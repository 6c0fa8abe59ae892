import { addSimulationReplys, simulationHandIn, simulationResult, simulationResume, simulationStart } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../db/schema/index.ts';
import { createTestApp, DEMO, makeModulePaid, NOT_LOGGED_IN, replyIds, type TestApp } from '../../test/helpers.ts';

/**
 * A practice-display session as the player's `source=session` uses it (docs/practice-screens.md "Practice
 * sessions"): start with mode 'practice', resume with the keys (answer, explanation, knowledge points),
 * replies in batches, hand-in, and a handed-in session answering status 'handed'.
 */

let t: TestApp;
const APP = 1001;
let paperID: number;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .select({ id: papers.id })
    .from(papers)
    .where(and(eq(papers.appId, APP), eq(papers.code, 'mock-quick')));
  paperID = row!.id;
});
afterAll(() => t.close());

const rid = replyIds('practice-session');

describe('a practice-display session', () => {
  it('needs a session (401) and checks the mode field (400)', async () => {
    expect(await t.call(simulationResume, { examHistoryID: 1 })).toEqual(NOT_LOGGED_IN);
    const guid = await t.login(DEMO.owner, DEMO.password);
    expect(await t.call(simulationStart, { guid, appID: APP, paperID, mode: 'train' })).toMatchObject({ status: 400, msg: '考试模式不正确' });
  });

  it('is refused with the buy prompt when the module is not open (403)', async () => {
    await makeModulePaid(t.db, APP, 'paper');
    const guid = await t.login(DEMO.learner, DEMO.password);
    const r = await t.call(simulationStart, { guid, appID: APP, paperID, mode: 'practice' });
    expect(r).toMatchObject({ status: 403, msg: '开通以下任一班次可使用该功能' });
    expect(Array.isArray(r.data.unlocking)).toBe(true);
  });

  it('resumes with keys and knowledge points, keeps batched replies, hands in once and then answers status handed', async () => {
    const guid = await t.login(DEMO.owner, DEMO.password);
    const s = (await t.call(simulationStart, { guid, appID: APP, paperID, mode: 'practice' })).data;
    expect(s).toMatchObject({ mode: 'practice', status: 'open', deadline: null, remainingSeconds: null });
    const resumed = (await t.call(simulationResume, { guid, examHistoryID: s.examHistoryID })).data;
    expect(resumed.keys).toHaveLength(resumed.list.length);
    for (const k of resumed.keys) expect(Array.isArray(k.points)).toBe(true);
    expect(resumed.keys.some((k: { points: string[] }) => k.points.length > 0)).toBe(true);

    // Another learner cannot read it.
    const other = await t.login(DEMO.learner, DEMO.password);
    expect(await t.call(simulationResume, { guid: other, examHistoryID: s.examHistoryID })).toMatchObject({ status: 404, msg: '考试记录不存在' });

    const [q1, q2] = resumed.keys as { allTestID: number; answer: string | string[] }[];
    const key = (a: string | string[]) => (Array.isArray(a) ? a[0]! : a);
    const batch = [
      { replyID: rid(), allTestID: q1!.allTestID, lastUserReply: key(q1!.answer), spendTime: 4 },
      { replyID: rid(), allTestID: q2!.allTestID, lastUserReply: key(q2!.answer) === 'A' ? 'B' : 'A', spendTime: 6 },
    ];
    const saved = await t.call(addSimulationReplys, { guid, examHistoryID: s.examHistoryID, replies: JSON.stringify(batch) });
    expect(saved).toMatchObject({ status: 200, data: { saved: 2, refused: [] } });
    // A replayed batch (lost reply) changes nothing.
    expect((await t.call(addSimulationReplys, { guid, examHistoryID: s.examHistoryID, replies: JSON.stringify(batch) })).status).toBe(200);
    const again = (await t.call(simulationResume, { guid, examHistoryID: s.examHistoryID })).data;
    expect(again.replies).toEqual({ [String(q1!.allTestID)]: batch[0]!.lastUserReply, [String(q2!.allTestID)]: batch[1]!.lastUserReply });

    const handed = await t.call(simulationHandIn, { guid, examHistoryID: s.examHistoryID });
    expect(handed).toMatchObject({ status: 200, data: { mode: 'practice', right: 1, wrong: 1, handedBy: 'learner' } });
    const after = (await t.call(simulationResume, { guid, examHistoryID: s.examHistoryID })).data;
    expect(after.status).toBe('handed');
    expect((await t.call(simulationResult, { guid, examHistoryID: s.examHistoryID })).data).toMatchObject({ mode: 'practice', right: 1 });
    // Starting the paper again opens a new attempt.
    const next = (await t.call(simulationStart, { guid, appID: APP, paperID, mode: 'practice' })).data;
    expect(next.examHistoryID).not.toBe(s.examHistoryID);
  });
});

import { simulationHandIn, simulationResume } from '@kaoshi/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examReplies, examSessions } from '../../db/schema/index.ts';
import { createReplyBatcher } from './reply-batcher.ts';
import { createExamStore } from './store.ts';
import { A1, keyOf, reply, save, start, t, useSetup, wrongOf, X } from './exam-setup.ts';

useSetup();

/** The session's stored replies by question id. */
const stored = async (id: number) => new Map((await t.db.select().from(examReplies).where(eq(examReplies.sessionId, id))).map((r) => [r.questionId, r]));

describe('group commit of autosaves (docs/exams.md)', () => {
  it('many learners saving at once: each answered with its own count, every reply stored once, replays change nothing', async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => t.newLearner()));
    const ids = await Promise.all(learners.map(async (guid) => (await start(guid)).data.examHistoryID as number));
    const batches = learners.map((_, i) => [reply(A1[0]!, i % 2 ? keyOf(A1[0]!) : wrongOf(A1[0]!)), reply(A1[1]!, keyOf(A1[1]!), { flagged: i === 3 })]);
    const first = await Promise.all(learners.map((guid, i) => save(guid, ids[i]!, batches[i]!)));
    for (const b of first) expect(b).toMatchObject({ status: 200, data: { saved: 2, refused: [] } });
    // The same batches again (a lost reply), and one learner's two saves of one question at once: stored once each.
    const again = await Promise.all([
      ...learners.map((guid, i) => save(guid, ids[i]!, batches[i]!)),
      save(learners[0]!, ids[0]!, [reply(A1[2]!, 'A')]),
      save(learners[0]!, ids[0]!, [reply(A1[2]!, 'B')]),
    ]);
    for (const b of again.slice(0, learners.length)) expect(b).toMatchObject({ status: 200, data: { saved: 0, refused: [] } });
    for (const [i, id] of ids.entries()) {
      const rows = await stored(id);
      expect(rows.get(A1[0]!.id)!.reply).toBe(i % 2 ? keyOf(A1[0]!) : wrongOf(A1[0]!));
      expect(rows.get(A1[1]!.id)!.flagged).toBe(i === 3);
    }
    // Both of learner 0's saves of question 3 were kept, as one row whose seconds add up.
    const third = (await stored(ids[0]!)).get(A1[2]!.id)!;
    expect(['A', 'B']).toContain(third.reply);
    expect(third.spentSeconds).toBe(10);
    const resumed = (await t.call(simulationResume, { guid: learners[3]!, examHistoryID: ids[3]! })).data;
    expect(resumed.flags).toContain(A1[1]!.id);
  });

  it('a batch answers each learner by its own locked row: one handed in meanwhile is refused, the others are saved', async () => {
    const [a, b] = await Promise.all([t.newLearner(), t.newLearner()]);
    const ida = (await start(a)).data.examHistoryID as number;
    const idb = (await start(b)).data.examHistoryID as number;
    expect((await t.call(simulationHandIn, { guid: a, examHistoryID: ida })).status).toBe(200);
    const [ra, rb] = await Promise.all([save(a, ida, [reply(A1[0]!, 'A')]), save(b, idb, [reply(A1[0]!, 'A')])]);
    expect(ra).toMatchObject({ status: 400, msg: '考试已交卷，答案未保存' });
    expect(rb).toMatchObject({ status: 200, data: { saved: 1 } });
  });

  it('the batcher writes the jobs that arrive together in one transaction, and a refused job holds back no other', async () => {
    const [a, b, c] = await Promise.all([t.newLearner(), t.newLearner(), t.newLearner()]);
    const ids = await Promise.all([a, b, c].map(async (guid) => (await start(guid)).data.examHistoryID as number));
    const rows = await t.db.select().from(examSessions).where(inArray(examSessions.id, ids));
    const userOf = new Map(rows.map((r) => [r.id, r.userId]));
    const store = createExamStore(t.db);
    let transactions = 0;
    const counted = { ...store, transaction: <T>(run: Parameters<typeof store.transaction<T>>[0]) => ((transactions += 1), store.transaction(run)) };
    const batcher = createReplyBatcher(counted, { windowMs: 50, max: 100 });
    const write = (q: number, replyId: string) => ({ replyId, questionId: q, reply: 'A', flagged: false, spentSeconds: 1 });
    const at = new Date(t.clock.now);
    const outcomes = await Promise.all([
      batcher.submit({ userId: userOf.get(ids[0]!)!, sessionId: ids[0]!, writes: [write(X[0]!.id, 'group-commit-a-0001')], refuse: () => null }, at),
      batcher.submit({ userId: userOf.get(ids[1]!)!, sessionId: ids[1]!, writes: [write(X[0]!.id, 'group-commit-b-0001')], refuse: () => '考试已交卷，答案未保存' }, at),
      // Another learner's session: not found, written nowhere.
      batcher.submit({ userId: userOf.get(ids[0]!)!, sessionId: ids[2]!, writes: [write(X[0]!.id, 'group-commit-c-0001')], refuse: () => null }, at),
      batcher.submit({ userId: userOf.get(ids[2]!)!, sessionId: ids[2]!, writes: [write(X[1]!.id, 'group-commit-c-0002')], refuse: () => null }, at),
    ]);
    expect(transactions).toBe(1);
    expect(outcomes).toEqual([
      { ok: true, saved: 1, reused: [] },
      { ok: false, msg: '考试已交卷，答案未保存' },
      { ok: false, msg: null },
      { ok: true, saved: 1, reused: [] },
    ]);
    expect([...(await stored(ids[1]!)).keys()]).toEqual([]);
    expect([...(await stored(ids[2]!)).keys()]).toEqual([X[1]!.id]);
  });
});

import { EXAM_GRACE_SECONDS, simulationHandIn, simulationResult } from '@kaoshi/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { answers, examSessions } from '../../db/schema/index.ts';
import type { BookHooks } from '../book/index.ts';
import type { Pace } from '../../platform/pace.ts';
import { A1, keyOf, makePaper, reply, save, start, t, useSetup, wrongOf } from './exam-setup.ts';

useSetup();

/** The exam service on the test app's database, with a book of the test's own (the app's sweep runs every few seconds). */
async function service(
  book: BookHooks = { onAnswerStored: async () => false, onAnswersStored: async () => {}, inBook: async () => false },
  keysFirst?: Promise<void>,
  pace?: Pace,
) {
  const { createExamService } = await import('./service.ts');
  const { createExamStore } = await import('./store.ts');
  const store = createExamStore(t.db);
  // A grade that waits for `keysFirst` before its transaction (the keys are read outside it).
  const keys: typeof store.keys = async (ids) => {
    await keysFirst;
    return store.keys(ids);
  };
  return createExamService({ store: { ...store, keys }, entitlements: {} as never, clock: () => t.clock.now, book, pace });
}

const rowOf = async (id: number) => (await t.db.select().from(examSessions).where(eq(examSessions.id, id)))[0]!;

describe('seal, then grade (docs/exams.md)', () => {
  it('a session sealed but never graded (the server killed between the two) is graded by the sweep, once', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!)), reply(A1[1]!, wrongOf(A1[1]!))]);
    t.clock.advance(30_000);
    // What a crash right after the seal's commit leaves: sealed, no score, no answers.
    await t.db
      .update(examSessions)
      .set({ status: 'sealed', handedAt: new Date(t.clock.now), handedBy: 'learner' })
      .where(eq(examSessions.id, id));
    expect(await t.db.select().from(answers).where(eq(answers.examHistoryId, id))).toHaveLength(0);
    const svc = await service();
    expect(await svc.sweep()).toBe(0); // nothing to seal: it was sealed already
    expect(await rowOf(id)).toMatchObject({ status: 'handed', score: 1, handedBy: 'learner' });
    expect(await t.db.select().from(answers).where(eq(answers.examHistoryId, id))).toHaveLength(2);
    await svc.sweep();
    expect(await t.db.select().from(answers).where(eq(answers.examHistoryId, id))).toHaveLength(2);
    expect((await t.call(simulationResult, { guid, examHistoryID: id })).data).toMatchObject({ score: 1, right: 1, wrong: 1, usedSeconds: 30 });
  });

  it('a busy process acknowledges a hand-in at once and grades it when the pace lets it (platform/pace.ts)', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!))]);
    const userId = (await rowOf(id)).userId;
    let go!: () => void;
    const released = new Promise<void>((r) => (go = r));
    let busy = true;
    const svc = await service(undefined, undefined, { turn: () => released, busy: () => busy });
    // Acknowledged without waiting for the grade (the ack wait is skipped while busy), the sheet sealed.
    expect(await svc.handIn(userId, id)).toMatchObject({ examHistoryID: id, grading: true });
    expect(await rowOf(id)).toMatchObject({ status: 'sealed' });
    busy = false;
    go();
    await vi.waitFor(async () => expect(await rowOf(id)).toMatchObject({ status: 'handed', score: 1 }), { timeout: 10_000 });
  });

  it('reading the result of a sealed session grades it first', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    expect((await save(guid, id, [reply(A1[2]!, keyOf(A1[2]!))])).status).toBe(200);
    await t.db
      .update(examSessions)
      .set({ status: 'sealed', handedAt: new Date(t.clock.now), handedBy: 'learner' })
      .where(eq(examSessions.id, id));
    expect((await t.call(simulationResult, { guid, examHistoryID: id })).data).toMatchObject({ score: 1, right: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'handed', score: 1 });
  });

  it('hand-ins of many learners at once are graded together, each once, each with its own score', async () => {
    const paper = await makePaper('exam-grading-many');
    const learners = await Promise.all(Array.from({ length: 12 }, () => t.newLearner()));
    const ids: number[] = [];
    for (const [i, guid] of learners.entries()) {
      const id = (await start(guid, { paperID: paper })).data.examHistoryID;
      ids.push(id);
      // Learner i answers (i mod 4) A1 questions right.
      await save(
        guid,
        id,
        A1.map((q, k) => reply(q, k < i % 4 ? keyOf(q) : wrongOf(q))),
      );
    }
    t.clock.advance(60_000);
    // Each learner hands in from two devices at the same moment.
    const replies = await Promise.all(learners.flatMap((guid, i) => [0, 1].map(() => t.call(simulationHandIn, { guid, examHistoryID: ids[i]! }))));
    for (const [n, b] of replies.entries()) {
      expect(b.status).toBe(200);
      // On a loaded machine a grade may take longer than EXAM_ACK_WAIT_MS: the sheet is acknowledged as being
      // graded, and its result follows.
      const guid = learners[Math.floor(n / 2)]!;
      const examHistoryID = ids[Math.floor(n / 2)]!;
      const graded = b.data.grading
        ? await vi.waitFor(
            async () => {
              const r = (await t.call(simulationResult, { guid, examHistoryID })).data;
              expect(r.grading).toBeUndefined();
              return r;
            },
            { timeout: 10_000 },
          )
        : b.data;
      expect(graded.score).toBe(Math.min(Math.floor(n / 2) % 4, A1.length));
    }
    const rows = await t.db.select().from(examSessions).where(inArray(examSessions.id, ids));
    expect(rows.every((r) => r.status === 'handed')).toBe(true);
    const perSession = await t.db
      .select({ id: answers.examHistoryId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(answers)
      .where(inArray(answers.examHistoryId, ids))
      .groupBy(answers.examHistoryId);
    expect(perSession).toHaveLength(ids.length);
    for (const p of perSession) expect(p.n).toBe(A1.length);
  });

  it('the sweep seals every overdue session at its deadline in one pass and grades them; one that cannot be graded holds back no other', async () => {
    const paper = await makePaper('exam-grading-sweep', 60);
    const learners = await Promise.all(Array.from({ length: 6 }, () => t.newLearner()));
    const ids: number[] = [];
    for (const guid of learners) {
      const id = (await start(guid, { paperID: paper })).data.examHistoryID;
      ids.push(id);
      await save(guid, id, [reply(A1[0]!, wrongOf(A1[0]!))]);
    }
    const poisoned = (await rowOf(ids[2]!)).userId;
    t.clock.advance(60_000 + EXAM_GRACE_SECONDS * 1000 + 1_000);
    const svc = await service({
      onAnswerStored: async () => false,
      inBook: async () => false,
      onAnswersStored: async (_tx, sheets) => {
        if (sheets.some((s) => s.userId === poisoned)) throw new Error('book unavailable');
      },
    });
    expect(await svc.sweep()).toBe(ids.length);
    const rows = new Map((await t.db.select().from(examSessions).where(inArray(examSessions.id, ids))).map((r) => [r.id, r]));
    for (const id of ids) {
      const r = rows.get(id)!;
      expect(r.handedBy).toBe('deadline');
      expect(r.handedAt!.getTime()).toBe(r.deadlineAt!.getTime());
      expect(r.status).toBe(id === ids[2] ? 'sealed' : 'handed');
    }
    // Once the book is back, the next sweep grades the one left sealed.
    await (await service()).sweep();
    expect(await rowOf(ids[2]!)).toMatchObject({ status: 'handed', score: 0 });
  });

  it('a hand-in whose grade takes longer than EXAM_ACK_WAIT_MS is acknowledged at once as being graded; the result follows', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!))]);
    const userId = (await rowOf(id)).userId;
    // The grade's keys come only when released: the grade takes as long as the test wants.
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const svc = await service(undefined, slow);
    // The grade cannot finish before the release below: an answer at all is the bounded wait.
    const ack = await svc.handIn(userId, id);
    expect(ack).toMatchObject({ examHistoryID: id, grading: true, handedBy: 'learner' });
    expect(await rowOf(id)).toMatchObject({ status: 'sealed', score: null });
    // A second device's hand-in and a result asked meanwhile answer the same: being graded.
    expect(await svc.handIn(userId, id)).toMatchObject({ grading: true });
    expect(await svc.result(userId, id)).toMatchObject({ grading: true });
    release();
    await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('handed'), { timeout: 10_000 });
    expect(await svc.result(userId, id)).toMatchObject({ score: 1, right: 1 });
    expect(await t.db.select().from(answers).where(eq(answers.examHistoryId, id))).toHaveLength(1);
  });

  it('a hand-in whose grade fails is still handed in: acknowledged as being graded, sealed for the sweep; autosaves are refused at once', async () => {
    const guid = await t.newLearner();
    const id = (await start(guid)).data.examHistoryID;
    await save(guid, id, [reply(A1[0]!, keyOf(A1[0]!))]);
    const userId = (await rowOf(id)).userId;
    const failing = await service({
      onAnswerStored: async () => false,
      inBook: async () => false,
      onAnswersStored: async () => {
        throw new Error('book unavailable');
      },
    });
    expect(await failing.handIn(userId, id)).toMatchObject({ examHistoryID: id, grading: true });
    expect(await rowOf(id)).toMatchObject({ status: 'sealed' });
    await expect(failing.saveReplies(userId, id, [{ replyID: 'late-reply-0000000001', allTestID: A1[1]!.id, lastUserReply: 'A' }])).rejects.toMatchObject({
      message: '考试已交卷，答案未保存',
    });
    await (await service()).sweep();
    expect(await rowOf(id)).toMatchObject({ status: 'handed', score: 1 });
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());

type Outbox = typeof import('./exam');
let outbox: Outbox;
let callMock: Mock;
let ApiErrorCls: typeof import('../../api/errors').ApiError;
// The class the outbox engine's isApiError knows (api/errors, loaded afresh with the page).

/** A fresh page load over the same IndexedDB. */
async function load(): Promise<void> {
  vi.resetModules();
  outbox = await import('./exam');
  callMock = vi.mocked((await import('../../api/client')).call) as unknown as Mock;
  ApiErrorCls = (await import('../../api/errors')).ApiError;
  callMock.mockReset();
}

const sent = () =>
  callMock.mock.calls
    .filter(([def]) => (def as CallDef).id === 'exam.addSimulationReplys')
    .map(([, p]) => ({
      ...(p as Record<string, unknown>),
      replies: JSON.parse((p as { replies: string }).replies) as { replyID: string; allTestID: number; lastUserReply: string; flagged: boolean }[],
    }));

const serverReply = (refused: { replyID: string; msg: string }[] = []) => ({
  saved: 1,
  refused,
  deadline: '2026-11-21T08:10:00.000Z',
  serverNow: '2026-11-21T08:00:00.000Z',
  remainingSeconds: 600,
});

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem('guid', 'g'.repeat(32));
  localStorage.setItem('userID', '7');
  await load();
});

describe('exam replies outbox', () => {
  it('stores first, then sends one batch with the latest state per question and empties the queue', async () => {
    await outbox.queueExamReply(41, { allTestID: 1, lastUserReply: 'A', flagged: false, spendTime: 4.4 });
    await outbox.queueExamReply(41, { allTestID: 2, lastUserReply: '', flagged: true });
    await outbox.queueExamReply(41, { allTestID: 1, lastUserReply: 'C', flagged: false });
    await outbox.queueExamReply(42, { allTestID: 9, lastUserReply: 'B', flagged: false });
    expect((await outbox.pendingExamReplies(41)).map((e) => e.allTestID)).toEqual([1, 2, 1]);
    expect(callMock).not.toHaveBeenCalled();
    callMock.mockResolvedValue(serverReply());
    const r = await outbox.flushExamReplies(41);
    expect(sent()).toHaveLength(1);
    expect((sent()[0] as Record<string, unknown>).examHistoryID).toBe(41);
    expect(sent()[0]!.replies.map((x) => [x.allTestID, x.lastUserReply, x.flagged])).toEqual([
      [1, 'C', false],
      [2, '', true],
    ]);
    expect(r).toMatchObject({ sent: 2, left: 0, error: null });
    expect(r.server?.remainingSeconds).toBe(600);
    expect(await outbox.pendingExamReplies(41)).toEqual([]);
    expect(await outbox.pendingExamReplies(42)).toHaveLength(1);
  });

  it('keeps entries across a network failure and a page reload, and replays the same replyIDs (idempotent)', async () => {
    await outbox.queueExamReply(41, { allTestID: 1, lastUserReply: 'B', flagged: false });
    callMock.mockRejectedValue(new ApiErrorCls(0, '网络加载异常，请稍后重试', null, 'network'));
    const r1 = await outbox.flushExamReplies(41);
    expect(r1.left).toBe(1);
    expect(r1.error).toBeTruthy();
    const firstID = sent()[0]!.replies[0]!.replyID;
    await load(); // reload: the entry is still in IndexedDB
    callMock.mockResolvedValue(serverReply());
    const r2 = await outbox.flushExamReplies(41);
    expect(r2.left).toBe(0);
    expect(sent()[0]!.replies[0]!.replyID).toBe(firstID);
  });

  it('drops a batch refused for good (time up) and reports each reply as refused', async () => {
    await outbox.queueExamReply(41, { allTestID: 1, lastUserReply: 'B', flagged: false });
    callMock.mockRejectedValue(new ApiErrorCls(400, '考试时间已到，答案未保存', null, 'reply'));
    const r = await outbox.flushExamReplies(41);
    expect(r.refused).toEqual([expect.objectContaining({ allTestID: 1, msg: '考试时间已到，答案未保存' })]);
    expect(r.left).toBe(0);
  });

  it('reports replies refused one by one and removes them; entries queued during a send go in the next batch', async () => {
    await outbox.queueExamReply(41, { allTestID: 1, lastUserReply: 'B', flagged: false });
    let release!: () => void;
    callMock.mockImplementationOnce(async (_d: CallDef, p: { replies: string }) => {
      await new Promise<void>((res) => (release = res));
      const [first] = JSON.parse(p.replies) as { replyID: string }[];
      return serverReply([{ replyID: first!.replyID, msg: '该题型已交卷，不能再修改' }]);
    });
    const flushing = outbox.flushExamReplies(41);
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    await outbox.queueExamReply(41, { allTestID: 3, lastUserReply: 'A', flagged: false });
    callMock.mockResolvedValue(serverReply());
    const second = outbox.flushExamReplies(41);
    release();
    const r = await flushing;
    expect(r.refused).toEqual([expect.objectContaining({ allTestID: 1, msg: '该题型已交卷，不能再修改' })]);
    await second;
    expect(sent().map((s) => s.replies.map((x) => x.allTestID))).toEqual([[1], [3]]);
    expect(await outbox.pendingExamReplies(41)).toEqual([]);
  });

  it("never sends without a session, and only the signed-in learner's entries", async () => {
    await outbox.queueExamReply(41, { allTestID: 1, lastUserReply: 'B', flagged: false });
    localStorage.setItem('userID', '8');
    expect(await outbox.pendingExamReplies(41)).toEqual([]);
    localStorage.removeItem('guid');
    localStorage.setItem('userID', '7');
    const r = await outbox.flushExamReplies(41);
    expect(r.left).toBe(1);
    expect(callMock).not.toHaveBeenCalled();
  });

  it('splits more than 200 questions into batches of at most 200', async () => {
    for (let i = 1; i <= 205; i += 1) await outbox.queueExamReply(41, { allTestID: i, lastUserReply: 'A', flagged: false });
    callMock.mockResolvedValue(serverReply());
    await outbox.flushExamReplies(41);
    expect(sent().map((s) => s.replies.length)).toEqual([200, 5]);
  });
});

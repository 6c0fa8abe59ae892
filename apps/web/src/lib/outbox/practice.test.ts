import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@kaoshi/contract';
import { freshPageEachTest, h, load, signIn, answer, sends, server, offline, settle, rawRows } from './practice-harness';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../tracking', () => ({ reportError: vi.fn() }));

freshPageEachTest();

describe('queueReply', () => {
  it('stores the answer (with its learner) before any network call and does not wait for the network', async () => {
    let storedWhenSent: Array<Record<string, unknown>> | null = null;
    h.callMock.mockImplementation(async () => {
      storedWhenSent = await rawRows();
      return new Promise(() => undefined); // the network never answers
    });
    const replyID = await h.outbox.queueReply(answer(101, 'AC'));
    expect(replyID).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const rows = await rawRows();
    expect(rows).toEqual([expect.objectContaining({ replyID, userID: '7', params: { appID: 3001, cptID: 11, allTestID: 101, lastUserReply: 'AC', spendTime: 5 } })]);
    await vi.waitFor(() => expect(storedWhenSent).toHaveLength(1));
    expect(sends()).toHaveLength(1);
    expect(sends()[0]).toEqual({
      params: { appID: 3001, cptID: 11, allTestID: 101, lastUserReply: 'AC', spendTime: 5, replyID },
      opts: { quiet: true, allowedRepeat: true },
    });
    expect(await h.outbox.pendingCount()).toBe(1);
  });

  it('makes a new replyID for every answer (also the same question again)', async () => {
    h.callMock.mockImplementation(offline);
    const a = await h.outbox.queueReply(answer(101));
    const b = await h.outbox.queueReply(answer(101));
    expect(a).not.toBe(b);
    await settle();
    expect(await h.outbox.pendingCount()).toBe(2);
  });

  it('falls back to 32 hex chars without crypto.randomUUID', async () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new Error('insecure context');
    });
    h.callMock.mockImplementation(offline);
    const id = await h.outbox.queueReply(answer(101));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await settle();
  });
});
describe('flushOutbox', () => {
  it('sends oldest first with the stored replyID and removes each on success', async () => {
    h.callMock.mockImplementation(offline);
    const ids = [];
    for (const q of [101, 102, 103]) ids.push(await h.outbox.queueReply(answer(q)));
    await settle();
    h.callMock.mockClear();
    const stored = server();
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 3, dropped: 0, left: 0 });
    expect(sends().map((s) => [s.params.allTestID, s.params.replyID])).toEqual([
      [101, ids[0]],
      [102, ids[1]],
      [103, ids[2]],
    ]);
    expect([...stored.keys()]).toEqual(ids);
    expect(await rawRows()).toEqual([]);
    expect(await h.outbox.pendingCount()).toBe(0);
  });

  it('keeps an answer on a network failure and sends it (once per replyID) on a later flush, also after a reload', async () => {
    h.callMock.mockImplementation(offline);
    const id = await h.outbox.queueReply(answer(101));
    await settle();
    expect(sends()).toHaveLength(1);
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 1 });

    await load(); // the page is reloaded while offline
    expect(await h.outbox.pendingCount()).toBe(1);
    const stored = server();
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 0 });
    expect(sends().map((s) => s.params.replyID)).toEqual([id]);
    expect(stored.size).toBe(1);
  });

  it('stops at the first kept failure so the order holds', async () => {
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(101));
    await h.outbox.queueReply(answer(102));
    await settle();
    h.callMock.mockClear();
    h.callMock.mockImplementation(offline);
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 2 });
    expect(sends().map((s) => s.params.allTestID)).toEqual([101]);
  });

  it('drops an answer the server refuses for good (400) and reports it; sends the rest', async () => {
    h.callMock.mockImplementation(offline);
    const bad = await h.outbox.queueReply(answer(101, '??'));
    await h.outbox.queueReply(answer(102));
    await settle();
    server((p) => {
      if (p.replyID === bad) throw new h.errors.ApiError(400, '答案格式不正确', null, 'reply');
    });
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 1, dropped: 1, left: 0 });
    expect(h.reportMock).toHaveBeenCalledTimes(1);
    expect(h.reportMock.mock.calls[0][0]).toMatchObject({ action: '/api/exam/submitReply' });
    expect(h.reportMock.mock.calls[0][0].detail).toContain('400');
    expect(h.reportMock.mock.calls[0][0].detail).toContain(bad);
  });

  it.each([
    ['401 (session)', () => new h.errors.ApiError(401, '登录已过期', null, 'reply')],
    ['408 (maintenance)', () => new h.errors.ApiError(408, '维护中', null, 'reply')],
    ['429 (too many)', () => new h.errors.ApiError(429, '请求过于频繁', null, 'reply')],
    ['500 body status', () => new h.errors.ApiError(500, '服务器错误', null, 'reply')],
    ['502 HTTP', () => new h.errors.ApiError(502, '服务器错误', null, 'http')],
    ['404 HTTP (a proxy)', () => new h.errors.ApiError(404, '服务器错误', null, 'http')],
    ['timeout', () => new h.errors.ApiError(0, '请求超时', null, 'timeout')],
    ['an unexpected error', () => new TypeError('boom')],
  ])('keeps the answer on %s', async (_name, error) => {
    h.callMock.mockImplementation(async () => {
      throw error();
    });
    await h.outbox.queueReply(answer(101));
    await settle();
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 1 });
    expect(h.reportMock).not.toHaveBeenCalled();
    expect(await rawRows()).toHaveLength(1);
  });

  it('shares one run between concurrent flushes: each answer is sent once', async () => {
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(101));
    await h.outbox.queueReply(answer(102));
    await settle();
    h.callMock.mockClear();
    const stored = server();
    const [a, b, c] = await Promise.all([h.outbox.flushOutbox(), h.outbox.flushOutbox(), h.outbox.flushOutbox()]);
    expect(a).toEqual({ sent: 2, dropped: 0, left: 0 });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(sends()).toHaveLength(2);
    expect(new Set(sends().map((s) => s.params.replyID)).size).toBe(2);
    expect(stored.size).toBe(2);
  });

  it('sends an answer queued while a run is in progress in that run', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const stored = server();
    h.callMock.mockImplementation(async (_d: CallDef, p: Record<string, unknown>) => {
      if (p.allTestID === 101) await gate;
      stored.set(p.replyID as string, p);
      return { replyID: p.replyID, right: true, score: 1, answer: 'A', stored: true };
    });
    await h.outbox.queueReply(answer(101));
    const run = h.outbox.flushOutbox();
    await h.outbox.queueReply(answer(102));
    release();
    expect(await run).toEqual({ sent: 2, dropped: 0, left: 0 });
    expect(sends().map((s) => s.params.allTestID)).toEqual([101, 102]);
  });

  it("never sends another learner's answers; they wait for their owner", async () => {
    h.callMock.mockImplementation(offline);
    const mine = await h.outbox.queueReply(answer(101));
    await settle();
    h.callMock.mockClear();
    server();

    signIn(8); // another learner on this device
    expect(await h.outbox.pendingCount()).toBe(0);
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 0 });
    expect(sends()).toHaveLength(0);
    expect(await rawRows()).toHaveLength(1);

    localStorage.clear(); // signed out: nothing is sent
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 0 });
    expect(sends()).toHaveLength(0);

    signIn(7); // the owner again
    expect(await h.outbox.pendingCount()).toBe(1);
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(sends().map((s) => s.params.replyID)).toEqual([mine]);
  });

  it('stops when the learner changes during a run', async () => {
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(101));
    await h.outbox.queueReply(answer(102));
    await settle();
    h.callMock.mockClear();
    server(() => signIn(8)); // another learner signs in while the first answer is on its way
    expect(await h.outbox.flushOutbox()).toMatchObject({ sent: 1 });
    expect(sends().map((s) => s.params.allTestID)).toEqual([101]);
    signIn(7);
    expect(await h.outbox.pendingCount()).toBe(1);
  });
});

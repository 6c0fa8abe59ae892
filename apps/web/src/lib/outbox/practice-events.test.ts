import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@kaoshi/contract';
import { freshPageEachTest, h, load, signIn, answer, sends, server, offline, settle } from './practice-harness';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../tracking', () => ({ reportError: vi.fn() }));

freshPageEachTest();

describe('pendingCount and onOutboxChange', () => {
  it('reports the count after queue, send and drop; unsubscribe stops it', async () => {
    const seen: number[] = [];
    const off = h.outbox.onOutboxChange((n) => seen.push(n));
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(101));
    await h.outbox.queueReply(answer(102));
    await settle();
    expect(seen).toEqual([1, 2]);
    expect(await h.outbox.pendingCount()).toBe(2);

    server((p) => {
      if (p.allTestID === 102) throw new h.errors.ApiError(404, '章节不存在', null, 'reply');
    });
    await h.outbox.flushOutbox();
    await settle();
    expect(seen).toEqual([1, 2, 1, 0]);

    off();
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(103));
    await settle();
    expect(seen).toEqual([1, 2, 1, 0]);
    expect(await h.outbox.pendingCount()).toBe(1);
  });
});
describe('pendingFor and onReplySent', () => {
  it("lists the signed-in learner's unsent answers of one subject (also after a reload), optionally only some questions", async () => {
    h.callMock.mockImplementation(offline);
    const first = await h.outbox.queueReply(answer(101, 'B'));
    await h.outbox.queueReply({ ...answer(102, 'ACD'), spendTime: 9 });
    await h.outbox.queueReply({ ...answer(103), appID: 4001 });
    signIn(8);
    await h.outbox.queueReply(answer(104));
    signIn(7);
    await settle();
    await load();
    h.callMock.mockImplementation(offline);
    const all = await h.outbox.pendingFor(3001);
    expect(all.map((p) => [p.allTestID, p.lastUserReply, p.spendTime, p.cptID])).toEqual([
      [101, 'B', 5, 11],
      [102, 'ACD', 9, 11],
    ]);
    expect(all[0]!.replyID).toBe(first);
    expect((await h.outbox.pendingFor(3001, [102, 999])).map((p) => p.allTestID)).toEqual([102]);
    expect((await h.outbox.pendingFor(4001)).map((p) => p.allTestID)).toEqual([103]);
  });

  it('tells listeners what the server answered for each sent answer; unsubscribe stops it', async () => {
    const seen: Array<[number, unknown]> = [];
    const off = h.outbox.onReplySent(({ params, data }) => seen.push([Number(params.allTestID), data.inBook]));
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(101));
    await h.outbox.queueReply(answer(102));
    await settle();
    expect(seen).toEqual([]);
    h.callMock.mockImplementation(async (_def: CallDef, params: Record<string, unknown>) => ({
      replyID: params.replyID,
      right: params.allTestID === 101,
      score: 1,
      answer: 'A',
      stored: true,
      inBook: params.allTestID !== 101,
    }));
    await h.outbox.flushOutbox();
    expect(seen).toEqual([
      [101, false],
      [102, true],
    ]);
    off();
    await h.outbox.queueReply(answer(103));
    await settle();
    expect(seen).toHaveLength(2);
  });
});
describe('without IndexedDB (private mode)', () => {
  it('keeps answers in memory and sends them', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await load();
    h.callMock.mockImplementation(offline);
    const id = await h.outbox.queueReply(answer(101));
    await settle();
    expect(await h.outbox.pendingCount()).toBe(1);
    server();
    expect(await h.outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(sends().at(-1)?.params.replyID).toBe(id);
  });
});
describe('the practice channel on the outbox scheduler', () => {
  it("is sent at start, on 'online' and when the page becomes visible (not when hidden); stop ends it", async () => {
    let visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(101));
    await settle();
    expect(sends()).toHaveLength(1); // the queued answer's own attempt

    const { startOutboxScheduler } = await import('./scheduler');
    const stop = startOutboxScheduler();
    await vi.waitFor(() => expect(sends()).toHaveLength(2)); // at start
    await settle();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sends()).toHaveLength(3));
    await settle();

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(sends()).toHaveLength(3);
    server();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(sends()).toHaveLength(4));
    await settle();
    expect(await h.outbox.pendingCount()).toBe(0);

    stop();
    h.callMock.mockImplementation(offline);
    await h.outbox.queueReply(answer(102)); // one attempt of its own, then it waits
    await settle();
    h.callMock.mockClear();
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(h.callMock).not.toHaveBeenCalled();
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

vi.mock('../api/client', async () => (await import('../test/client-mock')).clientMock());
vi.mock('./tracking', () => ({ reportError: vi.fn() }));

type Outbox = typeof import('./outbox');
type Errors = typeof import('../api/errors');

let outbox: Outbox;
let callMock: Mock;
let reportMock: Mock;
let errors: Errors;

/** A fresh page load: new module state (memory queue, DB connection, listeners) over the same IndexedDB. */
async function load(): Promise<void> {
  vi.resetModules();
  outbox = await import('./outbox');
  callMock = vi.mocked((await import('../api/client')).call) as unknown as Mock;
  reportMock = vi.mocked((await import('./tracking')).reportError) as unknown as Mock;
  errors = await import('../api/errors');
  callMock.mockReset();
  reportMock.mockReset();
}

function signIn(userID: number, guid = `${'g'.repeat(31)}${userID}`): void {
  localStorage.setItem('guid', guid);
  localStorage.setItem('userID', String(userID));
}

const answer = (allTestID: number, lastUserReply = 'A') => ({ appID: 3001, cptID: 11, allTestID, lastUserReply, spendTime: 5 });

/** The submitReply calls made so far: [params, options]. */
const sends = () =>
  callMock.mock.calls
    .filter(([def]) => (def as CallDef).id === 'practice.submitReply')
    .map(([, params, opts]) => ({ params: params as Record<string, unknown>, opts }));

/** A fake server: stores each replyID once and answers replays with the stored body. */
function server(behave: (params: Record<string, unknown>) => void = () => undefined) {
  const stored = new Map<string, Record<string, unknown>>();
  callMock.mockImplementation(async (_def: CallDef, params: Record<string, unknown>) => {
    behave(params);
    const id = params.replyID as string;
    if (!stored.has(id)) stored.set(id, params);
    return { replyID: id, right: true, score: 1, answer: 'A', stored: true };
  });
  return stored;
}

const offline = () => {
  throw new errors.ApiError(0, '网络异常', null, 'network');
};

/** Lets background work (a queued answer's send, a trigger's run) finish. */
const settle = () => new Promise((r) => setTimeout(r, 30));

/** Reads the raw IndexedDB rows (to check what is stored, independently of the module). */
function rawRows(): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('kaoshi-outbox');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const get = db.transaction('replies', 'readonly').objectStore('replies').getAll();
      get.onsuccess = () => {
        db.close();
        resolve(get.result as Array<Record<string, unknown>>);
      };
      get.onerror = () => reject(get.error);
    };
  });
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  signIn(7);
  await load();
});

afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('queueReply', () => {
  it('stores the answer (with its learner) before any network call and does not wait for the network', async () => {
    let storedWhenSent: Array<Record<string, unknown>> | null = null;
    callMock.mockImplementation(async () => {
      storedWhenSent = await rawRows();
      return new Promise(() => undefined); // the network never answers
    });
    const replyID = await outbox.queueReply(answer(101, 'AC'));
    expect(replyID).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const rows = await rawRows();
    expect(rows).toEqual([
      expect.objectContaining({ replyID, userID: '7', params: { appID: 3001, cptID: 11, allTestID: 101, lastUserReply: 'AC', spendTime: 5 } }),
    ]);
    await vi.waitFor(() => expect(storedWhenSent).toHaveLength(1));
    expect(sends()).toHaveLength(1);
    expect(sends()[0]).toEqual({
      params: { appID: 3001, cptID: 11, allTestID: 101, lastUserReply: 'AC', spendTime: 5, replyID },
      opts: { quiet: true, allowedRepeat: true },
    });
    expect(await outbox.pendingCount()).toBe(1);
  });

  it('makes a new replyID for every answer (also the same question again)', async () => {
    callMock.mockImplementation(offline);
    const a = await outbox.queueReply(answer(101));
    const b = await outbox.queueReply(answer(101));
    expect(a).not.toBe(b);
    await settle();
    expect(await outbox.pendingCount()).toBe(2);
  });

  it('falls back to 32 hex chars without crypto.randomUUID', async () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new Error('insecure context');
    });
    callMock.mockImplementation(offline);
    const id = await outbox.queueReply(answer(101));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await settle();
  });
});

describe('flushOutbox', () => {
  it('sends oldest first with the stored replyID and removes each on success', async () => {
    callMock.mockImplementation(offline);
    const ids = [];
    for (const q of [101, 102, 103]) ids.push(await outbox.queueReply(answer(q)));
    await settle();
    callMock.mockClear();
    const stored = server();
    expect(await outbox.flushOutbox()).toEqual({ sent: 3, dropped: 0, left: 0 });
    expect(sends().map((s) => [s.params.allTestID, s.params.replyID])).toEqual([
      [101, ids[0]],
      [102, ids[1]],
      [103, ids[2]],
    ]);
    expect([...stored.keys()]).toEqual(ids);
    expect(await rawRows()).toEqual([]);
    expect(await outbox.pendingCount()).toBe(0);
  });

  it('keeps an answer on a network failure and sends it (once per replyID) on a later flush, also after a reload', async () => {
    callMock.mockImplementation(offline);
    const id = await outbox.queueReply(answer(101));
    await settle();
    expect(sends()).toHaveLength(1);
    expect(await outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 1 });

    await load(); // the page is reloaded while offline
    expect(await outbox.pendingCount()).toBe(1);
    const stored = server();
    expect(await outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(await outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 0 });
    expect(sends().map((s) => s.params.replyID)).toEqual([id]);
    expect(stored.size).toBe(1);
  });

  it('stops at the first kept failure so the order holds', async () => {
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(101));
    await outbox.queueReply(answer(102));
    await settle();
    callMock.mockClear();
    callMock.mockImplementation(offline);
    expect(await outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 2 });
    expect(sends().map((s) => s.params.allTestID)).toEqual([101]);
  });

  it('drops an answer the server refuses for good (400) and reports it; sends the rest', async () => {
    callMock.mockImplementation(offline);
    const bad = await outbox.queueReply(answer(101, '??'));
    await outbox.queueReply(answer(102));
    await settle();
    server((p) => {
      if (p.replyID === bad) throw new errors.ApiError(400, '答案格式不正确', null, 'reply');
    });
    expect(await outbox.flushOutbox()).toEqual({ sent: 1, dropped: 1, left: 0 });
    expect(reportMock).toHaveBeenCalledTimes(1);
    expect(reportMock.mock.calls[0][0]).toMatchObject({ action: '/api/exam/submitReply' });
    expect(reportMock.mock.calls[0][0].detail).toContain('400');
    expect(reportMock.mock.calls[0][0].detail).toContain(bad);
  });

  it.each([
    ['401 (session)', () => new errors.ApiError(401, '登录已过期', null, 'reply')],
    ['408 (maintenance)', () => new errors.ApiError(408, '维护中', null, 'reply')],
    ['429 (too many)', () => new errors.ApiError(429, '请求过于频繁', null, 'reply')],
    ['500 body status', () => new errors.ApiError(500, '服务器错误', null, 'reply')],
    ['502 HTTP', () => new errors.ApiError(502, '服务器错误', null, 'http')],
    ['404 HTTP (a proxy)', () => new errors.ApiError(404, '服务器错误', null, 'http')],
    ['timeout', () => new errors.ApiError(0, '请求超时', null, 'timeout')],
    ['an unexpected error', () => new TypeError('boom')],
  ])('keeps the answer on %s', async (_name, error) => {
    callMock.mockImplementation(async () => {
      throw error();
    });
    await outbox.queueReply(answer(101));
    await settle();
    expect(await outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 1 });
    expect(reportMock).not.toHaveBeenCalled();
    expect(await rawRows()).toHaveLength(1);
  });

  it('shares one run between concurrent flushes: each answer is sent once', async () => {
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(101));
    await outbox.queueReply(answer(102));
    await settle();
    callMock.mockClear();
    const stored = server();
    const [a, b, c] = await Promise.all([outbox.flushOutbox(), outbox.flushOutbox(), outbox.flushOutbox()]);
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
    callMock.mockImplementation(async (_d: CallDef, p: Record<string, unknown>) => {
      if (p.allTestID === 101) await gate;
      stored.set(p.replyID as string, p);
      return { replyID: p.replyID, right: true, score: 1, answer: 'A', stored: true };
    });
    await outbox.queueReply(answer(101));
    const run = outbox.flushOutbox();
    await outbox.queueReply(answer(102));
    release();
    expect(await run).toEqual({ sent: 2, dropped: 0, left: 0 });
    expect(sends().map((s) => s.params.allTestID)).toEqual([101, 102]);
  });

  it("never sends another learner's answers; they wait for their owner", async () => {
    callMock.mockImplementation(offline);
    const mine = await outbox.queueReply(answer(101));
    await settle();
    callMock.mockClear();
    server();

    signIn(8); // another learner on this device
    expect(await outbox.pendingCount()).toBe(0);
    expect(await outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 0 });
    expect(sends()).toHaveLength(0);
    expect(await rawRows()).toHaveLength(1);

    localStorage.clear(); // signed out: nothing is sent
    expect(await outbox.flushOutbox()).toEqual({ sent: 0, dropped: 0, left: 0 });
    expect(sends()).toHaveLength(0);

    signIn(7); // the owner again
    expect(await outbox.pendingCount()).toBe(1);
    expect(await outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(sends().map((s) => s.params.replyID)).toEqual([mine]);
  });

  it('stops when the learner changes during a run', async () => {
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(101));
    await outbox.queueReply(answer(102));
    await settle();
    callMock.mockClear();
    server(() => signIn(8)); // another learner signs in while the first answer is on its way
    expect(await outbox.flushOutbox()).toMatchObject({ sent: 1 });
    expect(sends().map((s) => s.params.allTestID)).toEqual([101]);
    signIn(7);
    expect(await outbox.pendingCount()).toBe(1);
  });
});

describe('pendingCount and onOutboxChange', () => {
  it('reports the count after queue, send and drop; unsubscribe stops it', async () => {
    const seen: number[] = [];
    const off = outbox.onOutboxChange((n) => seen.push(n));
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(101));
    await outbox.queueReply(answer(102));
    await settle();
    expect(seen).toEqual([1, 2]);
    expect(await outbox.pendingCount()).toBe(2);

    server((p) => {
      if (p.allTestID === 102) throw new errors.ApiError(404, '章节不存在', null, 'reply');
    });
    await outbox.flushOutbox();
    await settle();
    expect(seen).toEqual([1, 2, 1, 0]);

    off();
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(103));
    await settle();
    expect(seen).toEqual([1, 2, 1, 0]);
    expect(await outbox.pendingCount()).toBe(1);
  });
});

describe('pendingFor and onReplySent', () => {
  it("lists the signed-in learner's unsent answers of one subject (also after a reload), optionally only some questions", async () => {
    callMock.mockImplementation(offline);
    const first = await outbox.queueReply(answer(101, 'B'));
    await outbox.queueReply({ ...answer(102, 'ACD'), spendTime: 9 });
    await outbox.queueReply({ ...answer(103), appID: 4001 });
    signIn(8);
    await outbox.queueReply(answer(104));
    signIn(7);
    await settle();
    await load();
    callMock.mockImplementation(offline);
    const all = await outbox.pendingFor(3001);
    expect(all.map((p) => [p.allTestID, p.lastUserReply, p.spendTime, p.cptID])).toEqual([
      [101, 'B', 5, 11],
      [102, 'ACD', 9, 11],
    ]);
    expect(all[0]!.replyID).toBe(first);
    expect((await outbox.pendingFor(3001, [102, 999])).map((p) => p.allTestID)).toEqual([102]);
    expect((await outbox.pendingFor(4001)).map((p) => p.allTestID)).toEqual([103]);
  });

  it('tells listeners what the server answered for each sent answer; unsubscribe stops it', async () => {
    const seen: Array<[number, unknown]> = [];
    const off = outbox.onReplySent(({ params, data }) => seen.push([Number(params.allTestID), data.inBook]));
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(101));
    await outbox.queueReply(answer(102));
    await settle();
    expect(seen).toEqual([]);
    callMock.mockImplementation(async (_def: CallDef, params: Record<string, unknown>) => ({
      replyID: params.replyID,
      right: params.allTestID === 101,
      score: 1,
      answer: 'A',
      stored: true,
      inBook: params.allTestID !== 101,
    }));
    await outbox.flushOutbox();
    expect(seen).toEqual([
      [101, false],
      [102, true],
    ]);
    off();
    await outbox.queueReply(answer(103));
    await settle();
    expect(seen).toHaveLength(2);
  });
});

describe('without IndexedDB (private mode)', () => {
  it('keeps answers in memory and sends them', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await load();
    callMock.mockImplementation(offline);
    const id = await outbox.queueReply(answer(101));
    await settle();
    expect(await outbox.pendingCount()).toBe(1);
    server();
    expect(await outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(sends().at(-1)?.params.replyID).toBe(id);
  });
});

describe('startOutbox', () => {
  it("flushes now, on 'online', when the page becomes visible and every 20 s; stop ends it", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(101));
    await settle();
    expect(sends()).toHaveLength(1);

    const stop = outbox.startOutbox();
    await vi.waitFor(() => expect(sends()).toHaveLength(2)); // at start
    await settle();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sends()).toHaveLength(3));
    await settle();

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(sends()).toHaveLength(3);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(sends()).toHaveLength(4));
    await settle();

    vi.advanceTimersByTime(19_000);
    await settle();
    expect(sends()).toHaveLength(4);
    vi.advanceTimersByTime(1_000);
    await vi.waitFor(() => expect(sends()).toHaveLength(5));
    await settle();

    server();
    vi.advanceTimersByTime(20_000);
    await vi.waitFor(() => expect(sends()).toHaveLength(6));
    await settle();
    expect(await outbox.pendingCount()).toBe(0);

    stop();
    callMock.mockImplementation(offline);
    await outbox.queueReply(answer(102)); // one attempt of its own, then it waits
    await settle();
    callMock.mockClear();
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(callMock).not.toHaveBeenCalled();
  });
});

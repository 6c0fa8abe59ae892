import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';

/**
 * The practice channel's test harness (practice*.test.ts). Each test file mocks the client and the tracking
 * module itself (vi.mock is per file):
 *   vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
 *   vi.mock('../tracking', () => ({ reportError: vi.fn() }));
 */

type Outbox = typeof import('./practice');
type Errors = typeof import('../../api/errors');

/** The modules of the current page load. */
export const h = {} as { outbox: Outbox; callMock: Mock; reportMock: Mock; errors: Errors };

/** A fresh page load: new module state (memory queue, DB connection, listeners) over the same IndexedDB. */
export async function load(): Promise<void> {
  vi.resetModules();
  h.outbox = await import('./practice');
  h.callMock = vi.mocked((await import('../../api/client')).call) as unknown as Mock;
  h.reportMock = vi.mocked((await import('../tracking')).reportError) as unknown as Mock;
  h.errors = await import('../../api/errors');
  h.callMock.mockReset();
  h.reportMock.mockReset();
}

export function signIn(userID: number, guid = `${'g'.repeat(31)}${userID}`): void {
  localStorage.setItem('guid', guid);
  localStorage.setItem('userID', String(userID));
}

export const answer = (allTestID: number, lastUserReply = 'A') => ({ appID: 3001, cptID: 11, allTestID, lastUserReply, spendTime: 5 });

/** The submitReply calls made so far: [params, options]. */
export const sends = () =>
  h.callMock.mock.calls.filter(([def]) => (def as CallDef).id === 'practice.submitReply').map(([, params, opts]) => ({ params: params as Record<string, unknown>, opts }));

/** A fake server: stores each replyID once and answers replays with the stored body. */
export function server(behave: (params: Record<string, unknown>) => void = () => undefined) {
  const stored = new Map<string, Record<string, unknown>>();
  h.callMock.mockImplementation(async (_def: CallDef, params: Record<string, unknown>) => {
    behave(params);
    const id = params.replyID as string;
    if (!stored.has(id)) stored.set(id, params);
    return { replyID: id, right: true, score: 1, answer: 'A', stored: true };
  });
  return stored;
}

export const offline = () => {
  throw new h.errors.ApiError(0, '网络异常', null, 'network');
};

/** Lets background work (a queued answer's send, a trigger's run) finish. */
export const settle = () => new Promise((r) => setTimeout(r, 30));

/** Reads the raw IndexedDB rows (to check what is stored, independently of the module). */
export function rawRows(): Promise<Array<Record<string, unknown>>> {
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

/** Every test: a new IndexedDB, learner 7 signed in, a fresh page load. */
export function freshPageEachTest(): void {
  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    signIn(7);
    await load();
  });
  afterEach(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
  });
}

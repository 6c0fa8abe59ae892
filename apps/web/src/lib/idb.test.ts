import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CallDef } from '@kaoshi/contract';
import { idbStore } from './idb';

vi.mock('../api/client', async () => (await import('../test/client-mock')).clientMock());
vi.mock('./tracking', () => ({ reportError: vi.fn() }));

/** Opens a database with the raw IndexedDB API (as the hand-written wrapper before `idb` did). */
function rawOpen(name: string, version: number, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => upgrade?.(req.result);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const upgrade = (db: { createObjectStore: (n: string, o: IDBObjectStoreParameters) => unknown }) => void db.createObjectStore('s', { keyPath: 'k' });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('idbStore (on idb)', () => {
  it('reads and sends a practice outbox stored before the upgrade: same database, version, store and index', async () => {
    localStorage.setItem('guid', `${'g'.repeat(31)}7`);
    localStorage.setItem('userID', '7');
    const old = await rawOpen('kaoshi-outbox', 1, (db) => db.createObjectStore('replies', { keyPath: 'replyID' }).createIndex('userID', 'userID', { unique: false }));
    const params = { appID: 3001, cptID: 11, allTestID: 101, lastUserReply: 'A', spendTime: 5 };
    await new Promise<void>((resolve, reject) => {
      const tx = old.transaction('replies', 'readwrite');
      tx.objectStore('replies').put({ replyID: 'r'.repeat(20), userID: '7', params, queuedAt: 1000, seq: 1 });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    old.close();

    vi.resetModules();
    const outbox = await import('./outbox/practice');
    const callMock = vi.mocked((await import('../api/client')).call) as unknown as Mock;
    callMock.mockImplementation(async (_d: CallDef, p: Record<string, unknown>) => ({ replyID: p.replyID, right: true, score: 1, answer: 'A', stored: true }));
    expect(await outbox.pendingFor(3001)).toEqual([{ replyID: 'r'.repeat(20), allTestID: 101, cptID: 11, lastUserReply: 'A', spendTime: 5, queuedAt: 1000 }]);
    expect(await outbox.flushOutbox()).toEqual({ sent: 1, dropped: 0, left: 0 });
    expect(callMock.mock.calls.map(([, p]) => p)).toEqual([{ ...params, replyID: 'r'.repeat(20) }]);
  });

  it('answers null without IndexedDB, when opening throws, and when opening hangs past the timeout', async () => {
    // An upgrade blocked by another tab's connection that never closes: the open request never answers.
    const holder = await rawOpen('x', 1);
    const started = Date.now();
    expect(await idbStore({ name: 'x', version: 2, timeoutMs: 50, upgrade }).open()).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    holder.close();
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(await idbStore({ name: 'x', version: 1, timeoutMs: 1_000, upgrade }).open()).toBeNull();
    vi.stubGlobal('indexedDB', undefined);
    expect(await idbStore({ name: 'x', version: 1, timeoutMs: 1_000, upgrade }).open()).toBeNull();
  });

  it('keeps one connection, lets another tab upgrade the database (closing its own) and can be reset', async () => {
    const store = idbStore({ name: 'shared', version: 1, timeoutMs: 1_000, upgrade });
    const db = await store.open();
    expect(db).not.toBeNull();
    expect(await store.open()).toBe(db);
    await db!.put('s', { k: 1, v: 'kept' });
    expect(await db!.get('s', 1)).toEqual({ k: 1, v: 'kept' });
    // A newer version in another tab is not blocked by this connection.
    const newer = await rawOpen('shared', 2);
    expect(newer.version).toBe(2);
    newer.close();
    store.reset();
  });
});

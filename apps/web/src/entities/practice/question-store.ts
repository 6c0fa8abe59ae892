import { idbStore } from '../../lib/idb';
import type { QuestionSet } from './sources';

/**
 * The loaded question sets kept on this device, so a chapter (or study list) opened once opens again
 * after a reload while offline (docs/practice-screens.md "Offline"). IndexedDB database 'kaoshi-practice',
 * store 'sets', keyed by learner | subject | source; the newest MAX_SETS are kept and a set over
 * MAX_QUESTIONS is not stored. Without IndexedDB nothing is kept (the in-memory query cache still works).
 */

const DB_NAME = 'kaoshi-practice';
const STORE = 'sets';
const BY_TIME = 'savedAt';
export const MAX_SETS = 20;
export const MAX_QUESTIONS = 5000;
const OPEN_TIMEOUT_MS = 3_000;

interface Row {
  key: string;
  savedAt: number;
  set: QuestionSet;
}

const idb = idbStore({
  name: DB_NAME,
  version: 1,
  timeoutMs: OPEN_TIMEOUT_MS,
  upgrade: (db) => void db.createObjectStore(STORE, { keyPath: 'key' }).createIndex(BY_TIME, 'savedAt', { unique: false }),
});
const openDb = idb.open;

/** The storage key of a learner's set. */
export const setKey = (userID: string, appID: number, source: string): string => `${userID}|${appID}|${source}`;

/** Keeps the set (replacing an older copy), then drops the oldest beyond MAX_SETS. Never throws. */
export async function saveSet(key: string, set: QuestionSet, now: number = Date.now()): Promise<boolean> {
  if (set.list.length === 0 || set.list.length > MAX_QUESTIONS) return false;
  try {
    const db = await openDb();
    if (!db) return false;
    const { offline: _offline, ...plain } = set;
    await db.put(STORE, { key, savedAt: now, set: plain } satisfies Row);
    const keys = (await db.getAllKeysFromIndex(STORE, BY_TIME)) as string[];
    const old = keys.slice(0, Math.max(0, keys.length - MAX_SETS));
    if (old.length > 0) {
      const tx = db.transaction(STORE, 'readwrite');
      await Promise.all([...old.map((k) => tx.store.delete(k)), tx.done]);
    }
    return true;
  } catch {
    return false;
  }
}

/** The kept copy of a set, or null. Never throws. */
export async function loadSet(key: string): Promise<QuestionSet | null> {
  try {
    const db = await openDb();
    if (!db) return null;
    const row = (await db.get(STORE, key)) as Row | undefined;
    return row?.set ?? null;
  } catch {
    return null;
  }
}

/** How many sets are kept on this device (/abnormal_repair, /currency). Never throws: 0 when unreadable. */
export async function countSets(): Promise<number> {
  try {
    const db = await openDb();
    if (!db) return 0;
    return await db.count(STORE);
  } catch {
    return 0;
  }
}

/** Drops every kept set (清理缓存): they are loaded again from the server when opened. Never throws. */
export async function clearSets(): Promise<void> {
  try {
    const db = await openDb();
    if (db) await db.clear(STORE);
  } catch {
    /* nothing kept, or unreadable */
  }
}

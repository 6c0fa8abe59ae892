import { isApiError } from '../../api/errors';
import { idbStore } from '../idb';

/**
 * The outbox engine shared by the practice channel (practice.ts: one submitReply per answer) and the exam
 * channel (exam.ts: addSimulationReplys batches). An entry is written before anything is sent: to IndexedDB
 * (one database per channel, keyed by replyID, with one index), or — when IndexedDB is missing, fails or
 * hangs, or a write fails (quota) — to memory, where it lives only as long as the page. Reads merge both.
 * The server stores each replyID once, so sending an entry again is always safe.
 */

/** What every queued entry carries. */
export interface OutboxEntry {
  replyID: string;
  /** The learner who answered ('' when nobody was signed in: never sent). */
  userID: string;
  /** Date.now() when queued, then `seq` (order within one page load): oldest first. */
  queuedAt: number;
  seq: number;
}

/** Opening IndexedDB can hang (a blocked upgrade, some WebViews): after this, use memory. */
const OPEN_TIMEOUT_MS = 5_000;

export interface EntryQueue<E extends OutboxEntry> {
  /** Stores the entry durably (IndexedDB, else memory). */
  put(e: E): Promise<void>;
  /** Removes entries (memory and IndexedDB); one left behind is sent again later, which the server ignores. */
  remove(replyIDs: readonly string[]): Promise<void>;
  /** The entries whose index field equals `key`, oldest first (IndexedDB and memory). */
  byIndex(key: E[keyof E] & IDBValidKey): Promise<E[]>;
  /** Every entry, oldest first (IndexedDB and memory): what /abnormal_repair counts across a channel's index. */
  all(): Promise<E[]>;
  /** The next page-load order number. */
  nextSeq(): number;
}

/** A channel's queue: database `name`, store `store` keyed by replyID, one non-unique index on `index`. */
export function entryQueue<E extends OutboxEntry>(opts: { name: string; store: string; index: keyof E & string }): EntryQueue<E> {
  const memory = new Map<string, E>();
  let seq = 0;
  const { store, index } = opts;
  const idb = idbStore({
    name: opts.name,
    version: 1,
    timeoutMs: OPEN_TIMEOUT_MS,
    upgrade: (db) => {
      if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath: 'replyID' }).createIndex(index, index, { unique: false });
    },
  });

  return {
    async put(e) {
      try {
        const db = await idb.open();
        if (db) {
          await db.put(store, e); // resolves once the transaction committed
          return;
        }
      } catch {
        /* fall through to memory */
      }
      memory.set(e.replyID, e);
    },

    async remove(ids) {
      for (const id of ids) memory.delete(id);
      try {
        const db = await idb.open();
        if (db) {
          const tx = db.transaction(store, 'readwrite');
          await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
        }
      } catch {
        /* left in IndexedDB: sent again later, and the server answers the replay with the stored result */
      }
    },

    async byIndex(key) {
      const all = new Map<string, E>();
      try {
        const db = await idb.open();
        if (db) for (const r of (await db.getAllFromIndex(store, index, IDBKeyRange.only(key))) as E[]) all.set(r.replyID, r);
      } catch {
        /* unreadable: only the memory entries */
      }
      for (const e of memory.values()) if (e[index] === key) all.set(e.replyID, e);
      return [...all.values()].sort((a, b) => a.queuedAt - b.queuedAt || a.seq - b.seq);
    },

    async all() {
      const all = new Map<string, E>();
      try {
        const db = await idb.open();
        if (db) for (const r of (await db.getAll(store)) as E[]) all.set(r.replyID, r);
      } catch {
        /* unreadable: only the memory entries */
      }
      for (const e of memory.values()) all.set(e.replyID, e);
      return [...all.values()].sort((a, b) => a.queuedAt - b.queuedAt || a.seq - b.seq);
    },

    nextSeq: () => (seq += 1),
  };
}

/** A new idempotency key: a UUID (36 chars), else 32 random hex chars; both fit /^[A-Za-z0-9_-]{16,64}$/. */
export function newReplyID(): string {
  const c = typeof crypto === 'undefined' ? undefined : crypto;
  try {
    if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  } catch {
    /* insecure context: randomUUID is missing or throws */
  }
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Body statuses that may succeed later: keep the entry. */
const KEEP_4XX = new Set([401, 408, 429]);

/**
 * Whether the server refused a send for good: a body status 4xx other than 401/408/429 (HTTP is always 200
 * from our server; an HTTP error is a proxy's). Network errors, timeouts, 5xx and those three keep the entry.
 */
export function refusedForGood(err: unknown): err is { status: number; msg: string } {
  return isApiError(err) && err.kind === 'reply' && err.status >= 400 && err.status < 500 && !KEEP_4XX.has(err.status);
}

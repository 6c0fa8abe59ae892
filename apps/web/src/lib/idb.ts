import { openDB, type IDBPDatabase } from 'idb';

/**
 * One IndexedDB database holding one object store, opened lazily with `idb` (promises over IndexedDB) and shared by
 * a module (the outbox channels, the kept question sets). `open()` answers null when IndexedDB is missing, fails or
 * hangs past the timeout, so callers fall back (memory, or nothing kept). The connection is dropped when another tab
 * upgrades the database or the browser closes it, and reopened on the next use. Callers use idb's calls on the
 * database (`db.put(store, row)` resolves once its transaction committed; a transaction of several writes awaits
 * `tx.done`).
 */
export type IdbDatabase = IDBPDatabase;

export interface IdbStore {
  open(): Promise<IdbDatabase | null>;
  /** Closes and forgets the connection (tests: a fresh page load). */
  reset(): void;
}

export function idbStore(opts: { name: string; version: number; timeoutMs: number; upgrade: (db: IdbDatabase) => void }): IdbStore {
  let dbPromise: Promise<IdbDatabase | null> | null = null;

  function open(): Promise<IdbDatabase | null> {
    if (dbPromise) return dbPromise;
    const opening = new Promise<IdbDatabase | null>((resolve) => {
      let settled = false;
      const done = (db: IdbDatabase | null) => {
        if (settled) return void db?.close();
        settled = true;
        clearTimeout(timer);
        resolve(db);
      };
      const timer = setTimeout(() => done(null), opts.timeoutMs);
      const forget = () => {
        if (dbPromise === opening) dbPromise = null;
      };
      try {
        if (typeof indexedDB === 'undefined' || !indexedDB) return done(null);
        openDB(opts.name, opts.version, {
          upgrade: (db) => opts.upgrade(db),
          // Another tab opens a newer version: let it, and open again on the next use.
          blocking: (_current, _blocked, event) => {
            (event.target as IDBDatabase).close();
            forget();
          },
          terminated: forget,
          // An older connection elsewhere holds the database (`blocked`): wait, bounded by the timeout.
        })
          .then(done)
          .catch(() => done(null));
      } catch {
        // Opening can throw at once (private browsing in some browsers, a sandboxed frame).
        done(null);
      }
    });
    dbPromise = opening;
    return opening;
  }

  function reset(): void {
    void dbPromise?.then((db) => db?.close());
    dbPromise = null;
  }

  return { open, reset };
}

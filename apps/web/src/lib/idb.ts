/**
 * One IndexedDB database holding one object store, opened lazily and shared by a module (the answers outbox,
 * the exam replies queue, the kept question sets). `open()` answers null when IndexedDB is missing, fails or
 * hangs past the timeout, so callers fall back (memory, or nothing kept). The connection is dropped when another
 * tab upgrades the database or the browser closes it, and reopened on the next use.
 */
export interface IdbStore {
  open(): Promise<IDBDatabase | null>;
  /**
   * Runs one transaction on the store; resolves with the request's result once the transaction committed
   * (a write is durable only then), rejects when it failed or aborted.
   */
  run<T>(db: IDBDatabase, mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined>;
  /** Closes and forgets the connection (tests: a fresh page load). */
  reset(): void;
}

export function idbStore(opts: { name: string; version: number; store: string; timeoutMs: number; upgrade: (db: IDBDatabase) => void }): IdbStore {
  let dbPromise: Promise<IDBDatabase | null> | null = null;

  function open(): Promise<IDBDatabase | null> {
    if (dbPromise) return dbPromise;
    dbPromise = new Promise<IDBDatabase | null>((resolve) => {
      let settled = false;
      const done = (db: IDBDatabase | null) => {
        if (settled) return void db?.close();
        settled = true;
        clearTimeout(timer);
        resolve(db);
      };
      const timer = setTimeout(() => done(null), opts.timeoutMs);
      try {
        if (typeof indexedDB === 'undefined' || !indexedDB) return done(null);
        const req = indexedDB.open(opts.name, opts.version);
        req.onupgradeneeded = () => opts.upgrade(req.result);
        req.onsuccess = () => {
          const db = req.result;
          db.onversionchange = () => {
            db.close();
            dbPromise = null;
          };
          db.onclose = () => {
            dbPromise = null;
          };
          done(db);
        };
        req.onerror = () => done(null);
        req.onblocked = () => undefined; // wait (bounded by the timeout)
      } catch {
        done(null);
      }
    });
    return dbPromise;
  }

  function run<T>(db: IDBDatabase, mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
    return new Promise((resolve, reject) => {
      const t = db.transaction(opts.store, mode);
      const req = body(t.objectStore(opts.store));
      let result: T | undefined;
      if (req) req.onsuccess = () => (result = req.result);
      t.oncomplete = () => resolve(result);
      t.onerror = () => reject(t.error ?? new Error('IndexedDB error'));
      t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'));
    });
  }

  function reset(): void {
    void dbPromise?.then((db) => db?.close());
    dbPromise = null;
  }

  return { open, run, reset };
}

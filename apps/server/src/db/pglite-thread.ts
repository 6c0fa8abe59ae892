import { Worker } from 'node:worker_threads';

/** Messages to the database thread (db/pglite-worker.mjs). */
export type ToWorker =
  | { op: 'query'; id: number; tx?: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; identityTypes?: number[] }
  | { op: 'begin'; id: number; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'close'; id: number };

export interface WireError {
  message: string;
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
  severity?: string;
}

export interface WireResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type FromWorker = { id: number; result: WireResult | null } | { id: number; error: WireError } | { notify: string; payload: string } | { ready: true };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId: number) => unknown> };

/**
 * Parsers drizzle passes are identity functions for date and interval types (it parses dates itself); functions
 * cannot cross threads, so their type ids go instead, and the worker applies the identity. Anything else is refused.
 */
function identityTypes(options?: QueryOptions): number[] | undefined {
  if (!options?.parsers) return undefined;
  const types = Object.keys(options.parsers).map(Number);
  for (const t of types)
    if (options.parsers[t]!('2026-01-01 00:00:00', t) !== '2026-01-01 00:00:00') throw new Error(`PGlite thread: only identity parsers cross threads (type ${t})`);
  return types;
}

const toError = (e: WireError) => Object.assign(new Error(e.message), e);

/** What drizzle's PGlite driver and our LISTEN use of a PGlite client: query, transaction, listen, close. */
export interface PgliteLike {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<WireResult>;
  transaction<T>(fn: (tx: { query: PgliteLike['query'] }) => Promise<T>): Promise<T>;
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PGlite on a worker thread, behind the subset of its client API the server uses (drizzle's PGlite driver calls
 * `query` and `transaction`; the cache bus calls `listen`). Queries, transactions and notifications keep PGlite's
 * own semantics: the worker runs them on one PGlite instance in the order they arrive.
 */
export async function startPgliteThread(dataDir: string | undefined): Promise<PgliteLike> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (r: WireResult | null) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let nextTx = 1;
  let failed: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FromWorker) => {
      if ('ready' in m) return resolve();
      if ('notify' in m) {
        for (const cb of listeners.get(m.notify) ?? []) cb(m.payload);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if ('error' in m) p.reject(toError(m.error));
      else p.resolve(m.result);
    });
    worker.on('error', (err) => {
      failed = err;
      reject(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
  });
  await ready;

  const send = (m: ToWorker & { id: number }) =>
    new Promise<WireResult | null>((resolve, reject) => {
      if (failed) return reject(failed);
      pending.set(m.id, { resolve, reject });
      worker.postMessage(m);
    });
  const query = (tx: number | undefined) => async (sql: string, params?: unknown[], options?: QueryOptions) =>
    (await send({ op: 'query', id: nextId++, tx, sql, params, rowMode: options?.rowMode, identityTypes: identityTypes(options) }))!;

  return {
    query: query(undefined),
    async transaction(fn) {
      const tx = nextTx++;
      await send({ op: 'begin', id: nextId++, tx });
      // The worker answers id -tx when the transaction has ended (committed, or rolled back).
      const ended = new Promise<WireResult | null>((resolve, reject) => pending.set(-tx, { resolve, reject }));
      let value: Awaited<ReturnType<typeof fn>>;
      try {
        value = await fn({ query: query(tx) });
      } catch (err) {
        worker.postMessage({ op: 'end', tx, commit: false } satisfies ToWorker);
        await ended.catch(() => undefined);
        throw err;
      }
      worker.postMessage({ op: 'end', tx, commit: true } satisfies ToWorker);
      await ended;
      return value;
    },
    async listen(channel, cb) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(cb);
      if (set.size === 1) await send({ op: 'listen', id: nextId++, channel });
      return async () => void set.delete(cb);
    },
    async close() {
      await send({ op: 'close', id: nextId++ });
      await worker.terminate();
    },
  };
}

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { startPgliteThread, type PgliteLike } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export { schema };

/** The drizzle instance every store receives; the same type for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Listen to a notification channel (LISTEN/NOTIFY) on a connection of its own. `onMessage` gets each payload;
 * `onState(false)` runs when the connection is lost (notifications are being missed), `onState(true)` when it
 * listens again. Resolves once listening; the result stops it.
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  listen: Listen;
  /** Apply every pending migration of src/db/migrations. */
  migrate(): Promise<void>;
  /**
   * Run `work` (the start's migrate and seed) while no other process does: on PostgreSQL under a session advisory
   * lock (START_LOCK_KEY) held on a connection of its own and released after; PGlite is one process, `work` just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's clients now (the metrics' kaoshi_db_pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock key processes starting on one PostgreSQL database take around migrate and seed ('kaoshi:1'). */
export const START_LOCK_KEY = 0x6b616f_01;

/** Wrap an open PGlite client (file, memory or a clone), in this thread or on its own (PGLITE_THREAD=worker). */
export function fromPglite(client: PGlite | PgliteLike): DatabaseHandle {
  // drizzle's PGlite driver uses only query() and transaction(), which the thread client (db/pglite-thread.ts) has too.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One connection: a notification reaches the callbacks before the query that sent it resolves.
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

/** Wrap a PostgreSQL pool. */
export function fromPool(pool: pg.Pool): DatabaseHandle {
  // An idle client dropped by the server (restart, failover): the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL idle client error: ${err.message}`));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    listen: (channel, onMessage, onState) => listenOnPool(pool, channel, onMessage, onState),
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    exclusive: (work) => underAdvisoryLock(pool, work),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * `work` under the start lock: a session lock on a client kept out of the pool meanwhile (a second process waits in
 * pg_advisory_lock until the first is done, then finds the migrations applied and the seed in place). The lock goes
 * with the session if this process dies.
 */
async function underAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // Kept for the pool only when unlocked cleanly; otherwise closed, and its session (so the lock) ends with it.
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await work();
    } finally {
      unlocked = await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]).then(
        () => true,
        () => false,
      );
    }
  } finally {
    client.release(!unlocked);
  }
}

/**
 * LISTEN on a client taken from the pool and kept (the pool is sized one larger for it). When the connection
 * fails, `onState(false)` runs, it is replaced after a pause (1 s, doubling to 30 s) and `onState(true)` runs once
 * listening again.
 */
async function listenOnPool(pool: pg.Pool, channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('Invalid LISTEN channel name');
  let stopped = false;
  let client: pg.PoolClient | undefined;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {
      if (client !== c) return;
      client = undefined;
      c.release(true);
      if (stopped) return;
      onState(false);
      setTimeout(retry, delay).unref();
    });
    await c.query(`LISTEN ${channel}`);
    client = c;
    delay = 1000;
  };
  const retry = () => {
    if (stopped) return;
    connect().then(
      () => onState(true),
      () => {
        delay = Math.min(delay * 2, 30_000);
        setTimeout(retry, delay).unref();
      },
    );
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = undefined;
    if (c) {
      await c.query(`UNLISTEN ${channel}`).catch(() => undefined);
      c.release();
    }
  };
}

/**
 * The embedded database's folder: `DATA_DIR/db`, apart from the media, uploads and live folders beside it under
 * DATA_DIR. A DATA_DIR that holds a database itself (PG_VERSION: made before the folders moved under DATA_DIR) is
 * used as it is.
 */
export function pgliteDir(dataDir: string): string {
  return existsSync(join(dataDir, 'PG_VERSION')) ? dataDir : join(dataDir, 'db');
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db ('memory://' for an in-memory database). */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'PGLITE_THREAD'>>): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    // 10 connections for queries, one kept for LISTEN (cache invalidation).
    return fromPool(new pg.Pool({ connectionString: config.DATABASE_URL, max: 11 }));
  }
  const inMemory = config.DATA_DIR.startsWith('memory://');
  const dir = inMemory ? undefined : pgliteDir(config.DATA_DIR);
  if (dir) mkdirSync(dir, { recursive: true });
  if (config.PGLITE_THREAD === 'worker') return fromPglite(await startPgliteThread(dir));
  const client = await PGlite.create(dir);
  return fromPglite(client);
}

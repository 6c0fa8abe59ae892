import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';

export { schema };

/** The drizzle instance every store receives; the same type for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Apply every pending migration of src/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Wrap an open PGlite client (file, memory or a clone). */
export function fromPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
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
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR ('memory://' for an in-memory database). */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return fromPool(new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 }));
  }
  const inMemory = config.DATA_DIR.startsWith('memory://');
  if (!inMemory) mkdirSync(config.DATA_DIR, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : config.DATA_DIR);
  return fromPglite(client);
}

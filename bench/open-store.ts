// Opening a bench's database from the bench's own process (setup before the server starts, checks after it stopped),
// as the import CLI does: a PGlite data directory or PostgreSQL (lib.ts `Store`).
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/index.ts';
import type { Store } from './lib.ts';

export const openStore = (store: Store): Promise<DatabaseHandle> =>
  openDatabase(store.kind === 'pglite' ? { DATA_DIR: store.dataDir, DATABASE_URL: undefined } : { DATA_DIR: '', DATABASE_URL: store.url });

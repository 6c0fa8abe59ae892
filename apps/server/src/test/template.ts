import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, MIGRATIONS_DIR } from '../db/index.ts';
import { CONTENT_DIR, seed } from '../seed/seed.ts';

/** A fixed instant the test clocks start from (the seed's created_at too). */
export const TEST_EPOCH = Date.parse('2026-03-02T02:00:00.000Z');

/** Identifies the template's contents: the migrations, the seed (with the question importer) and every demo content file. */
export function templateKey(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) if (f.endsWith('.sql')) h.update(readFileSync(join(MIGRATIONS_DIR, f)));
  h.update(readFileSync(new URL('../seed/seed.ts', import.meta.url)));
  h.update(readFileSync(new URL('../seed/seed-catalog.ts', import.meta.url)));
  h.update(readFileSync(new URL('../seed/seed-subject.ts', import.meta.url)));
  h.update(readFileSync(new URL('../seed/seed-questions.ts', import.meta.url)));
  h.update(readFileSync(new URL('../seed/seed-papers.ts', import.meta.url)));
  h.update(readFileSync(new URL('../seed/seed-messages.ts', import.meta.url)));
  for (const f of ['importer.ts', 'store.ts', 'validate.ts']) h.update(readFileSync(new URL(`../modules/questions/${f}`, import.meta.url)));
  for (const f of ['store.ts', 'validate.ts']) h.update(readFileSync(new URL(`../modules/papers/${f}`, import.meta.url)));
  // Every demo file, question banks and their images included (path and content).
  for (const f of readdirSync(CONTENT_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const p = join(CONTENT_DIR, f);
    if (!statSync(p).isFile()) continue;
    h.update(f);
    h.update(readFileSync(p));
  }
  return h.digest('hex').slice(0, 16);
}

/** An in-memory PGlite with every migration applied and the demo seed loaded, dumped as a tarball. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  const handle = fromPglite(client);
  await handle.migrate();
  await seed(handle.db, TEST_EPOCH);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

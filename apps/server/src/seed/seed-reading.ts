import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bankOrigin } from '../modules/questions/index.ts';
import { importReading, readingProblemLines, readingSummary } from '../modules/reading/index.ts';
import type { Database } from '../db/index.ts';

/**
 * Imports the demo reading content: every folder content/demo/reading/<appID>/ through the same importer as
 * `npm run import` (docs/reading.md), after the subject's demo bank. Re-running updates in place (learners' positions,
 * marks and card schedules stay). A subject whose bank came from `npm run import` is left alone.
 */
export async function seedReading(db: Database, dir: string, now: number): Promise<string[]> {
  const root = join(dir, 'reading');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const folder of readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const where = `content/demo/reading/${folder}`;
    if (!/^\d+$/.test(folder)) throw new Error(`${where}: a reading folder must be named by its subject's appID`);
    const origin = await bankOrigin(db, Number(folder));
    if (origin !== 'demo') {
      out.push(`${folder}: reading skipped (${origin === 'import' ? 'its bank was imported with npm run import' : 'no demo bank'})`);
      continue;
    }
    const result = await importReading(db, Number(folder), join(root, folder), new Date(now));
    if (!result.ok) throw new Error(`${where}: the demo reading content has ${result.problems.length} problem(s):\n${readingProblemLines(result.problems, where).join('\n')}`);
    out.push(readingSummary(result));
  }
  return out;
}

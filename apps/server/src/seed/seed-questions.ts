import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bankOrigin, importBank, imagesIn, problemLines, summary } from '../modules/questions/index.ts';
import type { Database } from '../db/index.ts';

/**
 * Imports the demo question banks: every folder content/demo/questions/<appID>/ (all its *.json files
 * together, images from its images/ folder) through the same importer as `npm run import`. Idempotent:
 * an unchanged bank writes nothing new. A bank with a problem fails the seed with every problem listed.
 * Red dots are left to module-updates.json (a restart must not light them). A subject whose bank was
 * written by `npm run import` is skipped: the demo never replaces a real bank. Returns one summary per bank.
 */
export async function seedQuestions(db: Database, dir: string, now: number): Promise<string[]> {
  const root = join(dir, 'questions');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const where = `content/demo/questions/${folder}`;
    if (!/^\d+$/.test(folder)) throw new Error(`${where}: a question bank folder must be named by its subject's appID`);
    const path = join(root, folder);
    const names = readdirSync(path)
      .filter((f) => f.endsWith('.json'))
      .sort();
    if (names.length === 0) continue;
    const files = names.map((f) => {
      try {
        return { name: `${where}/${f}`, data: JSON.parse(readFileSync(join(path, f), 'utf8')) as unknown };
      } catch (err) {
        throw new Error(`${where}/${f}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
      }
    });
    for (const f of files) {
      const appID = (f.data as { appID?: unknown } | null)?.appID;
      if (appID !== Number(folder)) throw new Error(`${f.name}: appID ${String(appID)} does not match its folder ${folder} (科目编号与文件夹不一致)`);
    }
    if ((await bankOrigin(db, Number(folder))) === 'import') {
      out.push(`${folder}: skipped (its bank was imported with npm run import)`);
      continue;
    }
    const result = await importBank(db, files, imagesIn([join(path, 'images')]), { now: new Date(now), markUpdated: false, origin: 'demo' });
    if (!result.ok) {
      throw new Error(`${where}: the demo question bank has ${result.problems.length} problem(s); fix the files:\n${problemLines(result.problems).join('\n')}`);
    }
    out.push(summary(result));
  }
  return out;
}

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { validateBank } from './validate.ts';

/**
 * Checks bank files without a database: `npx tsx apps/server/src/modules/questions/check-bank.ts <file.json>...`
 * Images are looked up in an `images/` folder beside each file. Prints every problem, or the counts by type.
 */
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: check-bank <file.json>...');
  process.exit(2);
}
const dirs = files.map((f) => join(dirname(f), 'images'));
const result = validateBank(
  files.map((f) => ({ name: f, data: JSON.parse(readFileSync(f, 'utf8')) as unknown })),
  (name) => dirs.some((d) => existsSync(join(d, name))),
);
if (!result.ok) {
  for (const p of result.problems) console.log(`${p.file} ${p.at}: ${p.message}`);
  console.log(`${result.problems.length} problem(s)`);
  process.exit(1);
}
const byType = new Map<string, number>();
for (const q of result.bank.questions) byType.set(q.type, (byType.get(q.type) ?? 0) + 1);
console.log(
  `ok: subject ${result.bank.appID}, ${result.bank.questions.length} questions, ${result.bank.groups.length} groups, ${result.bank.chapters.length} chapters, ${result.bank.knowledgePoints.length} knowledge points, ${result.bank.images.length} images`,
);
console.log([...byType].map(([t, n]) => `${t} ${n}`).join(', '));

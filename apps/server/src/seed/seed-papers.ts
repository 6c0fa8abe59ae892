import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPaperFile, paperOperations, materialise, setRecipes } from '../modules/papers/index.ts';
import type { Database } from '../db/index.ts';

/** The recipes of tagged paper sets in a subject's folder (docs/test-modes.md §1.8), not a paper file. */
export const SETS_FILE = 'sets.json';

/** Where problems go: the server log (stderr) unless a caller collects them. */
export type PaperLog = (line: string) => void;
const toLog: PaperLog = (line) => console.warn(line);

/**
 * Loads the demo papers (docs/papers.md): every content/demo/papers/<appID>/*.json, after the question banks.
 * Each file is validated against the schema and the subject's bank; a file with problems is refused (every
 * problem logged as `<file> <path>: <message>`) and the other papers still load. Papers are written by
 * (appID, code): re-seeding updates them in place and leaves identical ones alone; a tagged set already drawn
 * stays as it is (seedPapers' sets step: drawn once); a refused file leaves the paper of its code as it was; a paper whose code has no file any more is marked retired (never deleted). A subject whose bank was written by `npm run import` is skipped (the demo papers name the
 * demo bank's questions). Returns one summary line per subject folder.
 *
 * `extraRoot` (config EXTRA_PAPERS_DIR, e.g. the browser journeys' e2e/papers) holds more `<appID>/*.json` files
 * that are loaded as if they were in the demo folder of their subject (same checks, one code space).
 */
export async function seedPapers(db: Database, dir: string, now: number, log: PaperLog = toLog, extraRoot?: string): Promise<string[]> {
  const roots = [join(dir, 'papers'), ...(extraRoot ? [extraRoot] : [])].filter((r) => existsSync(r));
  if (roots.length === 0) return [];
  const store = paperOperations(db);
  const out: string[] = [];
  const folders = [
    ...new Set(
      roots.flatMap((r) =>
        readdirSync(r, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name),
      ),
    ),
  ].sort();
  for (const folder of folders) {
    const where = `content/demo/papers/${folder}`;
    if (!/^\d+$/.test(folder)) {
      log(`${where}: a paper folder must be named by its subject's appID; skipped`);
      continue;
    }
    const appId = Number(folder);
    /** Every paper file of the subject: the demo folder's first, then the extra root's, each sorted by name. */
    const files = roots.flatMap((r, i) =>
      existsSync(join(r, folder))
        ? readdirSync(join(r, folder))
            .filter((f) => f.endsWith('.json') && f !== SETS_FILE)
            .sort()
            .map((name) => ({ path: join(r, folder, name), shown: i === 0 ? `${where}/${name}` : join(r, folder, name) }))
        : [],
    );
    if (files.length === 0 && !existsSync(join(dir, 'papers', folder, SETS_FILE))) continue;
    if (!(await store.subjectExists(appId))) {
      log(`${where}: no subject ${appId}; its ${files.length} paper(s) were not loaded`);
      continue;
    }
    if ((await store.bankOrigin(appId)) === 'import') {
      out.push(`${appId}: skipped (its bank was imported with npm run import; the demo papers name the demo bank)`);
      continue;
    }
    const bank = await store.bank(appId);
    const groups = await store.groupExtIds(appId);
    const counts = { added: 0, updated: 0, unchanged: 0, refused: 0 };
    /** Codes that have a file (loaded or refused): only papers without one are retired. */
    const codes = new Set<string>();
    for (const { path, shown: file } of files) {
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(path, 'utf8'));
      } catch (err) {
        log(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)}); paper refused`);
        counts.refused++;
        continue;
      }
      const code = (data as { code?: unknown } | null)?.code;
      const result = checkPaperFile(data, appId, bank, groups);
      if (typeof code === 'string' && result.ok && codes.has(result.paper.code)) {
        log(`${file} code: another file of subject ${appId} already has code ${result.paper.code}; paper refused`);
        counts.refused++;
        continue;
      }
      if (typeof code === 'string') codes.add(code.trim());
      if (!result.ok) {
        log(`${file}: ${result.problems.length} problem(s); paper refused`);
        for (const p of result.problems) log(`${file} ${p.path}: ${p.message}`);
        counts.refused++;
        continue;
      }
      counts[await store.upsert(result.paper, new Date(now))]++;
    }
    // Tagged sets: materialised from their recipes after the files, so the template paper is in place.
    const setsPath = join(dir, 'papers', folder, SETS_FILE);
    if (existsSync(setsPath)) {
      const shown = `${where}/${SETS_FILE}`;
      let recipes: ReturnType<typeof setRecipes.parse> = [];
      try {
        const parsed = setRecipes.safeParse(JSON.parse(readFileSync(setsPath, 'utf8')));
        if (parsed.success) recipes = parsed.data;
        else log(`${shown}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}; sets refused`);
      } catch (err) {
        log(`${shown}: not valid JSON (${err instanceof Error ? err.message : String(err)}); sets refused`);
      }
      if (recipes.length) {
        const [pool, mocks] = await Promise.all([store.setPool(appId), store.list(appId, 'mock')]);
        const template = mocks.filter((p) => !p.tag).sort((a, b) => a.id - b.id)[0];
        const inUse = new Set(pool.map((q) => q.id));
        for (const r of recipes) {
          if (codes.has(r.code)) {
            log(`${shown} ${r.code}: a paper file already has this code; set refused`);
            counts.refused++;
            continue;
          }
          codes.add(r.code);
          // A set is drawn once: a re-seed (every start) keeps a published one while its recipe's name and tag
          // are the same and its questions are still in use, even when the bank grew (new questions, quiz cards).
          const made = mocks.find((p) => p.code === r.code);
          if (made && made.name === r.name && made.tag === r.tag && made.sections.every((sec) => sec.questions.every((id) => inUse.has(id)))) {
            counts.unchanged++;
            continue;
          }
          const paper = materialise(appId, r, pool, template);
          if (!paper) {
            log(`${shown} ${r.code}: no question of the bank fits rule ${r.rule}; set not made`);
            counts.refused++;
            continue;
          }
          counts[await store.upsert(paper, new Date(now))]++;
        }
      }
    }
    const retired = await store.retireOthers(appId, [...codes], new Date(now));
    out.push(`${appId}: ${counts.added} new, ${counts.updated} updated, ${counts.unchanged} unchanged, ${retired} retired, ${counts.refused} refused`);
  }
  return out;
}

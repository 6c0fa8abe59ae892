import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrateAndSeed } from '../seed/seed.ts';
import { importFiles, problemLines, summary, type FileOptions } from '../modules/questions/index.ts';
import { importReading, readingProblemLines, readingSummary } from '../modules/reading/index.ts';
import { runIfEntry } from './run.ts';

const USAGE = `usage: npm run import -- <bank.json|bank.csv>... [--app <appID>] [--chapters chapters.csv] [--points points.csv] [--reading <folder>]
  All files make one subject's bank. Images are read from an images/ folder beside each file.
  CSV banks need --app and --chapters (code,name,parent); --points (code,name) is optional.
  Reading content (handouts, knowledge points, cards, daily notes: docs/reading.md) is read from --reading, or from a
  reading/ folder beside the first file, after the bank; with a problem in it the bank stays imported and the reading
  content is left as it was.
  Database: DATA_DIR / DATABASE_URL as for the server (migrations and the seed run first).`;

/** Parses the command line; undefined when it is wrong (usage printed). */
export function parseArgs(argv: string[]): { files: string[]; opts: FileOptions & { reading?: string } } | { error: string } {
  const files: string[] = [];
  const opts: FileOptions & { reading?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    try {
      if (a === '--app') {
        const v = value();
        if (!/^\d{1,9}$/.test(v)) return { error: `--app must be a subject number, got ${v}` };
        opts.appId = Number(v);
      } else if (a === '--chapters') opts.chapters = value();
      else if (a === '--points') opts.points = value();
      else if (a === '--reading') opts.reading = value();
      else if (a === '--help' || a === '-h') return { error: '' };
      else if (a.startsWith('--')) return { error: `unknown option ${a}` };
      else files.push(a);
    } catch (err) {
      return { error: (err as Error).message };
    }
  }
  if (files.length === 0) return { error: 'no bank file given' };
  return { files, opts };
}

/** The command: returns the exit code (0 imported, 1 problems, 2 usage). Output goes to `out`/`err`. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  const args = parseArgs(argv);
  if ('error' in args) {
    if (args.error) err(args.error);
    err(USAGE);
    return 2;
  }
  // `npm run import` runs in apps/server; file names are meant from where the command was typed.
  const base = env.INIT_CWD ?? process.cwd();
  const at = (p: string) => resolve(base, p);
  const files = args.files.map(at);
  const { reading: readingArg, ...fileOpts } = args.opts;
  const opts: FileOptions = {
    ...fileOpts,
    ...(args.opts.chapters ? { chapters: at(args.opts.chapters) } : {}),
    ...(args.opts.points ? { points: at(args.opts.points) } : {}),
  };
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    await migrateAndSeed(database);
    const result = await importFiles(database.db, files, opts);
    if (!result.ok) {
      for (const line of problemLines(result.problems.map((p) => ({ ...p, file: p.file && relative(base, p.file) })))) err(line);
      err(`${result.problems.length} problem(s); nothing was imported`);
      return 1;
    }
    out(summary(result));
    const readingDir = readingArg ? at(readingArg) : join(dirname(files[0]!), 'reading');
    if (!readingArg && !existsSync(readingDir)) return 0;
    const reading = await importReading(database.db, result.appId, readingDir, new Date());
    if (!reading.ok) {
      for (const line of readingProblemLines(reading.problems, relative(base, readingDir))) err(line);
      err(`${reading.problems.length} reading problem(s); the bank was imported, its reading content was left as it was`);
      return 1;
    }
    out(readingSummary(reading));
    return 0;
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'import', (argv) => main(argv));

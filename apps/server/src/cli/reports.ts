import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { excerptOf, listQuestionReports, resolveQuestionReport, type ReportFilter } from '../modules/study/index.ts';
import { listVideoReports, resolveVideoReport } from '../modules/video/index.ts';
import { listReadingReports, resolveReadingReport, TARGET_NAMES } from '../modules/reading/index.ts';
import { maskPhone } from '../platform/crypto.ts';
import { runIfEntry } from './run.ts';
import { chinaMinute } from '../platform/china-time.ts';

const USAGE = `usage: npm run reports -- [--video|--reading] [--status open|resolved|all] [--app <appID>]
       npm run reports -- [--video|--reading] --resolve <reportID> --reply "<text>"
  Lists learners' question reports (试题纠错), or with --video their video reports (/videoFeedback), or with --reading
  their reports on handouts, knowledge points, cards and daily notes (/knowledgeFeedback), oldest first (default:
  --status open, every subject), or resolves one: the learner then sees it as resolved with the reply.
  Database: DATA_DIR / DATABASE_URL as for the server.`;

export type ReportsArgs = ({ kind: 'list'; filter: ReportFilter } | { kind: 'resolve'; id: number; reply: string }) & { video?: true; reading?: true };

/** Parses the command line; `{error}` when it is wrong ('' for --help). */
export function parseReportsArgs(argv: string[]): ReportsArgs | { error: string } {
  let status: string | undefined;
  let appId: number | undefined;
  let resolve: number | undefined;
  let reply: string | undefined;
  let video: true | undefined;
  let reading: true | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    try {
      if (a === '--status') status = value();
      else if (a === '--app') {
        const v = value();
        if (!/^\d{1,9}$/.test(v)) return { error: `--app must be a subject number, got ${v}` };
        appId = Number(v);
      } else if (a === '--resolve') {
        const v = value();
        if (!/^\d{1,9}$/.test(v)) return { error: `--resolve must be a report number, got ${v}` };
        resolve = Number(v);
      } else if (a === '--reply') reply = value();
      else if (a === '--video') video = true;
      else if (a === '--reading') reading = true;
      else if (a === '--help' || a === '-h') return { error: '' };
      else return { error: `unknown argument ${a}` };
    } catch (err) {
      return { error: (err as Error).message };
    }
  }
  if (video && reading) return { error: '--video and --reading go separately' };
  const area = { ...(video ? { video } : {}), ...(reading ? { reading } : {}) };
  if (resolve !== undefined) {
    if (status !== undefined || appId !== undefined) return { error: '--resolve takes only --reply' };
    if (!reply?.trim()) return { error: '--resolve needs --reply "<text>"' };
    return { kind: 'resolve', id: resolve, reply: reply.trim(), ...area };
  }
  if (reply !== undefined) return { error: '--reply goes with --resolve' };
  if (status !== undefined && !['open', 'resolved', 'all'].includes(status)) return { error: `--status must be open, resolved or all, got ${status}` };
  const filter: ReportFilter = {};
  if (status !== 'all') filter.status = (status ?? 'open') as 'open' | 'resolved';
  if (appId !== undefined) filter.appId = appId;
  return { kind: 'list', filter, ...area };
}

function usage(error: string, err: (line: string) => void): number {
  if (error) err(error);
  err(USAGE);
  return 2;
}

/** A time as China sees it, e.g. '2026-03-01 09:30'. */
const chinaTime = (d: Date) => chinaMinute(d.getTime());

/**
 * The command's work on an open database: list or resolve. Returns the exit code (0 done, 1 no such report,
 * 2 usage). Output goes to `out`/`err`. Tested directly (study.test.ts).
 */
export async function runReports(db: Database, argv: string[], out: (line: string) => void, err: (line: string) => void, now = () => Date.now()): Promise<number> {
  const args = parseReportsArgs(argv);
  if ('error' in args) return usage(args.error, err);
  if (args.video) return runVideoReports(db, args, out, err, now);
  if (args.reading) return runReadingReports(db, args, out, err, now);
  if (args.kind === 'resolve') {
    if (!(await resolveQuestionReport(db, args.id, args.reply, new Date(now())))) {
      err(`no report #${args.id}`);
      return 1;
    }
    out(`report #${args.id} resolved`);
    return 0;
  }
  const rows = await listQuestionReports(db, args.filter);
  for (const r of rows) {
    out(`#${r.id}  ${chinaTime(r.createdAt)}  ${r.appId} ${r.subject}  ${r.extId}  ${r.status}`);
    out(`  题目: ${excerptOf(r.stem)}`);
    out(`  类型: ${r.kinds.split(',').join('、')}`);
    if (r.content) out(`  描述: ${r.content.replace(/\s+/g, ' ')}`);
    out(`  学员: ${r.phone ? maskPhone(r.phone) : '(无手机号)'}`);
    if (r.reply !== null) out(`  回复: ${r.reply}`);
  }
  out(`${rows.length} report(s)`);
  return 0;
}

async function runVideoReports(db: Database, args: ReportsArgs, out: (line: string) => void, err: (line: string) => void, now: () => number): Promise<number> {
  if (args.kind === 'resolve') {
    if (!(await resolveVideoReport(db, args.id, args.reply, new Date(now())))) {
      err(`no video report #${args.id}`);
      return 1;
    }
    out(`video report #${args.id} resolved`);
    return 0;
  }
  const rows = await listVideoReports(db, args.filter);
  for (const r of rows) {
    out(`#${r.id}  ${chinaTime(r.createdAt)}  ${r.appId}  ${r.course} / ${r.lesson}  ${r.status}`);
    out(`  类型: ${r.kind}${r.second !== null ? `（${Math.floor(r.second / 60)}:${String(r.second % 60).padStart(2, '0')}）` : ''}`);
    if (r.text) out(`  描述: ${r.text.replace(/\s+/g, ' ')}`);
    out(`  学员: ${r.phone ? maskPhone(r.phone) : '(无手机号)'}`);
    if (r.reply !== null) out(`  回复: ${r.reply}`);
  }
  out(`${rows.length} video report(s)`);
  return 0;
}

async function runReadingReports(db: Database, args: ReportsArgs, out: (line: string) => void, err: (line: string) => void, now: () => number): Promise<number> {
  if (args.kind === 'resolve') {
    if (!(await resolveReadingReport(db, args.id, args.reply, new Date(now())))) {
      err(`no reading report #${args.id}`);
      return 1;
    }
    out(`reading report #${args.id} resolved`);
    return 0;
  }
  const rows = await listReadingReports(db, args.filter);
  for (const r of rows) {
    out(`#${r.id}  ${chinaTime(r.createdAt)}  ${r.appId}  ${TARGET_NAMES[r.target] ?? r.target}「${r.title}」(#${r.targetId})  ${r.status}`);
    out(`  类型: ${r.kinds.join('、')}`);
    if (r.content) out(`  描述: ${r.content.replace(/\s+/g, ' ')}`);
    out(`  学员: ${r.phone ? maskPhone(r.phone) : '(无手机号)'}`);
    if (r.status === 'resolved') out(`  回复: ${r.reply}`);
  }
  out(`${rows.length} reading report(s)`);
  return 0;
}

/** The command: opens the database (migrations first), runs, closes. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  const args = parseReportsArgs(argv);
  if ('error' in args) return usage(args.error, err);
  const database = await openDatabase(loadConfig(env));
  try {
    await database.exclusive(() => database.migrate());
    return await runReports(database.db, argv, out, err);
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'reports', (argv) => main(argv));

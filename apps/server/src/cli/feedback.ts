import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, type FeedbackStatus } from '@kaoshi/contract';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { createFeedbackOperator } from '../modules/feedback/index.ts';
import { maskPhone } from '../platform/crypto.ts';
import { runIfEntry } from './run.ts';
import { chinaMinute } from '../platform/china-time.ts';

const USAGE = `usage: npm run feedback -- list [--status open|answered|closed|all]
       npm run feedback -- answer <id> "<text>" [--by <name>]
       npm run feedback -- close <id>
  Lists learners' product feedback (/adviceFeedback), oldest first (default: --status open); answers one — the
  learner gets a message (消息 → 反馈回复) opening /feedbackAnswer?id=<id>; answering again replaces the answer and
  sends a new message — or closes one (no message; a closed feedback takes no answer). Database: DATA_DIR /
  DATABASE_URL as for the server.`;

export type FeedbackArgs = { kind: 'list'; status: FeedbackStatus | null } | { kind: 'answer'; id: number; text: string; by: string } | { kind: 'close'; id: number };

const ID = /^\d{1,9}$/;

/** Parses the command line; `{error}` when it is wrong ('' for --help). */
export function parseFeedbackArgs(argv: string[], defaultBy = 'operator'): FeedbackArgs | { error: string } {
  const [verb, ...rest] = argv;
  if (verb === undefined || verb === '--help' || verb === '-h') return { error: '' };
  if (verb === 'list') {
    if (rest.length === 0) return { kind: 'list', status: 'open' };
    if (rest.length !== 2 || rest[0] !== '--status') return { error: `list takes only --status, got ${rest.join(' ')}` };
    const s = rest[1]!;
    if (s === 'all') return { kind: 'list', status: null };
    if (!(FEEDBACK_STATUSES as readonly string[]).includes(s)) return { error: `--status must be open, answered, closed or all, got ${s}` };
    return { kind: 'list', status: s as FeedbackStatus };
  }
  if (verb === 'answer') {
    const [id, text, ...more] = rest;
    if (id === undefined || !ID.test(id)) return { error: 'answer needs a feedback number' };
    if (!text?.trim()) return { error: 'answer needs the text: answer <id> "<text>"' };
    let by = defaultBy;
    if (more.length > 0) {
      if (more.length !== 2 || more[0] !== '--by' || !more[1]!.trim()) return { error: `answer takes only --by <name>, got ${more.join(' ')}` };
      by = more[1]!.trim();
    }
    return { kind: 'answer', id: Number(id), text: text.trim(), by: by.slice(0, 40) };
  }
  if (verb === 'close') {
    if (rest.length !== 1 || !ID.test(rest[0]!)) return { error: 'close needs one feedback number' };
    return { kind: 'close', id: Number(rest[0]) };
  }
  return { error: `unknown command ${verb}` };
}

/** A time as China sees it, e.g. '2026-03-01 09:30'. */
const chinaTime = (d: Date) => chinaMinute(d.getTime());
const categoryName = (id: string) => FEEDBACK_CATEGORIES.find((c) => c.id === id)?.name ?? id;

/** Prints the usage (after the error, if any): exit code 2 for an error, 0 for --help. */
function usage(error: string, err: (line: string) => void): number {
  if (error) err(error);
  err(USAGE);
  return error ? 2 : 0;
}

/** The command's work on an open database. Returns the exit code (0 done, 1 refused, 2 usage). Tested directly. */
export async function runFeedback(db: Database, argv: string[], out: (line: string) => void, err: (line: string) => void, now = () => Date.now()): Promise<number> {
  const args = parseFeedbackArgs(argv, process.env.USER || 'operator');
  if ('error' in args) return usage(args.error, err);
  const operator = createFeedbackOperator(db, now);
  if (args.kind === 'close') {
    if (!(await operator.close(args.id))) {
      err(`no feedback #${args.id}`);
      return 1;
    }
    out(`feedback #${args.id} closed`);
    return 0;
  }
  if (args.kind === 'answer') {
    const outcome = await operator.answer(args.id, args.text, args.by);
    if ('refused' in outcome) {
      err(outcome.refused === 'unknown' ? `no feedback #${args.id}` : `feedback #${args.id} not answered: ${outcome.refused}`);
      return 1;
    }
    out(`feedback #${args.id} answered; the learner has a message`);
    return 0;
  }
  const rows = await operator.list(args.status);
  for (const r of rows) {
    out(`#${r.id}  ${chinaTime(r.createdAt)}  ${categoryName(r.category)}  agent ${r.agentCode}${r.appId ? `  app ${r.appId}` : ''}  ${r.status}`);
    out(`  内容: ${r.content.replace(/\s+/g, ' ')}`);
    if (r.contact) out(`  联系方式: ${r.contact}`);
    if (r.images.length) out(`  截图: ${r.images.join(' ')}`);
    const facts = Object.entries(r.client)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    if (facts) out(`  客户端: ${facts}`);
    out(`  学员: ${r.phone ? maskPhone(r.phone) : '(无手机号)'}`);
    if (r.answer !== null) out(`  回复: ${r.answer}`);
  }
  out(`${rows.length} feedback(s)`);
  return 0;
}

runIfEntry(import.meta.url, 'feedback', async (argv) => {
  // A usage error is answered without opening the database.
  const args = parseFeedbackArgs(argv);
  if ('error' in args) return usage(args.error, console.error);
  const database = await openDatabase(loadConfig());
  try {
    return await runFeedback(database.db, argv, console.log, console.error);
  } finally {
    await database.close();
  }
});

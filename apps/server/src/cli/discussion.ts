import { DISCUSSION_REASONS } from '@kaoshi/contract';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { createDiscussionModerator } from '../modules/discussion/index.ts';
import type { Clock } from '../platform/clock.ts';
import { maskPhone } from '../platform/crypto.ts';
import { runIfEntry } from './run.ts';
import { chinaMinute } from '../platform/china-time.ts';

const USAGE = `usage: npm run discussion -- list-reported
       npm run discussion -- hide|restore|pin|unpin <postID>
  Moderates discussions (docs/discussions.md). list-reported: posts with reports since the last decision, and hidden
  ones (hidden first, then the most reported). hide: hides a post from everyone but its author. restore: shows a
  hidden post again, or keeps a reported one; either way its reports are settled. pin/unpin: a comment (not a reply)
  goes first under its question or lesson.
  Database: DATA_DIR / DATABASE_URL as for the server.`;

type Args = { kind: 'list' } | { kind: 'hide' | 'restore' | 'pin' | 'unpin'; id: number };

export function parseDiscussionArgs(argv: string[]): Args | { error: string } {
  const [command, id, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') return { error: '' };
  if (rest.length > 0) return { error: `unexpected ${rest.join(' ')}` };
  if (command === 'list-reported') return id === undefined ? { kind: 'list' } : { error: 'list-reported takes no post number' };
  if (command !== 'hide' && command !== 'restore' && command !== 'pin' && command !== 'unpin') return { error: `unknown command ${command}` };
  if (id === undefined || !/^\d{1,9}$/.test(id)) return { error: `${command} needs a post number` };
  return { kind: command, id: Number(id) };
}

const reasonName = new Map<string, string>(DISCUSSION_REASONS.map((r) => [r.id, r.name]));
/** A time as China sees it, e.g. '2026-03-01 09:30'. */
const chinaTime = (d: Date) => chinaMinute(d.getTime());

const DONE = { hide: 'hidden', restore: 'restored', pin: 'pinned', unpin: 'unpinned' } as const;
const REFUSED = {
  hide: 'is not a visible post',
  restore: 'is not a hidden or visible post',
  pin: 'is not a comment (replies and deleted posts cannot be pinned)',
  unpin: 'is not a comment (replies and deleted posts cannot be pinned)',
} as const;

/**
 * The command's work on an open database. Returns the exit code (0 done, 1 no such post, 2 usage). Hide and restore
 * tell the post's author (系统通知). Tested directly.
 */
export async function runDiscussion(db: Database, argv: string[], out: (line: string) => void, err: (line: string) => void, clock: Clock = Date.now): Promise<number> {
  const args = parseDiscussionArgs(argv);
  if ('error' in args) {
    if (args.error) err(args.error);
    err(USAGE);
    return 2;
  }
  const store = createDiscussionModerator(db, clock);
  if (args.kind === 'list') {
    const rows = await store.reported();
    for (const r of rows) {
      const where = `${r.appId} ${r.targetKind === 'question' ? '试题' : '视频'}#${r.targetId}${r.parentId === null ? '' : ` 回复#${r.parentId}`}`;
      out(`#${r.id}  ${chinaTime(r.createdAt)}  ${where}  ${r.status}${r.pinned ? ' pinned' : ''}  ${r.reportCount} report(s)`);
      out(`  内容: ${r.body.replace(/\s+/g, ' ').slice(0, 120)}`);
      if (r.reasons.length > 0) out(`  原因: ${r.reasons.map((x) => reasonName.get(x) ?? x).join('、')}`);
      out(`  学员: ${r.phone ? maskPhone(r.phone) : '(无手机号)'}`);
    }
    out(`${rows.length} reported or hidden post(s)`);
    return 0;
  }
  const done =
    args.kind === 'hide' ? await store.hide(args.id) : args.kind === 'restore' ? await store.restore(args.id) : (await store.pin(args.id, args.kind === 'pin')) && { told: true };
  if (!done) {
    err(`#${args.id} ${REFUSED[args.kind]}`);
    return 1;
  }
  out(`post #${args.id} ${DONE[args.kind]}`);
  if (!done.told) err(`the author of #${args.id} could not be told (the message was not written); the decision stands`);
  return 0;
}

/** The command: opens the database (migrations first), runs, closes. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  const args = parseDiscussionArgs(argv);
  if ('error' in args) return runDiscussion(undefined as never, argv, out, err);
  const database = await openDatabase(loadConfig(env));
  try {
    await database.exclusive(() => database.migrate());
    return await runDiscussion(database.db, argv, out, err);
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'discussion', (argv) => main(argv));

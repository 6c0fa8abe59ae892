import { randomInt } from 'node:crypto';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { liveOperations } from '../modules/live/index.ts';
import { runIfEntry } from './run.ts';
import { chinaMinute, parseChinaMinute } from '../platform/china-time.ts';

const USAGE = `usage: npm run live -- schedule --app <appID> --title "<title>" --start "YYYY-MM-DD HH:MM" [--minutes <n>]
                          [--course <key>] [--course-title "<title>"] [--chapter "<text>"] [--teacher <id>] [--free]
                          [--cc <https player URL>]
       npm run live -- list [--app <appID>] [--limit <n>]
       npm run live -- key <sessionID>
       npm run live -- end <sessionID>
  Live classes (docs/live.md, "Operators"). schedule: a self-hosted session (default 60 minutes) in the course of that
  key (default live-<appID>, made when missing), with a new secret stream key and host key; prints the session id,
  the RTMP address and stream key for the teacher's encoder (OBS: 服务器 / 串流密钥) and the host link (moderation).
  list: the sessions, latest first. key: the stream key and host link again. end: ends a session now (its
  encoder cannot re-open it; a running stream is dropped within 30 s). --cc schedules a third party's (CC直播)
  session instead: learners open its player (/cczbPage), whose host must be in LIVE_CC_HOSTS; it has no stream key.
  Times are China time (UTC+8).
  Database: DATA_DIR / DATABASE_URL as for the server. With the embedded database (no DATABASE_URL) stop the
  server first: one process at a time opens its folder. With PostgreSQL it runs any time.`;

/** A time as China sees it, e.g. '2026-03-01 19:30'. */
const chinaTime = (d: Date) => chinaMinute(d.getTime());
/** 'YYYY-MM-DD HH:MM' in China time, or null. */
export function parseChinaTime(text: string): Date | null {
  const at = parseChinaMinute(text);
  return at === null ? null : new Date(at);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A secret of letters and digits (no look-alikes), crypto-random: stream keys (28) and host keys (24). */
export const newSecret = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A third party's player address: https, on a host /cczbPage may frame (LIVE_CC_HOSTS). */
function ccUrl(text: string, config: Config): string | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--cc is not a URL: ${text}` };
  }
  const hosts = config.LIVE_CC_HOSTS.split(',').map((h) => h.trim().toLowerCase());
  if (url.protocol !== 'https:' || !hosts.includes(url.hostname.toLowerCase())) return { error: `--cc must be an https address on ${hosts.join(', ')} (LIVE_CC_HOSTS)` };
  return url.toString();
}

type Flags = Record<string, string | true>;
const FLAGS = new Set(['--app', '--title', '--start', '--minutes', '--course', '--course-title', '--chapter', '--teacher', '--limit', '--cc']);

function parseFlags(argv: string[]): Flags | string {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--free') flags[a] = true;
    else if (FLAGS.has(a)) {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) return `${a} needs a value`;
      flags[a] = v;
    } else return `unknown argument ${a}`;
  }
  return flags;
}

const num = (v: string | true | undefined, name: string, max = 999_999_999): number | string | undefined =>
  v === undefined ? undefined : typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) >= 1 && Number(v) <= max ? Number(v) : `${name} must be a number from 1 to ${max}`;

/**
 * The command's work on an open database (tested in modules/live/live-cli.test.ts). Returns the exit code: 0 done,
 * 1 no such session or subject, 2 usage.
 */
export async function runLive(db: Database, config: Config, argv: string[], out: (line: string) => void, err: (line: string) => void, now = () => Date.now()): Promise<number> {
  const usage = (error: string) => (error && err(error), err(USAGE), 2);
  const [command, ...rest] = argv;
  const store = liveOperations(db);
  const links = (s: { id: number; streamKey: string; hostKey: string }) => {
    out(`  RTMP server: ${config.LIVE_RTMP_URL}`);
    out(`  stream key:  ${s.streamKey}   (secret: give it to the teacher's encoder only)`);
    out(`  publish URL: ${config.LIVE_RTMP_URL.replace(/\/+$/, '')}/${s.streamKey}`);
    out(`  host link:   ${config.PUBLIC_BASE_URL ?? ''}/liveroom?liveID=${s.id}&host=${s.hostKey}`);
  };
  if (command === 'key' || command === 'end') {
    const id = rest.length === 1 ? num(rest[0], 'the session id') : 'give one session id';
    if (typeof id !== 'number') return usage(id ?? '');
    const s = command === 'end' ? await store.endByOperator(id, new Date(now())) : await store.byId(id);
    if (!s) return (err(`no live session #${id}`), 1);
    if (s.provider !== 'self') return (err(`session #${id} is a third party's (${s.provider}): it has no stream key`), 1);
    out(command === 'end' ? `session ${s.id} ended: ${s.title}` : `session ${s.id}: ${s.title}, ${chinaTime(s.startsAt)} (China time), ${s.state}`);
    if (command === 'key') links(s);
    return 0;
  }
  const flags = parseFlags(rest);
  if (typeof flags === 'string') return usage(flags);
  const appId = num(flags['--app'], '--app');
  if (typeof appId === 'string') return usage(appId);
  if (command === 'list') {
    const limit = num(flags['--limit'] ?? '50', '--limit', 1000);
    if (typeof limit === 'string' || Object.keys(flags).some((f) => f !== '--app' && f !== '--limit'))
      return usage(typeof limit === 'string' ? limit : 'list takes --app and --limit');
    const rows = await store.list({ appId, limit: limit! });
    for (const s of rows) {
      const replay = s.replayState === 'ready' ? `replay ${s.replayDurationS ?? 0} s` : `replay ${s.replayState}`;
      out(`#${s.id}  ${chinaTime(s.startsAt)}–${chinaTime(s.endsAt).slice(11)}  ${s.appId}  ${s.title}  ${s.provider === 'self' ? s.state : s.provider}  ${replay}`);
    }
    out(`${rows.length} session(s)`);
    return 0;
  }
  if (command !== 'schedule') return usage(command === undefined || command === '--help' ? '' : `unknown command ${command}`);
  const title = typeof flags['--title'] === 'string' ? flags['--title'].trim() : '';
  const startsAt = typeof flags['--start'] === 'string' ? parseChinaTime(flags['--start']) : null;
  const minutes = num(flags['--minutes'] ?? '60', '--minutes', 24 * 60);
  const teacherId = num(flags['--teacher'], '--teacher');
  if (appId === undefined) return usage('schedule needs --app <appID>');
  if (!title) return usage('schedule needs --title "<title>"');
  if (!startsAt) return usage('schedule needs --start "YYYY-MM-DD HH:MM" (China time)');
  if (typeof minutes === 'string' || typeof teacherId === 'string') return usage(typeof minutes === 'string' ? minutes : (teacherId as string));
  const cc = typeof flags['--cc'] === 'string' ? ccUrl(flags['--cc'], config) : undefined;
  if (typeof cc === 'object') return usage(cc.error);
  if (!(await store.subjectExists(appId))) return (err(`no subject ${appId}`), 1);
  const courseKey = typeof flags['--course'] === 'string' ? flags['--course'] : `live-${appId}`;
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(courseKey)) return usage('--course is a key of lower-case letters, digits and -');
  const courseId = await store.ensureCourse(appId, courseKey, typeof flags['--course-title'] === 'string' ? flags['--course-title'] : '直播课堂');
  const s = await store.createSession({
    appId,
    courseId,
    key: `ops-${newSecret(10).toLowerCase()}`,
    title,
    chapterName: typeof flags['--chapter'] === 'string' ? flags['--chapter'] : '',
    teacherId: teacherId ?? null,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes! * 60_000),
    free: flags['--free'] === true,
    ...(cc === undefined ? {} : { provider: 'cc' as const, providerUrl: cc }),
    streamKey: newSecret(28),
    hostKey: newSecret(24),
    createdAt: new Date(now()),
  });
  out(`session ${s.id} scheduled: ${s.title}, ${chinaTime(s.startsAt)}–${chinaTime(s.endsAt).slice(11)} (China time), subject ${appId}, course ${courseKey}`);
  if (cc !== undefined) out(`  third-party player: ${cc} (learners open /cczbPage?liveID=${s.id})`);
  else links(s);
  return 0;
}

/** The command: opens the database (migrations first), runs, closes. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') return (err(USAGE), 2);
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    await database.exclusive(() => database.migrate());
    return await runLive(database.db, config, argv, out, err);
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'live', (argv) => main(argv));

// Exam-day bench (docs/test-modes.md §4, docs/exams.md): N learners sit one 100-question paper on the real server at
// once. Usage: npm run bench:exam -w bench -- --n 500|2000 --db pglite|postgres [--rounds 4] [--period 30]
//   [--batch 15] [--spread 5]
//
// Setup (not measured): a fresh database (a PGlite data directory, or PostgreSQL: BENCH_PG_URL or a throwaway cluster
// on 127.0.0.1:3305 started the way .ci/run does) is migrated and seeded by this process; N learners are inserted
// straight into it, each with a login session (guid; 10 % with a second one: their second device) and the purchase the
// demo member 13900000000 holds (至尊班 of 1001: every module), and one 100-question paper (A1 58, A2 30, A3 6, X 6 from
// the demo bank of 1001) is written as a paper file into EXTRA_PAPERS_DIR, so the server's own seed loads it.
// Then the real server (its own process, NODE_ENV=production, port 3304) and:
//   1. start: all N call /api/simulationTest/start within `--spread` seconds (uniform);
//   2. autosave: every learner, `--period` seconds after its start and then every period, sends the next ~15 replies of
//      its open section with /api/answer/addSimulationReplys (one batch), `--rounds` times; when the batch finished a
//      section the learner leaves it (/api/simulationTest/lockSection), as the 机考 screen does;
//   3. hand-in: all N within `--spread` seconds; 10 % of them twice at once, from their two devices (two guids);
//   4. the check, with SQL after the server stopped: no learner has two sessions; a handed session has a score and
//      exactly one `answers` row per question answered (no duplicate, none missing); both hand-ins of a learner
//      answered the same result. Learners whose start or hand-in the client gave up on are counted apart.
// Printed: start p50/p99 (and when the last start was answered), autosave p50/p99, lockSection, hand-in p50/p99,
// errors by kind (transport, HTTP status, body status + message), the check. Exit 1 on an integrity violation.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/index.ts';
import { answers, examSessions, purchases, sessions, users } from '../apps/server/src/db/schema/index.ts';
import { CONTENT_DIR, seed } from '../apps/server/src/db/seed.ts';
import { COMMON, FORM, sleep, spawnServer, startPgCluster, stopServer, waitReady, type Store } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '500' },
    db: { type: 'string', default: 'pglite' },
    rounds: { type: 'string', default: '4' },
    period: { type: 'string', default: '30' },
    batch: { type: 'string', default: '15' },
    spread: { type: 'string', default: '5' },
  },
});
const N = Number(args.n);
const DB = args.db as 'pglite' | 'postgres';
const ROUNDS = Number(args.rounds);
const PERIOD_MS = Number(args.period) * 1000;
const BATCH = Number(args.batch);
const SPREAD_MS = Number(args.spread) * 1000;
if (!(N > 0) || !['pglite', 'postgres'].includes(DB) || !(ROUNDS >= 0) || !(PERIOD_MS > 0) || !(BATCH > 0) || !(SPREAD_MS > 0)) {
  console.error('usage: exam-day.ts --n <learners> --db pglite|postgres [--rounds 4] [--period 30] [--batch 15] [--spread 5]');
  process.exit(2);
}
const PORT = 3304;
const PG_PORT = 3305;
const APP_ID = 1001;
const PAPER_CODE = 'bench-100';
const PAPER_NAME = '考试日压测卷（100题）';
const TIMEOUT_MS = 180_000;
const TWICE_EVERY = 10; // learner i with i % 10 === 0 hands in from two devices at once

// ------------------------------------------------------------------------------------------------ setup

/** The 100-question paper: the first questions of the demo mock-1 by section (groups whole), 2 hours, pass 60. */
function writePaper(dir: string): number {
  const mock = JSON.parse(readFileSync(join(CONTENT_DIR, 'papers', '1001', 'mock-1.json'), 'utf8')) as { sections: { type: string; score: number; questions: string[] }[] };
  const want: Record<string, number> = { A1: 58, A2: 30, A3: 6, X: 6 };
  const sections = mock.sections.filter((s) => want[s.type]).map((s) => ({ type: s.type, score: 1, questions: s.questions.slice(0, want[s.type]) }));
  const count = sections.reduce((n, s) => n + s.questions.length, 0);
  if (count !== 100) throw new Error(`the bench paper has ${count} questions, not 100 (did mock-1.json change?)`);
  mkdirSync(join(dir, String(APP_ID)), { recursive: true });
  const paper = { appID: APP_ID, code: PAPER_CODE, kind: 'mock', name: PAPER_NAME, timeLimitMinutes: 120, passScore: 60, sections };
  writeFileSync(join(dir, String(APP_ID), `${PAPER_CODE}.json`), JSON.stringify(paper, null, 2));
  return count;
}

interface Learner {
  i: number;
  userId: number;
  guid: string;
  /** The second device of every tenth learner. */
  guid2?: string;
  examHistoryID?: number;
  /** Questions answered (distinct), in the order sent. */
  answered: number[];
  sectionIndex: number;
  startedAt?: number;
  handIns: string[];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function setup(database: DatabaseHandle, extraPapersDir: string): Promise<Learner[]> {
  const { db } = database;
  await database.migrate();
  const seeded = await seed(db, Date.now(), { extraPapersDir });
  console.log(`seed: ${seeded.papers.join('; ')}`);
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.phone, '13900000000'));
  if (!member) throw new Error('the demo member 13900000000 is missing');
  const held = await db.select().from(purchases).where(eq(purchases.userId, member.id));
  if (held.length === 0) throw new Error('the demo member holds no purchase');
  const tag = Date.now().toString(36);
  const now = new Date();
  const learners: Learner[] = [];
  for (let from = 0; from < N; from += 500) {
    const rows = Array.from({ length: Math.min(500, N - from) }, (_, k) => {
      const i = from + k;
      return { userName: `bench-${tag}-${i}`, nickName: `考生${i}`, agentCode: '888', passwordHash: null, createdAt: now };
    });
    const ids = await db.insert(users).values(rows).returning({ id: users.id });
    const made = ids.map(({ id }, k) => {
      const i = from + k;
      return { i, userId: id, guid: randomBytes(32).toString('hex'), guid2: i % TWICE_EVERY === 0 ? randomBytes(32).toString('hex') : undefined, answered: [], sectionIndex: 0, handIns: [] } satisfies Learner;
    });
    const day = 24 * 3600 * 1000;
    const session = (userId: number, guid: string) => ({ tokenHash: sha256(guid), userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 7 * day), absoluteExpiresAt: new Date(now.getTime() + 30 * day) });
    await db.insert(sessions).values(made.flatMap((l) => [session(l.userId, l.guid), ...(l.guid2 ? [session(l.userId, l.guid2)] : [])]));
    await db.insert(purchases).values(made.flatMap((l) => held.map((p) => ({ userId: l.userId, appId: p.appId, vn: p.vn, vnOrder: p.vnOrder, endTime: p.endTime, source: 'seed', createdAt: now }))));
    learners.push(...made);
  }
  return learners;
}

// ------------------------------------------------------------------------------------------------ the client

type Kind = 'start' | 'autosave' | 'lockSection' | 'handIn';
const latencies: Record<Kind, number[]> = { start: [], autosave: [], lockSection: [], handIn: [] };
const errors = new Map<string, number>();
const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);

/**
 * One connection per request (no keep-alive): N learners are N devices, and a device's connection would not stay
 * open for the 30 s between autosaves anyway (a reused idle socket that the server closes at that moment makes
 * the POST fail with ECONNRESET, which says nothing about the server).
 */
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function httpPost(path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: `${path}?${COMMON}`, method: 'POST', agent, headers: { ...FORM, 'content-length': Buffer.byteLength(body) }, signal: AbortSignal.timeout(TIMEOUT_MS) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** POST a call; answers the body text when the body status is 200, else counts the error by kind and answers null. */
async function post(kind: Kind, path: string, params: Record<string, string | number>): Promise<string | null> {
  const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const t0 = performance.now();
  try {
    const r = await httpPost(path, body);
    latencies[kind].push(performance.now() - t0);
    if (r.status < 200 || r.status >= 300) return fail(`${kind}: HTTP ${r.status}`), null;
    if (!r.text.startsWith('{"status":200,')) {
      const j = JSON.parse(r.text) as { status: number; msg: string };
      return fail(`${kind}: body ${j.status} ${j.msg}`), null;
    }
    return r.text;
  } catch (err) {
    const e = err as Error & { code?: string };
    fail(`${kind}: transport ${e.name === 'AbortError' || e.name === 'TimeoutError' ? `timeout ${TIMEOUT_MS / 1000} s` : (e.code ?? e.message)}`);
    return null;
  }
}

/** The paper's sections as the start reply gives them (question ids per section, in order). */
let paperSections: number[][] | undefined;

async function start(l: Learner, paperID: number) {
  l.startedAt = performance.now();
  const text = await post('start', '/api/simulationTest/start', { guid: l.guid, appID: APP_ID, paperID });
  if (!text) return;
  // Only the id is read from every reply; the sections once (every learner has the same paper).
  l.examHistoryID = Number(/"examHistoryID":(\d+)/.exec(text)![1]);
  if (!paperSections) paperSections = (JSON.parse(text) as { data: { sections: { questions: number[] }[] } }).data.sections.map((s) => s.questions);
}

const KEYS = 'ABCD';
async function autosave(l: Learner, round: number) {
  if (!l.examHistoryID || !paperSections) return;
  const section = paperSections[l.sectionIndex] ?? [];
  const done = new Set(l.answered);
  const next = section.filter((q) => !done.has(q)).slice(0, BATCH);
  if (next.length === 0) return;
  const replies = next.map((q, k) => ({ replyID: `bench-${l.i}-${round}-${k}-${q}`.padEnd(16, '0'), allTestID: q, lastUserReply: KEYS[(q + l.i) % 4]!, spendTime: Math.max(1, Math.round(PERIOD_MS / 1000 / next.length)), flagged: k === 0 && round === 0 }));
  const text = await post('autosave', '/api/answer/addSimulationReplys', { guid: l.guid, examHistoryID: l.examHistoryID, replies: JSON.stringify(replies) });
  if (!text) return;
  const saved = (JSON.parse(text) as { data: { saved: number; refused: unknown[] } }).data;
  if (saved.refused.length > 0) fail(`autosave: ${saved.refused.length} replies refused one by one`);
  l.answered.push(...next);
  // The section is done: leave it (the screen's 下一题型 after its confirmation), unless it is the last.
  const now = new Set(l.answered);
  if (section.every((q) => now.has(q)) && l.sectionIndex < paperSections.length - 1) {
    if (await post('lockSection', '/api/simulationTest/lockSection', { guid: l.guid, examHistoryID: l.examHistoryID, sectionIndex: l.sectionIndex })) l.sectionIndex += 1;
  }
}

async function handIn(l: Learner) {
  if (!l.examHistoryID) return;
  const devices = [l.guid, ...(l.guid2 ? [l.guid2] : [])];
  const texts = await Promise.all(devices.map((guid) => post('handIn', '/api/simulationTest/handIn', { guid, examHistoryID: l.examHistoryID! })));
  for (const t of texts) if (t) l.handIns.push(t);
}

/** Runs `fn` for every learner at its own offset from `base`, spread uniformly over SPREAD_MS; waits for all. */
async function spread(learners: Learner[], base: number, fn: (l: Learner) => Promise<void>): Promise<number> {
  let late = 0;
  await Promise.all(
    learners.map(async (l, k) => {
      const at = base + (k * SPREAD_MS) / learners.length;
      const wait = at - performance.now();
      if (wait > 0) await sleep(wait);
      late = Math.max(late, performance.now() - at);
      await fn(l);
    }),
  );
  return late;
}

// ------------------------------------------------------------------------------------------------ run

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x)} ms`);
/** The web client gives up after REQUEST_TIMEOUT_MS (60 s): how many replies came later than that. */
const WEB_TIMEOUT_MS = 60_000;
const line = (kind: Kind) =>
  `${kind.padEnd(12)} n=${String(latencies[kind].length).padStart(5)}  p50 ${ms(pct(latencies[kind], 50)).padStart(9)}  p99 ${ms(pct(latencies[kind], 99)).padStart(9)}  max ${ms(pct(latencies[kind], 100)).padStart(9)}  over 60 s (the web client's timeout): ${latencies[kind].filter((x) => x > WEB_TIMEOUT_MS).length}`;

async function check(database: DatabaseHandle, learners: Learner[], paperId: number): Promise<string[]> {
  const { db } = database;
  const problems: string[] = [];
  const ids = learners.map((l) => l.userId);
  const rows = await db.select({ id: examSessions.id, userId: examSessions.userId, status: examSessions.status, score: examSessions.score }).from(examSessions).where(and(inArray(examSessions.userId, ids), eq(examSessions.paperId, paperId)));
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const counts = await db
    .select({ sessionId: answers.examHistoryId, n: sql<number>`count(*)::int`, distinctQ: sql<number>`count(distinct ${answers.questionId})::int` })
    .from(answers)
    .where(inArray(answers.userId, ids))
    .groupBy(answers.examHistoryId);
  const bySession = new Map(counts.map((c) => [c.sessionId, c]));
  // Integrity (must hold for every learner whatever the load): never two sessions, a handed session has a score
  // and exactly one answers row per question answered, both replies of a double hand-in the same result.
  // Incomplete (the client gave up: start or hand-in failed in transport or timed out): counted, not a violation.
  let handed = 0;
  let answersOk = 0;
  let sameTwice = 0;
  let noSession = 0;
  let stillOpen = 0;
  let oneOfTwo = 0;
  const violation = (msg: string) => problems.length < 10 && problems.push(msg);
  let violations = 0;
  for (const l of learners) {
    const mine = byUser.get(l.userId) ?? [];
    if (mine.length === 0) {
      noSession += 1;
      continue;
    }
    if (mine.length > 1) {
      violations += 1;
      violation(`learner ${l.i}: ${mine.length} sessions ${mine.map((m) => `${m.id}/${m.status}/${m.score}`).join(' ')}`);
      continue;
    }
    const s = mine[0]!;
    if (s.status !== 'handed') {
      stillOpen += 1;
      continue;
    }
    if (s.score === null) {
      violations += 1;
      violation(`learner ${l.i}: session ${s.id} handed without a score`);
      continue;
    }
    handed += 1;
    const c = bySession.get(s.id) ?? { n: 0, distinctQ: 0 };
    const answered = new Set(l.answered).size;
    if (c.n === answered && c.distinctQ === answered) answersOk += 1;
    else {
      violations += 1;
      violation(`learner ${l.i}: ${c.n} answers rows (${c.distinctQ} questions) for ${answered} questions answered`);
    }
    if (l.guid2) {
      const scores = l.handIns.map((t) => /"score":([\d.]+)/.exec(t)?.[1]);
      if (scores.length < 2) oneOfTwo += 1;
      else if (scores[0] === scores[1]) sameTwice += 1;
      else {
        violations += 1;
        violation(`learner ${l.i}: the two hand-ins answered ${scores.join(' / ')}`);
      }
    }
  }
  const stray = counts.filter((c) => c.sessionId === 0 || !rows.some((r) => r.id === c.sessionId));
  if (stray.length) {
    violations += 1;
    violation(`${stray.length} answers groups outside the bench sessions`);
  }
  console.log(
    `check: ${handed}/${learners.length} learners handed in: ${answersOk} with exactly one answers row per question answered, ${sameTwice} double hand-ins answered the same score twice` +
      ` (${oneOfTwo} got one of the two replies); none with two sessions: ${violations === 0 ? 'yes' : 'NO'}. Incomplete because the client gave up: ${noSession} never got a session (start failed), ${stillOpen} still open (hand-in failed)`,
  );
  if (violations > 0) problems.unshift(`check failed: ${violations} integrity violation(s)`);
  return problems;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'kaoshi-exam-day-'));
  const papersDir = join(work, 'papers');
  const count = writePaper(papersDir);
  let store: Store;
  let cluster: { url: string; stop(): void } | undefined;
  if (DB === 'pglite') store = { kind: 'pglite', dataDir: join(work, 'data') };
  else if (process.env.BENCH_PG_URL) store = { kind: 'postgres', url: process.env.BENCH_PG_URL };
  else {
    const c = startPgCluster(PG_PORT);
    if ('skipped' in c) throw new Error(`PostgreSQL: ${c.skipped}`);
    cluster = c;
    store = { kind: 'postgres', url: c.url };
  }
  const open = () => openDatabase(store.kind === 'pglite' ? { DATA_DIR: store.dataDir, DATABASE_URL: undefined } : { DATA_DIR: '', DATABASE_URL: store.url });
  const where = store.kind === 'pglite' ? 'PGlite data directory' : process.env.BENCH_PG_URL ? 'PostgreSQL (BENCH_PG_URL)' : `PostgreSQL 15 (throwaway cluster on 127.0.0.1:${PG_PORT})`;
  console.log(`Exam-day bench: ${N} learners, one ${count}-question paper, ${where}; start and hand-in spread over ${SPREAD_MS / 1000} s; autosave every ${PERIOD_MS / 1000} s${PERIOD_MS === 30_000 ? ' (the real rhythm)' : ' (compressed from the real 30 s)'} × ${ROUNDS} rounds of ≤ ${BATCH} replies; ${cpus().length}-core host shared by client, server${store.kind === 'postgres' ? ' and PostgreSQL' : ''}`);
  try {
    let t = Date.now();
    let database = await open();
    let learners: Learner[];
    try {
      learners = await setup(database, papersDir);
    } finally {
      await database.close();
    }
    console.log(`setup: ${N} learners with sessions and purchases in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const server = spawnServer(PORT, store, { EXTRA_PAPERS_DIR: papersDir });
    let paperId = 0;
    try {
      t = Date.now();
      await waitReady(server, PORT, 180_000);
      console.log(`server ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      const list = await fetch(`http://127.0.0.1:${PORT}/api/simulationTest/list?${COMMON}&guid=${learners[0]!.guid}&appID=${APP_ID}`).then((r) => r.json() as Promise<{ status: number; msg: string; data: { list: { paperID: number; name: string }[] } }>);
      if (list.status !== 200) throw new Error(`simulationTest/list: ${list.status} ${list.msg}`);
      paperId = list.data.list.find((p) => p.name === PAPER_NAME)?.paperID ?? 0;
      if (!paperId) throw new Error('the bench paper is not in the list');

      // 1. start
      const base = performance.now() + 200;
      const lateStart = await spread(learners, base, (l) => start(l, paperId));
      const allStarted = (performance.now() - base) / 1000;
      console.log(line('start'));
      console.log(`  every start answered ${allStarted.toFixed(1)} s after the first was sent (target: within ${SPREAD_MS / 1000} s); the client sent up to ${Math.round(lateStart)} ms late; load ${loadavg()[0]!.toFixed(1)}`);

      // 2. autosave rounds, each learner `period` after its own start
      for (let round = 0; round < ROUNDS; round++) {
        const t0 = performance.now();
        await Promise.all(
          learners.map(async (l) => {
            const at = (l.startedAt ?? base) + (round + 1) * PERIOD_MS;
            const wait = at - performance.now();
            if (wait > 0) await sleep(wait);
            await autosave(l, round);
          }),
        );
        console.log(`  autosave round ${round + 1}: done ${((performance.now() - t0) / 1000).toFixed(1)} s after the round began; load ${loadavg()[0]!.toFixed(1)}`);
      }
      console.log(line('autosave'));
      console.log(line('lockSection'));

      // 3. hand-in
      const handBase = performance.now() + 200;
      await spread(learners, handBase, handIn);
      console.log(line('handIn'));
      console.log(`  every hand-in answered ${((performance.now() - handBase) / 1000).toFixed(1)} s after the first was sent; ${learners.filter((l) => l.guid2).length} learners handed in twice at once (two devices)`);
    } finally {
      await stopServer(server);
    }

    console.log(errors.size === 0 ? 'errors: none' : `errors by kind:\n${[...errors].map(([k, v]) => `  ${v} × ${k}`).join('\n')}`);
    database = await open();
    let problems: string[];
    try {
      problems = await check(database, learners, paperId);
    } finally {
      await database.close();
    }
    for (const p of problems) console.log(`  ${p}`);
    if (problems.length) process.exitCode = 1;
  } finally {
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`exam-day bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});

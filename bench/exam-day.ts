// Exam-day bench (docs/test-modes.md §4, docs/exams.md): N learners sit one 100-question paper on the real server at
// once. Usage: npm run bench:exam -w bench -- --n 500|2000|5000 --db pglite|postgres [--processes 2] [--rounds 4]
//   [--period 30] [--batch 15] [--spread 5] [--warm 200]
//
// Setup (not measured): a fresh database (a PGlite data directory, or PostgreSQL: BENCH_PG_URL or a throwaway cluster
// on 127.0.0.1:3305 started the way .ci/run does) is migrated and seeded by this process; N learners are inserted
// straight into it, each with a login session (guid; 10 % with a second one: their second device) and the purchase the
// demo member 13900000000 holds (至尊班 of 1001: every module), and one 100-question paper (A1 58, A2 30, A3 6, X 6 from
// the demo bank of 1001) is written as a paper file into EXTRA_PAPERS_DIR, so the server's own seed loads it.
// Then the real server (NODE_ENV=production, port 3304; with `--processes 2` on PostgreSQL, WEB_CONCURRENCY=2: two
// server processes behind the one port, sharing PostgreSQL and a throwaway Redis, BENCH_REDIS_URL or 127.0.0.1:3306) and:
//   0. warm-up (exam-day-warm.ts): `--warm` other learners (200) start the paper, autosave once and hand in, and
//      are graded, as on a server up all day; nothing of it is counted;
//   1. start: all N call /api/simulationTest/start within `--spread` seconds (uniform);
//   2. autosave: every learner, `--period` seconds after its start and then every period, sends the next ~15 replies of
//      its open section with /api/answer/addSimulationReplys (one batch), `--rounds` times; when the batch finished a
//      section the learner leaves it (/api/simulationTest/lockSection), as the 机考 screen does;
//   3. hand-in: all N within `--spread` seconds, each carrying its last 3 unsent replies (as the app's hand-in carries
//      what its outbox holds); 10 % of them twice at once, from their two devices (two guids);
//   while the sheets are graded, the grading queue (the sealed sheets: /metrics kaoshi_backlog{kind="exam_sheets_grading"})
//   is read every 500 ms, which gives when the last sheet was graded and the grading throughput;
//   4. the check, with SQL after the server stopped: no learner has two sessions; a handed session has a score and
//      exactly one `answers` row per question answered (no duplicate, none missing); both hand-ins of a learner
//      answered the same result. Learners whose start or hand-in the client gave up on are counted apart.
// Printed: start p50/p99 (and when the last start was answered), autosave p50/p99, lockSection, hand-in p50/p99,
// errors by kind (transport, HTTP status, body status + message), the check. Exit 1 on an integrity violation.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { client } from './exam-day-http.ts';
import { queueLine, watchQueue } from './exam-day-queue.ts';
import { warmUp } from './exam-day-warm.ts';
import { COMMON, sleep, spawnServer, startPgCluster, startRedis, stopServer, waitReady, type Store } from './lib.ts';
import { check } from './exam-day-check.ts';
import { cpuTimes, latencyLine, pct, spreadOver, stealSince } from './exam-day-timing.ts';
import { APP_ID, PAPER_NAME, setup, writePaper, type Learner } from './exam-day-setup.ts';
import { openStore } from './open-store.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '500' },
    db: { type: 'string', default: 'pglite' },
    rounds: { type: 'string', default: '4' },
    period: { type: 'string', default: '30' },
    batch: { type: 'string', default: '15' },
    spread: { type: 'string', default: '5' },
    processes: { type: 'string', default: '1' },
    warm: { type: 'string', default: '200' },
  },
});
const N = Number(args.n);
const DB = args.db as 'pglite' | 'postgres';
const ROUNDS = Number(args.rounds);
const PERIOD_MS = Number(args.period) * 1000;
const BATCH = Number(args.batch);
const SPREAD_MS = Number(args.spread) * 1000;
const PROCESSES = Number(args.processes);
const WARM = Number(args.warm);
const usable = N > 0 && ['pglite', 'postgres'].includes(DB) && ROUNDS >= 0 && PERIOD_MS > 0 && BATCH > 0 && SPREAD_MS > 0 && [1, 2].includes(PROCESSES) && WARM >= 0;
if (!usable || (PROCESSES > 1 && DB !== 'postgres')) {
  console.error('usage: exam-day.ts --n <learners> --db pglite|postgres [--processes 2 (postgres only)] [--rounds 4] [--period 30] [--batch 15] [--spread 5]');
  process.exit(2);
}
const PORT = 3304;
const PG_PORT = 3305;
const REDIS_PORT = 3306;
const TIMEOUT_MS = 180_000;

// ------------------------------------------------------------------------------------------------ the client

type Kind = 'start' | 'autosave' | 'lockSection' | 'handIn' | 'result';
const { post, get, fail, latencies, errors } = client<Kind>(PORT, TIMEOUT_MS, ['start', 'autosave', 'lockSection', 'handIn', 'result']);

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
  const replies = next.map((q, k) => ({
    replyID: `bench-${l.i}-${round}-${k}-${q}`.padEnd(16, '0'),
    allTestID: q,
    lastUserReply: KEYS[(q + l.i) % 4]!,
    spendTime: Math.max(1, Math.round(PERIOD_MS / 1000 / next.length)),
    flagged: k === 0 && round === 0,
  }));
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

/** Replies a hand-in carries: answers given since the last autosave (the app sends what its outbox holds). */
const CARRIED = 3;

async function handIn(l: Learner) {
  if (!l.examHistoryID) return;
  const section = paperSections?.[l.sectionIndex] ?? [];
  const done = new Set(l.answered);
  const last = section.filter((q) => !done.has(q)).slice(0, CARRIED);
  const replies = last.map((q, k) => ({ replyID: `bench-${l.i}-hand-${k}-${q}`.padEnd(16, '0'), allTestID: q, lastUserReply: KEYS[(q + l.i) % 4]!, spendTime: 20 }));
  const devices = [l.guid, ...(l.guid2 ? [l.guid2] : [])];
  // The first device carries its unsent replies; the second (if any) hands in what it has: nothing unsent.
  const texts = await Promise.all(
    devices.map((guid, d) =>
      post('handIn', '/api/simulationTest/handIn', { guid, examHistoryID: l.examHistoryID!, ...(d === 0 && replies.length > 0 && { replies: JSON.stringify(replies) }) }),
    ),
  );
  for (const t of texts) if (t) l.handIns.push(t);
  // The carried answers the hand-in says the sheet holds must be in it (the integrity check counts them); none
  // when the second device's hand-in sealed the sheet first: those the learner is told did not count.
  if (!texts[0] || last.length === 0) return;
  const held = Number(/"repliesSaved":(\d+)/.exec(texts[0])?.[1] ?? NaN);
  if (held === last.length) l.answered.push(...last);
  else if (held === 0) carriedNotHeld += 1;
  else fail(`handIn: ${Number.isNaN(held) ? 'no repliesSaved' : `${held} of ${last.length} carried replies held`}`);
}
/** Hand-ins whose carried replies did not count: the learner's other device sealed the sheet first. */
let carriedNotHeld = 0;

const isGrading = (text: string) => text.includes('"grading":true');

/** Sheets acknowledged as being graded are asked for as the result screen does until graded; answers when the last came. */
async function awaitGrades(learners: Learner[]): Promise<number> {
  let last = performance.now();
  await Promise.all(
    learners.map(async (l) => {
      if (!l.examHistoryID || !l.handIns.some(isGrading)) return;
      for (let asked = 1; asked < 60; asked++) {
        await sleep(Math.min(1000 * 2 ** (asked - 1), 5000));
        const text = await get('result', `/api/simulationTest/result`, { guid: l.guid, examHistoryID: l.examHistoryID });
        if (text && !isGrading(text)) {
          l.handIns = l.handIns.map((t) => (isGrading(t) ? text : t));
          last = Math.max(last, performance.now());
          return;
        }
      }
      fail('result: still being graded after 60 asks');
    }),
  );
  return last;
}

// ------------------------------------------------------------------------------------------------ run

const line = (kind: Kind) => latencyLine(kind, latencies[kind]);

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
  let redis: { url: string; stop(): void } | undefined;
  if (PROCESSES > 1) {
    const r = await startRedis(REDIS_PORT, work);
    if ('skipped' in r) throw new Error(`Redis: ${r.skipped}`);
    redis = r;
  }
  const open = () => openStore(store);
  const where =
    store.kind === 'pglite' ? 'PGlite data directory' : process.env.BENCH_PG_URL ? 'PostgreSQL (BENCH_PG_URL)' : `PostgreSQL 15 (throwaway cluster on 127.0.0.1:${PG_PORT})`;
  console.log(
    `Exam-day bench: ${N} learners, one ${count}-question paper, ${where}; start and hand-in spread over ${SPREAD_MS / 1000} s; autosave every ${PERIOD_MS / 1000} s${PERIOD_MS === 30_000 ? ' (the real rhythm)' : ' (compressed from the real 30 s)'} × ${ROUNDS} rounds of ≤ ${BATCH} replies; ${cpus().length}-core host shared by client, server${store.kind === 'postgres' ? ' and PostgreSQL' : ''}${PROCESSES > 1 ? `; ${PROCESSES} server processes (WEB_CONCURRENCY) sharing PostgreSQL and Redis` : ''}`,
  );
  try {
    let t = Date.now();
    let database = await open();
    let learners: Learner[];
    try {
      learners = await setup(database, papersDir, N + WARM);
    } finally {
      await database.close();
    }
    const warmers = learners.splice(N, WARM);
    console.log(`setup: ${N} learners (and ${WARM} for the warm-up) with sessions and purchases in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const server = spawnServer(PORT, store, { EXTRA_PAPERS_DIR: papersDir, ...(redis && { WEB_CONCURRENCY: String(PROCESSES), REDIS_URL: redis.url }) });
    let paperId = 0;
    try {
      t = Date.now();
      await waitReady(server, PORT, 180_000);
      console.log(`server ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      const list = await fetch(`http://127.0.0.1:${PORT}/api/simulationTest/list?${COMMON}&guid=${learners[0]!.guid}&appID=${APP_ID}`).then(
        (r) => r.json() as Promise<{ status: number; msg: string; data: { list: { paperID: number; name: string }[] } }>,
      );
      if (list.status !== 200) throw new Error(`simulationTest/list: ${list.status} ${list.msg}`);
      paperId = list.data.list.find((p) => p.name === PAPER_NAME)?.paperID ?? 0;
      if (!paperId) throw new Error('the bench paper is not in the list');

      if (WARM > 0) console.log(await warmUp(PORT, warmers, paperId));

      // 1. start
      const base = performance.now() + 200;
      let cpu = cpuTimes();
      const lateStart = await spreadOver(SPREAD_MS, learners, base, (l) => start(l, paperId));
      const allStarted = (performance.now() - base) / 1000;
      console.log(line('start'));
      console.log(
        `  every start answered ${allStarted.toFixed(1)} s after the first was sent (target: within ${SPREAD_MS / 1000} s); the client sent up to ${Math.round(lateStart)} ms late; load ${loadavg()[0]!.toFixed(1)}${stealSince(cpu)}`,
      );

      // 2. autosave rounds, each learner `period` after its own start
      for (let round = 0; round < ROUNDS; round++) {
        const t0 = performance.now();
        const before = latencies.autosave.length;
        cpu = cpuTimes();
        await Promise.all(
          learners.map(async (l) => {
            const at = (l.startedAt ?? base) + (round + 1) * PERIOD_MS;
            const wait = at - performance.now();
            if (wait > 0) await sleep(wait);
            await autosave(l, round);
          }),
        );
        const mine = latencies.autosave.slice(before);
        console.log(
          `  autosave round ${round + 1}: done ${((performance.now() - t0) / 1000).toFixed(1)} s after the round began; p50 ${Math.round(pct(mine, 50))} ms, p99 ${Math.round(pct(mine, 99))} ms; load ${loadavg()[0]!.toFixed(1)}${stealSince(cpu)}`,
        );
      }
      console.log(line('autosave'));
      console.log(line('lockSection'));

      // 3. hand-in
      const handBase = performance.now() + 200;
      const queue = watchQueue(PORT, handBase);
      cpu = cpuTimes();
      await spreadOver(SPREAD_MS, learners, handBase, handIn);
      console.log(line('handIn'));
      console.log(
        `  every hand-in answered ${((performance.now() - handBase) / 1000).toFixed(1)} s after the first was sent; ${learners.filter((l) => l.guid2).length} learners handed in twice at once (two devices)${stealSince(cpu)}; in ${carriedNotHeld} of these the device without unsent replies sealed first, and the other was told its 3 did not count (repliesSaved 0)`,
      );
      const acknowledged = learners.filter((l) => l.handIns.some(isGrading)).length;
      const lastGraded = await awaitGrades(learners);
      while (Number.isNaN(queue.seen.emptyAt) && performance.now() - handBase < TIMEOUT_MS) await sleep(250);
      await queue.stop();
      const graded = learners.filter((l) => l.examHistoryID && l.handIns.length > 0).length;
      console.log(queueLine(queue.seen, graded, N <= 2000 && store.kind === 'postgres' ? 30 : 60, SPREAD_MS));
      console.log(
        `  ${acknowledged} hand-ins acknowledged as being graded (成绩计算中); the last result was graded ${((lastGraded - handBase) / 1000).toFixed(1)} s after the first hand-in was sent (as the screen asks: 1 s, 2 s, 4 s, then every 5 s)`,
      );
      console.log(line('result'));
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
    redis?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`exam-day bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});

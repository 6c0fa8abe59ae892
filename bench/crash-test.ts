// Crash test of the answers path (docs/practice.md "Idempotency", "Answers outbox"): the real server on a PGlite
// data directory (then on PostgreSQL when one is available), a client with an outbox that follows
// apps/web/src/lib/outbox.ts — every answer is written to the outbox before it is sent, kept until the server
// acknowledged it, and resent with the same replyID after a network error, timeout, 5xx, 401, 408 or 429 —
// sends a stream of answers with several in flight, while the harness SIGKILLs the server at random moments and
// restarts it on the same data. After the last restart the outbox is drained, the server stopped cleanly, and
// the table `answers` is read with SQL (the PGlite data directory opened by this process, like the import CLI
// does): every queued answer stored exactly once, every acknowledged one with the result it was acknowledged with.
//
// Every third kill the next start-up is killed too, 0.2–3 s after the spawn (CRASH_START_KILLS, 3).
// Env: CRASH_ANSWERS (2000), CRASH_KILLS (12, at least), CRASH_IN_FLIGHT (8), CRASH_RATE (answers queued per
// second, 40), CRASH_PG=0 to skip PostgreSQL, BENCH_PG_URL to use a given PostgreSQL (rows are told apart by a
// per-run replyID prefix). Exit 1 on any loss, duplicate or mismatch; 2 when the server could not restart.
//
// Then, on the same data, the exam hand-in crash test (crash-exam.ts: SIGKILLs between a sheet's seal and its grade);
// CRASH_EXAM=0 skips it, CRASH_EXAM=only runs it alone.
import { examCrashRun } from './crash-exam.ts';
import { readStored, report } from './crash-report.ts';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, DEMO_PASSWORD, DEMO_PHONE, COMMON, FORM, loginUser, sleep, spawnServer, startPgCluster, stopServer, waitReady, type Server, type Store } from './lib.ts';

const TOTAL = Number(process.env.CRASH_ANSWERS ?? 2000);
const KILLS = Number(process.env.CRASH_KILLS ?? 12);
const IN_FLIGHT = Number(process.env.CRASH_IN_FLIGHT ?? 8);
const RATE = Number(process.env.CRASH_RATE ?? 40);
const START_KILLS = Number(process.env.CRASH_START_KILLS ?? 3);
const EXAM = process.env.CRASH_EXAM ?? 'on';
const PORT = 3310;
const PG_PORT = 3311;
const APP_ID = 1001; // the demo subject with the demo question bank; the demo member (DEMO_PHONE) holds 至尊班 of it
const SEND_TIMEOUT_MS = 5_000;
const DRAIN_TIMEOUT_MS = 180_000;

interface Question {
  allTestID: number;
  cptID: number;
  answer: string | string[];
}
interface Entry {
  replyID: string;
  params: Record<string, string>;
  queuedAt: number;
  inFlight: boolean;
  attempts: number;
}
interface Ack {
  right: boolean;
  score: number;
}

class RestartFailure extends Error {}

async function crashRun(label: string, store: Store): Promise<boolean> {
  console.log(`\n== crash test on ${label}: ${TOTAL} answers, ≥ ${KILLS} SIGKILLs, ${IN_FLIGHT} in flight, ${RATE} queued/s ==`);
  const tag = `crash-${Date.now().toString(36)}`;
  const restartMs: number[] = [];
  let server: Server = spawnServer(PORT, store);
  restartMs.push(await waitReady(server, PORT, 180_000));
  let up = true;
  let { guid, userID } = await loginUser(PORT, DEMO_PHONE, DEMO_PASSWORD, SEND_TIMEOUT_MS);

  // Questions to answer: the demo bank of subject 1001, chapter by chapter (the cptID practised is the one read).
  const menu = await api<{ list: { cptID: number; parentID: number | null; total: number }[] }>(PORT, '/api/chapterMenu/list', { guid, appID: APP_ID });
  if (menu.body.status !== 200) throw new Error(`chapterMenu/list: ${menu.text.slice(0, 300)}`);
  const questions: Question[] = [];
  for (const c of menu.body.data.list.filter((c) => c.total > 0)) {
    const r = await api<{ list: Question[] }>(PORT, '/api/exam/getChapterTestEx', { guid, appID: APP_ID, cptID: c.cptID, pageSize: 500 });
    if (r.body.status !== 200) throw new Error(`getChapterTestEx ${c.cptID}: ${r.text.slice(0, 300)}`);
    for (const q of r.body.data.list) questions.push({ ...q, cptID: c.cptID });
  }
  if (questions.length === 0) throw new Error(`no questions in subject ${APP_ID}`);

  // --- the client: outbox, producer, senders -------------------------------------------------------------
  const outbox = new Map<string, Entry>(); // written before the first send, deleted only when acknowledged
  const queued: string[] = [];
  const acked = new Map<string, Ack>();
  const refused = new Map<string, string>();
  let sends = 0;
  let retried = 0;
  const retriedAnswers = new Set<string>();
  let inFlight = 0;
  let killsWithInFlight = 0;
  let producing = true;
  let relogin: Promise<void> | null = null;

  const producer = (async () => {
    const t0 = Date.now();
    for (let i = 0; i < TOTAL; i++) {
      const wait = t0 + (i * 1000) / RATE - Date.now();
      if (wait > 0) await sleep(wait);
      const q = questions[i % questions.length]!;
      const replyID = `${tag}-${String(i).padStart(6, '0')}`;
      const params = {
        appID: String(APP_ID),
        cptID: String(q.cptID),
        allTestID: String(q.allTestID),
        lastUserReply: Array.isArray(q.answer) ? q.answer[0]! : q.answer,
        spendTime: String(1 + (i % 30)),
        replyID,
      };
      outbox.set(replyID, { replyID, params, queuedAt: Date.now(), inFlight: false, attempts: 0 });
      queued.push(replyID);
    }
    producing = false;
  })();

  async function sendOne(e: Entry): Promise<void> {
    e.inFlight = true;
    inFlight++;
    if (e.attempts > 0) {
      retried++;
      retriedAnswers.add(e.replyID);
    }
    e.attempts++;
    sends++;
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}/api/exam/submitReply?${COMMON}`, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ guid, ...e.params }).toString(),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await r.text();
      if (r.status !== 200) return; // a proxy's error page: keep
      const j = JSON.parse(text) as { status: number; msg: string; data?: { replyID: string; right: boolean; score: number } };
      if (j.status === 200 && j.data?.replyID === e.replyID) {
        acked.set(e.replyID, { right: j.data.right, score: j.data.score });
        outbox.delete(e.replyID);
      } else if (j.status === 401) {
        relogin ??= loginUser(PORT, DEMO_PHONE, DEMO_PASSWORD, SEND_TIMEOUT_MS)
          .then(
            (l) => void (guid = l.guid),
            () => undefined,
          )
          .finally(() => (relogin = null));
        await relogin;
      } else if (j.status >= 400 && j.status < 500 && j.status !== 408 && j.status !== 429) {
        refused.set(e.replyID, `${j.status} ${j.msg}`); // dropped for good, as the web outbox does: a failure here
        outbox.delete(e.replyID);
      }
      // anything else (5xx, 408, 429, status 200 without the replyID): keep and resend
    } catch {
      // connection refused/reset (the server is down or was killed mid-request), timeout: keep and resend
    } finally {
      e.inFlight = false;
      inFlight--;
    }
  }

  const senders = Array.from({ length: IN_FLIGHT }, async () => {
    for (;;) {
      let next: Entry | undefined;
      for (const e of outbox.values())
        if (!e.inFlight) {
          next = e;
          break;
        } // Map order = queue order, oldest first
      if (!next) {
        if (!producing && outbox.size === 0) return;
        await sleep(10);
        continue;
      }
      const before = next.attempts;
      await sendOne(next);
      if (outbox.has(next.replyID) && next.attempts > before) await sleep(up ? 50 : 200); // kept: back off a little
    }
  });

  // --- the harness: SIGKILL at random moments, restart on the same data -----------------------------------
  let kills = 0;
  let startKills = 0;
  let restartFailure: string | undefined;
  while (kills < KILLS || producing) {
    await sleep(randomInt(500, 2001));
    if (kills >= KILLS && !producing) break;
    if (inFlight > 0) killsWithInFlight++;
    server.child.kill('SIGKILL');
    await server.exited;
    up = false;
    kills++;
    const failures: string[] = [];
    // Every third kill, also kill the next start-up 0.2–3 s after the spawn (migrations, seed, PGlite's
    // recovery of the killed database): the restart after that must still find the data whole.
    if (kills % 3 === 0 && startKills < START_KILLS) {
      const s = spawnServer(PORT, store);
      await Promise.race([sleep(randomInt(200, 3001)), s.exited]);
      if (s.child.exitCode !== null || s.child.signalCode !== null) failures.push(`start-up after kill ${kills} ended by itself: ${s.output()}`);
      else {
        s.child.kill('SIGKILL');
        await s.exited;
        startKills++;
      }
    }
    // Restart on the same data. A failed restart is a finding: report it as it is, try twice more to tell a
    // transient failure from a database that no longer opens.
    for (let attempt = 1; attempt <= 3; attempt++) {
      server = spawnServer(PORT, store);
      try {
        restartMs.push(await waitReady(server, PORT, 120_000));
        break;
      } catch (err) {
        failures.push(`restart ${attempt} after kill ${kills}: ${(err as Error).message}`);
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    if (failures.length > 0) console.log(`!! ${failures.join('\n!! ')}`);
    if (failures.filter((f) => f.startsWith('restart ')).length === 3) {
      restartFailure = `the server did not start again after kill ${kills} (3 attempts); the data is left at ${store.kind === 'pglite' ? store.dataDir : 'the database'}`;
      break;
    }
    up = true;
    process.stdout.write(`kill ${kills}: ${acked.size} acknowledged, ${outbox.size} in the outbox, restart ${restartMs.at(-1)} ms\n`);
  }
  if (restartFailure) {
    producing = false;
    outbox.clear(); // stop the senders; nothing can be checked against a database that does not open
    await Promise.all(senders).catch(() => undefined);
    throw new RestartFailure(restartFailure);
  }

  // --- final drain, clean stop, then SQL on the table --------------------------------------------------------
  await producer;
  const drainStart = Date.now();
  const done = Promise.all(senders);
  while (outbox.size > 0 && Date.now() - drainStart < DRAIN_TIMEOUT_MS) await Promise.race([done, sleep(200)]);
  const leftInOutbox = outbox.size;
  if (leftInOutbox > 0) {
    producing = false;
    outbox.clear();
  }
  await done;
  await stopServer(server);

  const { rows, integrity } = await readStored(store, Number(userID), tag);

  return report({
    label,
    rows,
    integrity,
    queued,
    questions,
    acked,
    refused,
    sends,
    retried,
    retriedAnswers: retriedAnswers.size,
    leftInOutbox,
    kills,
    killsWithInFlight,
    startKills,
    restartMs,
    minKills: KILLS,
  });
}

/** Both parts on one store; answers the exit code (0, 1 a finding, 2 a server that did not restart). */
async function runOn(label: string, store: Store): Promise<number> {
  try {
    const answersHeld = EXAM === 'only' || (await crashRun(label, store));
    const examHeld = EXAM === '0' || (await examCrashRun(label, store));
    return answersHeld && examHeld ? 0 : 1;
  } catch (err) {
    console.error(`crash test on ${label}: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof RestartFailure ? 2 : 1;
  }
}

let code = 0;
const work = mkdtempSync(join(tmpdir(), 'kaoshi-crash-'));
try {
  code = await runOn('PGlite (data directory)', { kind: 'pglite', dataDir: join(work, 'data') });
  const given = process.env.BENCH_PG_URL;
  const cluster = process.env.CRASH_PG === '0' || given ? undefined : startPgCluster(PG_PORT);
  if (process.env.CRASH_PG === '0') console.log('\nPostgreSQL skipped: CRASH_PG=0');
  else if (cluster && 'skipped' in cluster) console.log(`\nPostgreSQL skipped: ${cluster.skipped}`);
  else {
    try {
      const label = given ? 'PostgreSQL (BENCH_PG_URL)' : `PostgreSQL (throwaway cluster on 127.0.0.1:${PG_PORT}, as .ci/run starts it)`;
      code = Math.max(code, await runOn(label, { kind: 'postgres', url: given ?? (cluster as { url: string }).url }));
    } finally {
      if (cluster && 'stop' in cluster) cluster.stop();
    }
  }
} finally {
  if (code !== 2) rmSync(work, { recursive: true, force: true });
  else console.error(`data kept for inspection in ${work}`);
}
process.exit(code);

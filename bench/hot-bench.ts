// The hot calls of issue 15, on PGlite and on PostgreSQL, in one run each: the home page (moduleInfoX, and the plan
// card's studyplan) and an
// answer (submitReply, a fresh replyID per request) beside a bare Fastify route answering the same bytes, and the
// raw rate of the same answer transaction sent straight to the database (the server's own store code, no HTTP;
// right answers, as the HTTP run sends).
// On PostgreSQL (started with pg_stat_statements) it prints the statements the database ran per call, BEGIN and
// COMMIT included. `npm run bench:hot -w bench`. BENCH_SECONDS (5), BENCH_CONNECTIONS (20) change the runs.
import autocannon from 'autocannon';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { api, COMMON, FORM, login, spawnServer, startBare, startPgCluster, stopServer, waitReady, type Store } from './lib.ts';
import pg from 'pg';
import { addDays, chinaDay } from '../apps/server/src/platform/china-time.ts';
import { createPracticeStore } from '../apps/server/src/modules/practice/store.ts';
import { createBookHooks } from '../apps/server/src/modules/book/service.ts';
import { createBookStore } from '../apps/server/src/modules/book/store.ts';
import { openStore } from './open-store.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const APP_ID = 1001;
const [APP_PORT, BARE_GET_PORT, BARE_POST_PORT, PG_PORT] = [3320, 3321, 3322, 3323];

interface Row {
  name: string;
  /** Statements the database ran per request (PostgreSQL: pg_stat_statements, BEGIN and COMMIT included). */
  statements?: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  target: string;
  vs?: { label: string; rps: number };
}

const ok200 = (body: string | Buffer | undefined) => String(body ?? '').startsWith('{"status":200,');

/** Counts the database's statements around a run, where it can (PostgreSQL with pg_stat_statements). */
type Counter = { reset(): Promise<void>; count(): Promise<number> } | undefined;

async function measure(name: string, target: string, opts: autocannon.Options, counter?: Counter): Promise<Row> {
  await counter?.reset();
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, verifyBody: ok200, ...opts });
  const statements = counter ? (await counter.count()) / Math.max(1, r.requests.total) : undefined;
  return { name, statements, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx + r.mismatches, target };
}

/** pg_stat_statements on a PostgreSQL started with it preloaded; undefined when it is not there. */
async function statementCounter(url: string): Promise<{ counter: Counter; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
  } catch {
    await client.end();
    return { counter: undefined, close: async () => undefined };
  }
  const mine = "query not ilike '%pg_stat_statements%' and dbid = (select oid from pg_database where datname = current_database())";
  return {
    counter: {
      reset: async () => void (await client.query('select pg_stat_statements_reset()')),
      count: async () => Number((await client.query<{ n: string }>(`select coalesce(sum(calls), 0) as n from pg_stat_statements where ${mine}`)).rows[0]!.n),
    },
    close: () => client.end(),
  };
}

interface Question {
  allTestID: number;
  answer: string | string[];
}

/** The answer transaction exactly as submitReply runs it (practice store + the book's hook), straight on the database. */
async function rawAnswerRate(store: Store, userId: number, questions: { id: number; chapterId: number }[], parallel: number): Promise<number> {
  const database = await openStore(store);
  try {
    const practice = createPracticeStore(database.db);
    const book = createBookHooks(createBookStore(database.db));
    const tag = Date.now().toString(36);
    let n = 0;
    const until = Date.now() + DURATION * 1000;
    const worker = async () => {
      while (Date.now() < until) {
        const i = n++;
        const q = questions[i % questions.length]!;
        const at = new Date();
        await practice.saveAnswer(
          {
            userId,
            appId: APP_ID,
            chapterId: q.chapterId,
            questionId: q.id,
            replyId: `raw-${tag}-${String(i).padStart(8, '0')}`,
            reply: 'A',
            right: true,
            score: 1,
            spentSeconds: 7,
            examHistoryId: 0,
            createdAt: at,
          },
          async (tx, r) => void (await book.onAnswerStored(tx, { userId, appId: r.appId, questionId: r.questionId, right: r.right, at: r.createdAt })),
        );
      }
    };
    const t0 = Date.now();
    await Promise.all(Array.from({ length: parallel }, worker));
    return n / ((Date.now() - t0) / 1000);
  } finally {
    await database.close();
  }
}

async function benchStore(label: string, store: Store, work: string): Promise<Row[]> {
  console.log(`\n== ${label} ==`);
  const server = spawnServer(APP_PORT, store);
  const stats = store.kind === 'postgres' ? await statementCounter(store.url) : { counter: undefined, close: async () => undefined };
  const bares: ChildProcess[] = [];
  const rows: Row[] = [];
  let userId = 0;
  let answered: { id: number; chapterId: number }[] = [];
  try {
    await waitReady(server, APP_PORT);
    const guid = await login(APP_PORT);
    const home = await api<{ modules: unknown[] }>(APP_PORT, '/api/app/moduleInfoX', { guid, appID: APP_ID });
    if (home.body.status !== 200) throw new Error(`moduleInfoX: ${home.text.slice(0, 200)}`);
    const info = await api<{ userID: number }>(APP_PORT, '/api/user/getUserInfo', { guid });
    userId = info.body.data.userID;
    const page = await api<{ list: (Question & { cptID: number })[] }>(APP_PORT, '/api/exam/getChapterTestEx', { guid, appID: APP_ID, cptID: 7, pageSize: 200 });
    const qs = page.body.data.list.filter((q) => !Array.isArray(q.answer) && /^[A-E]+$/.test(q.answer));
    if (qs.length === 0) throw new Error(`no choice questions in chapter 7: ${page.text.slice(0, 200)}`);
    answered = qs.map((q) => ({ id: q.allTestID, chapterId: q.cptID ?? 7 }));
    const tag = Date.now().toString(36);
    let n = 0;
    const fresh = () => [
      {
        method: 'POST' as const,
        headers: FORM,
        setupRequest: (req: autocannon.Request) => {
          const i = n++;
          const q = qs[i % qs.length]!;
          const body = new URLSearchParams({
            guid,
            appID: String(APP_ID),
            cptID: '7',
            allTestID: String(q.allTestID),
            lastUserReply: String(q.answer),
            spendTime: '7',
            replyID: `hot-${tag}-${String(i).padStart(8, '0')}`,
          });
          return { ...req, body: body.toString() };
        },
      },
    ];
    const sample = await api(
      APP_PORT,
      '/api/exam/submitReply',
      { guid, appID: APP_ID, cptID: 7, allTestID: qs[0]!.allTestID, lastUserReply: String(qs[0]!.answer), spendTime: 7, replyID: `hot-${tag}-sample-0000` },
      'POST',
    );
    if (sample.body.status !== 200) throw new Error(`submitReply: ${sample.text.slice(0, 200)}`);
    writeFileSync(join(work, 'home.json'), home.text);
    writeFileSync(join(work, 'answer.json'), sample.text);
    bares.push(await startBare(BARE_GET_PORT, join(work, 'home.json')), await startBare(BARE_POST_PORT, join(work, 'answer.json')));

    const bareGet = await measure('bare route GET', '—', { url: `http://127.0.0.1:${BARE_GET_PORT}/bare?${COMMON}&guid=${guid}&appID=${APP_ID}` });
    rows.push(bareGet);
    rows.push({
      ...(await measure(
        'moduleInfoX',
        '≥ 30 % of bare, p99 ≤ 50 ms',
        { url: `http://127.0.0.1:${APP_PORT}/api/app/moduleInfoX?${COMMON}&guid=${guid}&appID=${APP_ID}` },
        stats.counter,
      )),
      vs: { label: 'bare', rps: bareGet.rps },
    });
    // The home page's plan card (docs/plan.md): the learner's plan view, measured from their records on each call.
    const exam = addDays(chinaDay(Date.now()), 60);
    const plan = await api(APP_PORT, '/api/xxjh/openplan', { guid, appID: APP_ID, mdate: exam, timesize: 60 }, 'POST');
    if (plan.body.status !== 200) throw new Error(`openplan: ${plan.text.slice(0, 200)}`);
    rows.push({
      ...(await measure('studyplan (home card)', 'p99 ≤ 50 ms', { url: `http://127.0.0.1:${APP_PORT}/api/xxjh/studyplan?${COMMON}&guid=${guid}&appID=${APP_ID}` }, stats.counter)),
      vs: { label: 'bare', rps: bareGet.rps },
    });
    const barePost = await measure('bare route POST', '—', { url: `http://127.0.0.1:${BARE_POST_PORT}/bare?${COMMON}`, requests: fresh() });
    rows.push(barePost);
    rows.push(
      await measure(
        'submitReply (new replyID)',
        '≥ 60 % of raw, p99 ≤ 50 ms',
        { url: `http://127.0.0.1:${APP_PORT}/api/exam/submitReply?${COMMON}`, requests: fresh() },
        stats.counter,
      ),
    );
  } finally {
    for (const c of bares) c.kill('SIGTERM');
    await stats.close();
    await stopServer(server);
  }
  // PGlite is one connection in one process: the raw rate is serial, after the server let go of the data directory.
  const parallel = store.kind === 'pglite' ? 1 : CONNECTIONS;
  const raw = await rawAnswerRate(store, userId, answered, parallel);
  rows.push({ name: `raw answer transaction ×${parallel}`, rps: raw, p50: NaN, p99: NaN, bad: 0, target: '—' });
  rows[4]!.vs = { label: 'raw', rps: raw };
  return rows;
}

function print(label: string, rows: Row[]) {
  console.log(`\nHot paths, ${label}: ${DURATION} s each, ${CONNECTIONS} connections, ${cpus().length}-core host, load 1m ${loadavg()[0]!.toFixed(1)}`);
  console.log('call'.padEnd(30), 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'bad'.padStart(5), 'ratio'.padStart(12), 'SQL/call'.padStart(9), '  target');
  for (const r of rows) {
    const ratio = r.vs ? `${((r.rps / r.vs.rps) * 100).toFixed(0)}% of ${r.vs.label}` : '—';
    const ms = (v: number) => (Number.isNaN(v) ? '—' : String(v));
    const sql = r.statements === undefined ? '—' : r.statements.toFixed(2);
    console.log(
      r.name.padEnd(30),
      r.rps.toFixed(0).padStart(8),
      ms(r.p50).padStart(7),
      ms(r.p99).padStart(7),
      String(r.bad).padStart(5),
      ratio.padStart(12),
      sql.padStart(9),
      `  ${r.target}`,
    );
  }
}

const work = mkdtempSync(join(tmpdir(), 'kaoshi-hot-bench-'));
const results: [string, Row[]][] = [];
try {
  results.push(['PGlite (data directory)', await benchStore('PGlite (data directory)', { kind: 'pglite', dataDir: join(work, 'data') }, work)]);
  const given = process.env.BENCH_PG_URL;
  // pg_stat_statements preloaded: the bench prints the statements the database ran per call.
  const cluster = given ? undefined : startPgCluster(PG_PORT, '-c shared_preload_libraries=pg_stat_statements');
  if (cluster && 'skipped' in cluster) console.log(`\nPostgreSQL skipped: ${cluster.skipped}`);
  else {
    const url = given ?? (cluster as { url: string }).url;
    try {
      results.push(['PostgreSQL', await benchStore('PostgreSQL', { kind: 'postgres', url }, work)]);
    } finally {
      if (cluster && 'stop' in cluster) cluster.stop();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const [label, rows] of results) print(label, rows);

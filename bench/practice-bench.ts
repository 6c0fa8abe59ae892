// Chapter practice under load (docs/practice.md): a 100,000-question synthetic bank (generate-bank.ts) imported
// with the server's import CLI into a fresh database, the real server (NODE_ENV=production, its own process) and
// a bare Fastify route answering the very same bytes, in the same run. Measured with autocannon:
//   - POST /api/exam/submitReply with a fresh replyID per request (each one a new row), and replaying one replyID;
//   - GET /api/exam/getChapterTestEx of a chapter with at least 500 questions, pageSize 500.
// A request counts as failed when the transport fails, the HTTP status is not 2xx, or the body status is not 200
// (the API answers HTTP 200 with a body status). First on PGlite (a data directory), then on PostgreSQL when
// BENCH_PG_URL is set or a throwaway cluster can be started the way .ci/run does; otherwise it says why not.
//
// The synthetic bank is for subject 1001 (generate-bank.ts's default): it is in the demo catalog for agent 888,
// and the demo member 13900000000 holds 至尊班 of it, so every chapter is open to them (a trial opens only the
// first chapter of each part: docs/entitlement.md).
// `npm run import` marks the bank as imported, so the demo seed at server start leaves it alone (the 316 demo
// questions of 1001 are retired by the import: the synthetic bank is the whole bank of 1001 in this database).
import autocannon from 'autocannon';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, COMMON, FORM, here, IMPORT_CLI, login, spawnServer, startBare, startPgCluster, stopServer, storeEnv, waitReady, type Store } from './lib.ts';
import { openStore } from './open-store.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** A 500-question page is ~230 KB of JSON: fewer connections, or p99 only measures queueing. */
const PAGE_CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 10);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
/** BENCH_ANALYZE=1: run ANALYZE after the import (a diagnostic: the server never does). */
const ANALYZE = process.env.BENCH_ANALYZE === '1';
const APP_ID = 1001;
const PAGE = 500;
const APP_PORT = 3300;
const BARE_POST_PORT = 3301;
const BARE_GET_PORT = 3302;
const PG_PORT = 3303;

interface Question {
  allTestID: number;
  cptID: number;
  answer: string | string[];
}
interface Chapter {
  cptID: number;
  parentID: number | null;
  total: number;
  name: string;
}
interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  badBody: number;
  total: number;
  load: number;
  baseline?: Row;
}

/** The body status is the first field of every reply (`{"status":200,...`): a prefix check, no JSON.parse per reply. */
const ok200 = (body: string | Buffer | undefined) => String(body ?? '').startsWith('{"status":200,');

async function measure(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, verifyBody: ok200, ...opts });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    badBody: r.mismatches,
    total: r.requests.total,
    load: loadavg()[0]!,
  };
}

const replyOf = (q: Question) => (Array.isArray(q.answer) ? q.answer[0]! : q.answer);

async function benchStore(label: string, store: Store, bank: string, work: string): Promise<Row[]> {
  console.log(`\n== ${label} ==`);
  let t0 = Date.now();
  const imported = execFileSync(process.execPath, ['--import', 'tsx', IMPORT_CLI, bank], {
    cwd: join(here, '../apps/server'),
    env: { ...process.env, ...storeEnv(store) },
    encoding: 'utf8',
  });
  console.log(`import (npm run import, migrations and seed included): ${imported.trim()} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (ANALYZE) {
    // Diagnostic, not what the server does: planner statistics for the freshly imported tables (PGlite has no
    // autovacuum, so without this its tables are never analysed; PostgreSQL's autoanalyze may not have run yet).
    t0 = Date.now();
    const database = await openStore(store);
    try {
      await database.db.execute('analyze');
    } finally {
      await database.close();
    }
    console.log(`BENCH_ANALYZE=1: ANALYZE in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }

  const server = spawnServer(APP_PORT, store);
  const bares: ChildProcess[] = [];
  try {
    t0 = Date.now();
    await waitReady(server, APP_PORT);
    console.log(`server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const guid = await login(APP_PORT);

    // Two leaf chapters with at least 500 questions: A is read (getChapterTestEx), B is answered (submitReply).
    const menu = await api<{ list: Chapter[] }>(APP_PORT, '/api/chapterMenu/list', { guid, appID: APP_ID });
    if (menu.body.status !== 200) throw new Error(`chapterMenu/list: ${menu.text.slice(0, 300)}`);
    const parents = new Set(menu.body.data.list.map((c) => c.parentID));
    const leaves = menu.body.data.list.filter((c) => !parents.has(c.cptID) && c.total >= PAGE).sort((a, b) => b.total - a.total || a.cptID - b.cptID);
    if (leaves.length < 2) throw new Error(`fewer than two chapters with ${PAGE} questions in subject ${APP_ID} (was the bank imported?)`);
    const [chA, chB] = [leaves[0]!, leaves[1]!];
    const page = async (c: Chapter) => {
      const r = await api<{ total: number; list: Question[] }>(APP_PORT, '/api/exam/getChapterTestEx', { guid, appID: APP_ID, cptID: c.cptID, pageSize: PAGE });
      if (r.body.status !== 200 || r.body.data.list.length !== PAGE) throw new Error(`getChapterTestEx ${c.cptID}: ${r.text.slice(0, 300)}`);
      return r;
    };
    const submit = async (q: Question, cptID: number, replyID: string) => {
      const r = await api<{ replyID: string }>(
        APP_PORT,
        '/api/exam/submitReply',
        { guid, appID: APP_ID, cptID, allTestID: q.allTestID, lastUserReply: replyOf(q), spendTime: 7, replyID },
        'POST',
      );
      if (r.body.status !== 200 || r.body.data.replyID !== replyID) throw new Error(`submitReply: ${r.text.slice(0, 300)}`);
      return r;
    };

    // The learner has been through chapter A once: every question of the page carries its `last` reply.
    const qa = (await page(chA)).body.data.list;
    const tag = Date.now().toString(36);
    for (let i = 0; i < qa.length; i += 10) await Promise.all(qa.slice(i, i + 10).map((q, k) => submit(q, chA.cptID, `warm-${tag}-${String(i + k).padStart(8, '0')}`)));
    const pageA = await page(chA);
    if (!pageA.body.data.list.every((q) => (q as unknown as { last: unknown }).last)) throw new Error('getChapterTestEx: `last` missing after answering every question');
    const qb = (await page(chB)).body.data.list;
    const replayID = `replay-${tag}-00000000`;
    const sample = await submit(qb[0]!, chB.cptID, replayID);
    const again = await submit(qb[0]!, chB.cptID, replayID);
    if (again.text !== sample.text) throw new Error(`a replay answered differently:\n${sample.text}\n${again.text}`);
    console.log(`chapter A ${chA.cptID} (${chA.total} questions, read; a ${pageA.text.length}-byte page of ${PAGE}), chapter B ${chB.cptID} (${chB.total} questions, answered)`);

    const postBody = join(work, 'submit-reply.json');
    const getBody = join(work, 'chapter-page.json');
    writeFileSync(postBody, sample.text);
    writeFileSync(getBody, pageA.text);
    bares.push(await startBare(BARE_POST_PORT, postBody), await startBare(BARE_GET_PORT, getBody));

    // A fresh replyID for every request, cycling over chapter B's questions (all valid answers).
    const fresh = (prefix: string) => {
      let n = 0;
      return [
        {
          method: 'POST' as const,
          headers: FORM,
          setupRequest: (req: autocannon.Request) => {
            const i = n++;
            const q = qb[i % qb.length]!;
            const body = new URLSearchParams({
              guid,
              appID: String(APP_ID),
              cptID: String(chB.cptID),
              allTestID: String(q.allTestID),
              lastUserReply: replyOf(q),
              spendTime: '7',
              replyID: `${prefix}-${tag}-${String(i).padStart(8, '0')}`,
            });
            return { ...req, body: body.toString() };
          },
        },
      ];
    };
    const replayBody = new URLSearchParams({
      guid,
      appID: String(APP_ID),
      cptID: String(chB.cptID),
      allTestID: String(qb[0]!.allTestID),
      lastUserReply: replyOf(qb[0]!),
      spendTime: '7',
      replyID: replayID,
    }).toString();
    const getQuery = `${COMMON}&guid=${guid}&appID=${APP_ID}&cptID=${chA.cptID}&pageSize=${PAGE}`;

    const rows: Row[] = [];
    const barePost = await measure('bare fastify POST', { url: `http://127.0.0.1:${BARE_POST_PORT}/bare?${COMMON}`, requests: fresh('bare') });
    rows.push(barePost);
    rows.push({
      ...(await measure('submitReply (new replyID)', { url: `http://127.0.0.1:${APP_PORT}/api/exam/submitReply?${COMMON}`, requests: fresh('load') })),
      baseline: barePost,
    });
    rows.push({
      ...(await measure('submitReply (replay)', {
        url: `http://127.0.0.1:${APP_PORT}/api/exam/submitReply?${COMMON}`,
        method: 'POST',
        headers: FORM,
        body: replayBody,
      })),
      baseline: barePost,
    });
    const bareGet = await measure('bare fastify GET 500q', { url: `http://127.0.0.1:${BARE_GET_PORT}/bare?${getQuery}`, connections: PAGE_CONNECTIONS });
    rows.push(bareGet);
    rows.push({
      ...(await measure('getChapterTestEx 500q', { url: `http://127.0.0.1:${APP_PORT}/api/exam/getChapterTestEx?${getQuery}`, connections: PAGE_CONNECTIONS })),
      baseline: bareGet,
    });

    // The replay must not have written rows, the fresh run one row per acknowledged request: chapter B's `done`.
    const after = await api<{ list: (Chapter & { done: number })[] }>(APP_PORT, '/api/chapterMenu/list', { guid, appID: APP_ID });
    const b = after.body.data.list.find((c) => c.cptID === chB.cptID)!;
    console.log(`after the runs: chapter B ${b.done}/${b.total} questions answered`);
    return rows;
  } finally {
    for (const c of bares) c.kill('SIGTERM');
    await stopServer(server);
  }
}

function print(label: string, rows: Row[]) {
  console.log(
    `\nPractice bench, ${label}${ANALYZE ? ', ANALYZE after the import (BENCH_ANALYZE=1)' : ''}: ${DURATION} s each, ${CONNECTIONS} connections (500-question pages: ${PAGE_CONNECTIONS}), ${cpus().length}-core machine, client and servers on one host; load 1m = the host's 1-minute load average after each run (other work on the host shows there)`,
  );
  console.log(
    'call'.padEnd(27),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'requests'.padStart(9),
    'errors'.padStart(7),
    'non-2xx'.padStart(8),
    'body≠200'.padStart(9),
    'vs bare'.padStart(8),
    'load 1m'.padStart(8),
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(27),
      r.rps.toFixed(0).padStart(8),
      String(r.p50).padStart(7),
      String(r.p99).padStart(7),
      String(r.total).padStart(9),
      String(r.errors).padStart(7),
      String(r.non2xx).padStart(8),
      String(r.badBody).padStart(9),
      (r.baseline ? `${((r.rps / r.baseline.rps) * 100).toFixed(1)}%` : '—').padStart(8),
      r.load.toFixed(1).padStart(8),
    );
  }
}

const work = mkdtempSync(join(tmpdir(), 'kaoshi-practice-bench-'));
const results: [string, Row[]][] = [];
let failed = false;
try {
  const bank = join(work, 'bank.json');
  const t0 = Date.now();
  const gen = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'generate-bank.ts'), bank, '--count', String(QUESTIONS), '--app', String(APP_ID)], {
    encoding: 'utf8',
  });
  console.log(`${gen.trim()} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  results.push(['PGlite (data directory)', await benchStore('PGlite (data directory)', { kind: 'pglite', dataDir: join(work, 'data') }, bank, work)]);

  const given = process.env.BENCH_PG_URL;
  const cluster = given ? undefined : startPgCluster(PG_PORT);
  if (cluster && 'skipped' in cluster) {
    console.log(`\nPostgreSQL skipped: ${cluster.skipped}`);
  } else {
    const url = given ?? (cluster as { url: string }).url;
    const label = given ? 'PostgreSQL (BENCH_PG_URL)' : `PostgreSQL (throwaway cluster on 127.0.0.1:${PG_PORT}, as .ci/run starts it)`;
    try {
      results.push([label, await benchStore(label, { kind: 'postgres', url }, bank, work)]);
    } finally {
      if (cluster && 'stop' in cluster) cluster.stop();
    }
  }
} catch (err) {
  failed = true;
  console.error(`practice bench failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const [label, rows] of results) print(label, rows);
if (failed) process.exit(1);

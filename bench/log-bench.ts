// Request logging's cost (issue 33, item 5): the home page call (moduleInfoX) of the server as production runs it
// (compiled, NODE_ENV=production, one log line per call at LOG_LEVEL=info written to a file), beside the same server
// with request logging off (LOG_LEVEL=warn) and a bare node:http route answering the same bytes, in one run.
// Target: with logging on, moduleInfoX answers at least 30 % of the bare route's requests per second.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { api, COMMON, login, serverArgs, serverEnv, stopServer, waitReady, type Server } from './lib.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// LOG_PORT: the first of the three ports (the app, the bare route, plain Fastify).
const BASE_PORT = Number(process.env.LOG_PORT ?? 3330);
const [APP_PORT, BARE_PORT, PLAIN_PORT] = [BASE_PORT, BASE_PORT + 1, BASE_PORT + 2];
const TARGET = 0.3;

interface Row {
  name: string;
  rps: number;
  p99: number;
  bad: number;
}

async function measure(name: string, url: string): Promise<Row> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, verifyBody: (b) => String(b ?? '').startsWith('{"status":200,') });
  return { name, rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx + r.mismatches };
}

/** The server with its log going to a file (as journald would take it), at the given level. */
function startServer(work: string, level: 'info' | 'warn'): { server: Server; logFile: string } {
  const logFile = join(work, `server-${level}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, ...serverEnv(APP_PORT, { kind: 'pglite', dataDir: join(work, `data-${level}`) }), LOG_LEVEL: level },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { server: { child, output: () => '', exited }, logFile };
}

/** A bare node:http server (its own process) answering one stored body to every request. */
function startBare(bodyFile: string): Promise<ChildProcess> {
  const code = `const b=require('fs').readFileSync(${JSON.stringify(bodyFile)});require('http').createServer((q,r)=>{r.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':b.length});r.end(b)}).listen(${BARE_PORT},'127.0.0.1',()=>console.log('bare http on'))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('bare http on') && resolve(child));
    child.on('exit', (c) => reject(new Error(`bare server exited (${c})`)));
  });
}

/**
 * A plain Fastify server (its own process, no plugins or hooks) answering the same body from a route, serialized
 * per request as the app's replies are: the ceiling of any design on Fastify, measured in the same run.
 */
function startPlainFastify(bodyFile: string): Promise<ChildProcess> {
  const fastifyPath = createRequire(join(process.cwd(), '..', 'apps', 'server', 'package.json')).resolve('fastify');
  const code = `const body=JSON.parse(require('fs').readFileSync(${JSON.stringify(bodyFile)},'utf8'));const f=require(${JSON.stringify(fastifyPath)})();f.get('/plain',async()=>body);f.listen({port:${PLAIN_PORT},host:'127.0.0.1'}).then(()=>console.log('plain fastify on'))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('plain fastify on') && resolve(child));
    child.on('exit', (c) => reject(new Error(`plain Fastify server exited (${c})`)));
  });
}

const work = mkdtempSync(join(tmpdir(), 'kaoshi-log-bench-'));
const rows: Row[] = [];
let bare: ChildProcess | undefined;
let logLines = 0;
let plainRow: Row | undefined;
try {
  console.log(`request logging: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}, ${DURATION} s × ${CONNECTIONS} connections each`);
  for (const level of ['info', 'warn'] as const) {
    const { server, logFile } = startServer(work, level);
    try {
      await waitReady(server, APP_PORT);
      const guid = await login(APP_PORT);
      const home = await api(APP_PORT, '/api/app/moduleInfoX', { guid, appID: 1001 });
      if (!bare) {
        writeFileSync(join(work, 'home.json'), home.text);
        bare = await startBare(join(work, 'home.json'));
        rows.push(await measure('bare node:http route', `http://127.0.0.1:${BARE_PORT}/bare`));
        const plain = await startPlainFastify(join(work, 'home.json'));
        try {
          plainRow = await measure('plain Fastify route (same body)', `http://127.0.0.1:${PLAIN_PORT}/plain`);
        } finally {
          plain.kill();
        }
      }
      const row = await measure(
        `moduleInfoX, request logging ${level === 'info' ? 'on (info)' : 'off (warn)'}`,
        `http://127.0.0.1:${APP_PORT}/api/app/moduleInfoX?${COMMON}&guid=${guid}&appID=1001`,
      );
      rows.push(row);
      if (level === 'info') logLines = readFileSync(logFile, 'utf8').split('"msg":"call"').length - 1;
    } finally {
      await stopServer(server);
    }
  }
} finally {
  bare?.kill();
  rmSync(work, { recursive: true, force: true });
}

const bareRps = rows[0]!.rps;
console.log('\n| route | req/s | p99 ms | errors | vs bare node:http | target |');
console.log('| --- | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) {
  const ratio = r.rps / bareRps;
  const target = r.name.includes('logging on') ? `≥ ${TARGET * 100} % ${ratio >= TARGET ? 'met' : 'MISSED'}` : '—';
  console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.bad} | ${(ratio * 100).toFixed(0)} % | ${target} |`);
}
if (plainRow) {
  const ratio = plainRow.rps / bareRps;
  console.log(`| ${plainRow.name} | ${plainRow.rps.toFixed(0)} | ${plainRow.p99} | ${plainRow.bad} | ${(ratio * 100).toFixed(0)} % | ceiling of a Fastify server |`);
}
const [on, off] = [rows[1]!, rows[2]!];
console.log(`\nlogging's own cost: ${(((off.rps - on.rps) / off.rps) * 100).toFixed(1)} % of moduleInfoX's throughput (${logLines} call lines written at info)`);

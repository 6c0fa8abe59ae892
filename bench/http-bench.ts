// Hot API calls beside a bare Fastify route, in the same run: req/s, p99 and the ratio to the bare route.
// The real server runs in its own process on a fresh embedded database, exactly as `npm start` runs it.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (ready.test(out)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before ready:\n${out}`)));
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not up: ${url}`);
}

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  baseline?: Row;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

const dataDir = mkdtempSync(join(tmpdir(), 'kaoshi-bench-'));
const appPort = 3200;
const barePort = 3201;
const children: ChildProcess[] = [];
try {
  const server = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, NODE_ENV: 'production', SMS_PROVIDER: 'disabled', PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', DEMO_LEARNERS: 'on' },
    stdio: 'inherit',
  });
  children.push(server);
  await waitFor(`http://127.0.0.1:${appPort}/api/agentInfo/getAgentInfo`);
  const agentReply = await (await fetch(`http://127.0.0.1:${appPort}/api/agentInfo/getAgentInfo`)).text();
  children.push(await start([join(here, 'bare-server.ts'), String(barePort)], { BARE_BODY: agentReply }, /bare fastify on/));

  const md5 = createHash('md5').update('Demo@2026').digest('hex');
  const loginBody = new URLSearchParams({ username: '13800000000', password: md5, agentCode: '888', clientType: 'web_pc' }).toString();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  // Every call carries the common query parameters (spec §7); the bare route gets the same query string.
  const common = 'client=web_pc&terminalType=3&clientver=1.0.0&v=bench&_u=';
  const rows: Row[] = [];
  rows.push(await run('bare fastify GET', { url: `http://127.0.0.1:${barePort}/bare?${common}` }));
  const bareGet = rows[0];
  rows.push(await run('getAgentInfo', { url: `http://127.0.0.1:${appPort}/api/agentInfo/getAgentInfo?${common}` }));
  rows[1].baseline = bareGet;
  rows.push(await run('bare fastify POST', { url: `http://127.0.0.1:${barePort}/bare?${common}`, method: 'POST', headers: form, body: loginBody, connections: 8 }));
  // Logins are argon2id-bound (m=19 MiB, t=2): fewer connections, or the p99 only measures queueing.
  rows.push(
    await run('userlogin (argon2id)', {
      url: `http://127.0.0.1:${appPort}/api/user/userlogin?${common}`,
      method: 'POST',
      headers: form,
      body: loginBody,
      connections: 8,
    }),
  );

  rows[3].baseline = rows[2];
  console.log(`\nHTTP bench: ${CONNECTIONS} connections, ${DURATION} s each, 2-core machine, client and servers on one host`);
  console.log('call'.padEnd(24), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'vs bare'.padStart(9), '(each call against the bare route of its method)');
  for (const r of rows) {
    console.log(
      r.name.padEnd(24),
      r.rps.toFixed(0).padStart(10),
      String(r.p99).padStart(8),
      String(r.errors + r.non2xx).padStart(7),
      (r.baseline ? `${((r.rps / r.baseline.rps) * 100).toFixed(1)}%` : '—').padStart(9),
    );
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}

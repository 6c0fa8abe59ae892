// Shared by practice-bench.ts and crash-test.ts: start/stop the real server, log in, a throwaway PostgreSQL.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = join(here, '../apps/server/src/main.ts');
/** The compiled server (`npm run build`), run as production runs it; the source through tsx when it is not built. */
export const SERVER_DIST = join(here, '../apps/server/dist/main.js');

let told = false;
/** Node's arguments to start the server: the compiled build when there is one (BENCH_FROM_SOURCE=1: the source). */
export function serverArgs(): string[] {
  const compiled = existsSync(SERVER_DIST) && !process.env.BENCH_FROM_SOURCE;
  if (!told) {
    told = true;
    console.log(compiled ? 'server: compiled (apps/server/dist, as production runs it)' : 'server: from source through tsx (npm run build for the compiled one)');
  }
  return compiled ? [SERVER_DIST] : ['--import', 'tsx', SERVER_MAIN];
}
export const IMPORT_CLI = join(here, '../apps/server/src/cli/import.ts');

/** Where the server's data lives: a PGlite data directory or a PostgreSQL URL. */
export type Store = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export const storeEnv = (s: Store): Record<string, string> => (s.kind === 'pglite' ? { DATA_DIR: s.dataDir, DATABASE_URL: '' } : { DATABASE_URL: s.url, DATA_DIR: '' });

/**
 * The environment http-bench.ts runs the server with: exactly `npm start`, production, no SMS, quiet logs, and no demo
 * media rendered behind the measurement (the demo lessons' ffmpeg would take a core; a bench that needs lessons imports
 * its own).
 */
export function serverEnv(port: number, store: Store): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SMS_PROVIDER: 'disabled',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    // The benches sign in as the demo learners, which production makes only on a demo site.
    DEMO_LEARNERS: 'on',
    REDIS_URL: '',
    DEMO_VIDEO: 'off',
    DEMO_LIVE: 'off',
    ...storeEnv(store),
  };
}

export interface Server {
  child: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves with the exit code / signal once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawn the real server (serverArgs: the pid is the server itself, so SIGKILL hits it). */
export function spawnServer(port: number, store: Store, extraEnv: Record<string, string> = {}): Server {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs()], {
    env: { ...process.env, ...serverEnv(port, store), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => out, exited };
}

/** Wait until the server answers getAgentInfo with HTTP 200; throws with its output when it exits first or times out. */
export async function waitReady(server: Server, port: number, timeoutMs = 120_000): Promise<number> {
  const t0 = Date.now();
  let gone: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void server.exited.then((e) => (gone = e));
  while (Date.now() - t0 < timeoutMs) {
    if (gone) throw new Error(`server exited (code ${gone.code}, signal ${gone.signal}) before it was ready:\n${server.output()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/agentInfo/getAgentInfo`, { signal: AbortSignal.timeout(2_000) });
      if (r.ok) return Date.now() - t0;
    } catch {}
    await sleep(100);
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGTERM (clean shutdown) and wait for the exit; SIGKILL after `graceMs`. */
export async function stopServer(server: Server, graceMs = 15_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every call carries the common query parameters (spec §7). */
export const COMMON = 'client=web_pc&terminalType=3&clientver=1.0.0&v=bench&_u=';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** The demo member (至尊班 of 护士执业资格): every chapter is open to them, not only a trial's. */
export const DEMO_PHONE = '13900000000';
export const DEMO_PASSWORD = 'Demo@2026';

/** Password login of a demo learner (the password travels md5-hashed, contract userlogin); returns the guid. */
export async function login(port: number, phone = DEMO_PHONE, password = DEMO_PASSWORD): Promise<string> {
  return (await loginUser(port, phone, password)).guid;
}

/** The same login, answering the user's id too (`timeoutMs`: a server that may be down gives up sooner). */
export async function loginUser(port: number, phone = DEMO_PHONE, password = DEMO_PASSWORD, timeoutMs = 30_000): Promise<{ guid: string; userID: number }> {
  const md5 = createHash('md5').update(password).digest('hex');
  const body = new URLSearchParams({ username: phone, password: md5, agentCode: '888', clientType: 'web_pc' }).toString();
  const r = await fetch(`http://127.0.0.1:${port}/api/user/userlogin?${COMMON}`, { method: 'POST', headers: FORM, body, signal: AbortSignal.timeout(timeoutMs) });
  const j = (await r.json()) as { status: number; msg: string; data?: { guid?: string; userID?: number } };
  if (j.status !== 200 || !j.data?.guid || !j.data.userID) throw new Error(`login of ${phone} failed: ${j.status} ${j.msg}`);
  return { guid: j.data.guid, userID: j.data.userID };
}

/** GET/POST a call and parse the {status, msg, data} body. */
export async function api<T = unknown>(port: number, path: string, params: Record<string, string | number>, method: 'GET' | 'POST' = 'GET', timeoutMs = 30_000) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const url = `http://127.0.0.1:${port}${path}?${COMMON}${method === 'GET' ? `&${qs}` : ''}`;
  const r = await fetch(url, { method, signal: AbortSignal.timeout(timeoutMs), ...(method === 'POST' ? { headers: FORM, body: qs } : {}) });
  const text = await r.text();
  return { http: r.status, text, body: JSON.parse(text) as { status: number; msg: string; data: T } };
}

/**
 * A throwaway PostgreSQL cluster started the way .ci/run starts one: initdb (trust auth) in a temp dir and
 * pg_ctl on a loopback port, as user postgres when we are root; `serverOptions` are more postgres flags (-c …).
 * Returns why it cannot when it cannot.
 */
export function startPgCluster(port: number, serverOptions = ''): { url: string; stop(): void } | { skipped: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/initdb'))) : [];
  if (versions.length === 0) return { skipped: 'no BENCH_PG_URL and no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb; .ci/run installs the postgresql package)' };
  const bin = join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1)!, 'bin');
  const isRoot = userInfo().uid === 0;
  const as = (cmd: string, args: string[]) =>
    isRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'kaoshi-bench-pg-'));
  try {
    if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
    as(join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres']);
    as(join(bin, 'pg_ctl'), ['-D', dir, '-w', '-l', join(dir, 'server.log'), '-o', `-h 127.0.0.1 -p ${port} -k ${dir} ${serverOptions}`.trim(), 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const e = err as { stderr?: Buffer; message: string };
    return { skipped: `could not start a PostgreSQL cluster with ${bin}: ${(e.stderr?.toString() || e.message).trim().split('\n').slice(-3).join(' ')}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        as(join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts bench/bare-server.ts (a bare Fastify answering one stored body) on a port; resolves once it listens. */
export function startBare(port: number, bodyFile: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'bare-server.ts'), String(port)], {
      env: { ...process.env, BARE_BODY_FILE: bodyFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('bare fastify on')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`bare server exited (${code}) before ready:\n${out}`)));
  });
}

/**
 * A throwaway Redis (Debian's redis-server) on `port`, no persistence, its files in `dir`; answers its URL and a
 * stop, or why it was skipped. BENCH_REDIS_URL uses a given one instead.
 */
export async function startRedis(port: number, dir: string): Promise<{ url: string; stop(): void } | { skipped: string }> {
  if (process.env.BENCH_REDIS_URL) return { url: process.env.BENCH_REDIS_URL, stop() {} };
  if (spawnSync('redis-server', ['--version']).status !== 0) return { skipped: 'redis-server is missing (Debian package redis-server)' };
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--dir', dir, '--pidfile', join(dir, `redis-${port}.pid`)];
  const started = spawnSync('redis-server', args);
  if (started.status !== 0) return { skipped: `redis-server did not start: ${started.stderr.toString().trim()}` };
  const ping = () =>
    spawnSync('redis-cli', ['-p', String(port), 'ping'])
      .stdout?.toString()
      .trim() === 'PONG';
  for (let i = 0; i < 50 && !ping(); i++) await sleep(100);
  return { url: `redis://127.0.0.1:${port}`, stop: () => void spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']) };
}

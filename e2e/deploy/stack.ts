import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { BROTLI, NGINX, makeCertificate, startNginx } from './nginx';
import { DEPLOY, REPO } from './ports';

function need(ok: boolean, what: string) {
  if (!ok) throw new Error(`deploy smoke: ${what}`);
}

async function waitFor(url: string, child: ChildProcess, log: string, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`deploy smoke: a server process exited (${child.exitCode}) before it was ready:\n${readFileSync(log, 'utf8').slice(-3000)}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`deploy smoke: ${url} did not answer within ${seconds} s:\n${readFileSync(log, 'utf8').slice(-3000)}`);
}

/**
 * The deployment of the README's "Deploy" section, on this machine (docs/deploy.md): the compiled server, as two
 * processes in production mode on one PostgreSQL database and one Redis, behind Debian's nginx running
 * deploy/nginx/kaoshi.conf itself (loopback ports, a certificate made here). Playwright's global setup: the smoke
 * journey (smoke.spec.ts) then drives Chromium through nginx. Needs `npm run build` first, DEPLOY_DATABASE_URL (a
 * PostgreSQL server we may create a database on) and DEPLOY_REDIS_URL; .ci/run passes its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DEPLOY_DATABASE_URL;
  const redisUrl = process.env.DEPLOY_REDIS_URL;
  need(!!adminUrl && !!redisUrl, 'set DEPLOY_DATABASE_URL (a PostgreSQL server) and DEPLOY_REDIS_URL (docs/deploy.md, "Tested")');
  need(existsSync(join(REPO, 'apps/server/dist/main.js')) && existsSync(join(REPO, 'apps/web/dist/index.html')), 'run `npm run build` first');
  need(existsSync(NGINX) && existsSync(BROTLI), 'needs nginx and its brotli module (Debian: nginx-light libnginx-mod-http-brotli-static)');

  const work = resolve(process.env.E2E_OUT ?? join(tmpdir(), 'kaoshi-e2e'), 'deploy');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });

  // A database of its own on the given server, dropped at the end.
  const dbName = `kaoshi_smoke_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl!);
  dbUrl.pathname = `/${dbName}`;

  // The certificate nginx serves (Chromium is told to accept it).
  makeCertificate(work);

  const env = (port: number, extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl!,
    DATA_DIR: join(work, 'data'),
    PUBLIC_BASE_URL: `https://127.0.0.1:${DEPLOY.https}`,
    TRUST_PROXY: 'on',
    METRICS_TOKEN: DEPLOY.metricsToken,
    SMS_PROVIDER: 'disabled',
    // A demo site: the demo learners sign in; one process renders the demo lessons, neither streams a demo class.
    DEMO_LEARNERS: 'on',
    DEMO_LIVE: 'off',
    // Production's level: one line per call, into server-<a|b>.log beside the nginx logs.
    LOG_LEVEL: 'info',
    ...extra,
  });
  for (const port of [DEPLOY.a, DEPLOY.b, DEPLOY.https, DEPLOY.http]) {
    const busy = await new Promise<boolean>((r) => {
      const sock = connect(port, '127.0.0.1', () => (sock.end(), r(true)));
      sock.on('error', () => r(false));
    });
    need(!busy, `port ${port} is taken (a server left from another run? E2E_PORT moves the smoke's ports)`);
  }
  const servers: ChildProcess[] = [];
  const start = (name: string, port: number, extra: Record<string, string>) => {
    const log = join(work, `server-${name}.log`);
    const out = openSync(log, 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', join(REPO, 'apps/server/dist/main.js')], { cwd: REPO, env: env(port, extra), stdio: ['ignore', out, out] });
    servers.push(child);
    return { child, log, ready: `http://127.0.0.1:${port}/readyz` };
  };
  // Both start at once on the fresh database: migrations and seed run under a lock, once.
  // Anything that fails from here stops what was started (an orphan would answer the next run's probes).
  const abandon = (err: unknown) => {
    for (const c of servers) c.kill('SIGKILL');
    throw err;
  };
  const a = start('a', DEPLOY.a, { DEMO_VIDEO: 'on' });
  const b = start('b', DEPLOY.b, { DEMO_VIDEO: 'off' });
  await Promise.all([waitFor(a.ready, a.child, a.log), waitFor(b.ready, b.child, b.log)]).catch(abandon);

  const nginx = await startNginx(work, DEPLOY).catch(abandon);

  return async () => {
    nginx.kill('SIGQUIT');
    // SIGTERM is the service manager's stop: each process must finish and exit 0 within its bound.
    const exits = servers.map((c) => new Promise<number | null>((r) => (c.exitCode !== null ? r(c.exitCode) : c.once('exit', (code) => r(code)))));
    for (const c of servers) c.kill('SIGTERM');
    const codes = await Promise.race([Promise.all(exits), new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
    for (const c of servers) if (c.exitCode === null) c.kill('SIGKILL');
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await drop.end();
    if (!codes || codes.some((c) => c !== 0)) throw new Error(`deploy smoke: the server processes did not stop cleanly on SIGTERM (exit codes ${JSON.stringify(codes)})`);
  };
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/**
 * WEB_CONCURRENCY (main.ts): server processes sharing one port on PostgreSQL. Runs where the suite runs on
 * PostgreSQL (TEST_DATABASE_URL, as CI's second pass); the embedded database is one process by design.
 */
const url = process.env.TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

it('refuses several processes on the embedded database, saying why', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, NODE_ENV: 'production', SMS_PROVIDER: 'disabled', DATABASE_URL: '', DATA_DIR: 'memory://', WEB_CONCURRENCY: '2', PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  expect(await new Promise((r) => child.on('exit', r))).toBe(1);
  expect(err).toContain('WEB_CONCURRENCY above 1 needs DATABASE_URL');
}, 60_000);

describe.skipIf(!url)('several server processes (WEB_CONCURRENCY)', () => {
  it('serves from every process, restarts them one by one on SIGHUP without a failed request, and stops on SIGTERM', async () => {
    const name = `cluster_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SMS_PROVIDER: 'disabled',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: target.toString(),
        WEB_CONCURRENCY: '2',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const waitFor = async (re: RegExp, ms = 60_000) => {
      const until = Date.now() + ms;
      while (!re.test(out)) {
        if (Date.now() > until) throw new Error(`not seen ${re} in:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const get = () => fetch(`http://127.0.0.1:${port}/api/agentInfo/getAgentInfo`).then((r) => r.json() as Promise<{ status: number }>);
    try {
      await waitFor(/2 server processes listening/);
      // Each process's own lines reach stdout in buffered writes (platform/logger.ts, within 250 ms in production).
      const readyLines = () => (out.match(/server process \d+ of 2 ready/g) ?? []).length;
      const ready = async (n: number) => {
        for (const until = Date.now() + 5_000; readyLines() < n && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
      };
      await ready(2);
      expect((out.match(/server process \d+ of 2 ready/g) ?? []).length).toBe(2);
      expect((await get()).status).toBe(200);

      // Requests all through a rolling restart: none fails.
      let failures = 0;
      let sent = 0;
      let going = true;
      const load = (async () => {
        while (going) {
          sent++;
          await get().then(
            (b) => void (b.status !== 200 && failures++),
            () => void failures++,
          );
        }
      })();
      child.kill('SIGHUP');
      await waitFor(/rolling restart done/);
      going = false;
      await load;
      expect(sent).toBeGreaterThan(10);
      expect(failures).toBe(0);
      await ready(4);
      expect((out.match(/server process \d+ of 2 ready/g) ?? []).length).toBe(4);
      expect(out).not.toMatch(/starting another/);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  }, 120_000);
});

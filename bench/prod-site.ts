// Shared by the browser benches (load-bench.ts, paint-bench.ts): the app as production serves it — the compiled
// server (apps/server/dist, NODE_ENV=production, serverEnv of lib.ts) behind Debian's nginx running
// deploy/nginx/kaoshi.conf itself (e2e/deploy/nginx.ts, as the deploy smoke starts it), over https and HTTP/2 with a
// self-signed certificate on loopback ports. One server process on a fresh PGlite data directory in /tmp.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeCertificate, startNginx } from '../e2e/deploy/nginx.ts';
import { SERVER_DIST, here, spawnServer, stopServer, waitReady, type Server } from './lib.ts';

export interface ProdSite {
  /** https://127.0.0.1:<port>, nginx's site. */
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts the site: nginx on `port` (https, HTTP/2) and `port + 1` (http), the server on `port + 2`.
 * WEB_DIST: the built web app nginx and the server serve (default apps/web/dist).
 */
export async function startProdSite(port: number): Promise<ProdSite> {
  const webRoot = resolve(process.env.WEB_DIST ?? join(here, '../apps/web/dist'));
  if (!existsSync(SERVER_DIST) || process.env.BENCH_FROM_SOURCE) throw new Error('the compiled server is missing: run `npm run build -w apps/server` first');
  if (!existsSync(join(webRoot, 'index.html'))) throw new Error(`${webRoot} is missing: run \`npm run build -w apps/web\` first`);
  const work = mkdtempSync(join(tmpdir(), 'kaoshi-bench-site-'));
  const ports = { https: port, http: port + 1, a: port + 2, b: port + 2, webRoot };
  mkdirSync(join(work, 'data'));
  makeCertificate(work);
  let server: Server | undefined;
  let nginx: ChildProcess | undefined;
  const stop = async () => {
    nginx?.kill('SIGQUIT');
    if (server) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    server = spawnServer(
      ports.a,
      { kind: 'pglite', dataDir: join(work, 'data') },
      { PUBLIC_BASE_URL: `https://127.0.0.1:${port}`, TRUST_PROXY: 'on', ...(process.env.WEB_DIST ? { WEB_DIST: webRoot } : {}) },
    );
    await waitReady(server, ports.a);
    nginx = await startNginx(work, ports);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: `https://127.0.0.1:${port}`, stop };
}

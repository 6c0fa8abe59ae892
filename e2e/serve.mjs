// Starts the real server for the browser journeys on a fresh embedded database.
// Usage: node serve.mjs <port> [KEY=VALUE ...]  (extra env such as MAINTENANCE=true)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [port, ...pairs] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'kaoshi-e2e-'));
const extra = Object.fromEntries(pairs.map((p) => p.split('=', 2)));
const child = spawn(process.execPath, ['--import', 'tsx', join(here, '../apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...extra },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

// Starts the real server for the browser journeys on a fresh in-memory embedded database (nothing left on disk).
// Usage: node serve.mjs <port> [KEY=VALUE ...]  (extra env such as MAINTENANCE=true)
import { join, dirname } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [port, ...pairs] = process.argv.slice(2);
const extra = Object.fromEntries(pairs.map((p) => p.split('=', 2)));
// The demo lessons are rendered into a folder of this run only (docs/video.md "Demo content").
const media = mkdtempSync(join(tmpdir(), 'e2e-media-'));
const child = spawn(process.execPath, ['--import', 'tsx', join(here, '../apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    // Each journey sends its own X-Forwarded-For, as learners behind a reverse proxy would (see journeys/helpers.ts).
    TRUST_PROXY: 'true',
    // The exam journey's one-minute paper (限时一分钟小测), seeded only on the journeys' servers.
    EXTRA_PAPERS_DIR: join(here, 'papers'),
    MEDIA_DIR: media,
    ...extra,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(media, { recursive: true, force: true });
  process.exit(code ?? 0);
});

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
// LIVE_INGEST=<rtmp port>: the live journey's nginx RTMP ingest beside the server (docs/live.md), its HLS and recordings in
// the run's folder. Without nginx and its RTMP module the runner says so and exits; the server runs on.
const ingestPort = extra.LIVE_INGEST;
delete extra.LIVE_INGEST;
const live = ingestPort ? { LIVE_HLS_DIR: join(media, 'live-hls'), LIVE_RECORD_DIR: join(media, 'live-rec'), LIVE_RTMP_URL: `rtmp://127.0.0.1:${ingestPort}/live` } : {};
const ingest = ingestPort
  ? spawn(process.execPath, ['--import', 'tsx', join(here, '../apps/server/src/cli/live-ingest.ts'), '--rtmp-port', ingestPort, '--work', join(media, 'live-work')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: port, ...live },
    })
  : undefined;
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
    ...live,
    ...extra,
  },
});
const stop = () => {
  ingest?.kill('SIGTERM');
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  ingest?.kill('SIGTERM');
  rmSync(media, { recursive: true, force: true });
  process.exit(code ?? 0);
});

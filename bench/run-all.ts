// npm run bench: the entry-route size report (builds the web app and the server if needed), first paint in production
// on the Lighthouse mobile profile, tap → paint in the player, the HTTP bench, the hot paths (home page and answer beside a bare route and the
// raw database rate; PGlite and PostgreSQL), then the practice bench (100,000-question bank; PGlite, then PostgreSQL
// when available), the shop (orders, notifications, a replay storm), video lessons (tap to first frame, segments,
// progress saves), live classes (chat fan-out on one and two processes, glass-to-glass latency), and the exam day at
// N = 500 and 2,000 on both databases. The crash test is `npm run crash -w bench`.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
if (!existsSync(join(here, '../apps/web/dist/.vite/manifest.json'))) {
  execSync('npm run build -w apps/web', { cwd: join(here, '..'), stdio: 'inherit' });
}
// The browser benches run the site as production serves it: the compiled server behind nginx (prod-site.ts).
if (!existsSync(join(here, '../apps/server/dist/main.js'))) {
  execSync('npm run build -w apps/server', { cwd: join(here, '..'), stdio: 'inherit' });
}
execSync(`${process.execPath} --import tsx ${join(here, 'bundle-size.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'load-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'paint-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'http-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'hot-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'log-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'practice-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'shop-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'video-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'live-bench.ts')}`, { stdio: 'inherit' });
// The exam day, the real rhythm (30 s autosaves, 4 rounds): ~4 minutes a run.
for (const [db, n] of [
  ['pglite', 500],
  ['postgres', 500],
  ['pglite', 2000],
  ['postgres', 2000],
] as const) {
  execSync(`${process.execPath} --import tsx ${join(here, 'exam-day.ts')} --db ${db} --n ${n}`, { stdio: 'inherit' });
}

// npm run bench: the entry-route size report (builds the web app if needed), tap → paint in the player, the HTTP bench, then the practice
// bench (100,000-question bank; PGlite, then PostgreSQL when available). The crash test is `npm run crash -w bench`.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
if (!existsSync(join(here, '../apps/web/dist/.vite/manifest.json'))) {
  execSync('npm run build -w apps/web', { cwd: join(here, '..'), stdio: 'inherit' });
}
execSync(`${process.execPath} --import tsx ${join(here, 'bundle-size.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'paint-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'http-bench.ts')}`, { stdio: 'inherit' });
execSync(`${process.execPath} --import tsx ${join(here, 'practice-bench.ts')}`, { stdio: 'inherit' });

// The server's production build (docs/deploy.md): `npm run build -w apps/server`.
//  1. tsc compiles the server and its commands (tsconfig.build.json) to dist/, beside src/ at the same depth.
//  2. tsc compiles the contract into dist/node_modules/@kaoshi/contract: Node resolves `@kaoshi/contract` from a
//     module of dist/ there first, so the compiled server runs with Node alone, while the web app, the tests and
//     `npm start` keep using the TypeScript source through the workspace link.
//  3. The files the server reads beside its modules (migrations, worker and child scripts, the favicon, the ingest's
//     nginx template) are copied to the same place under dist/.
// Runs with Node alone; tsc comes from the repository's devDependencies (build where dev dependencies are installed,
// then `npm prune --omit=dev` if you like: the compiled server needs only dependencies).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('..', import.meta.url));
const contract = join(server, '../../packages/contract');
const dist = join(server, 'dist');
const contractOut = join(dist, 'node_modules/@kaoshi/contract');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const started = Date.now();
rmSync(dist, { recursive: true, force: true });

function compile(project, outDir) {
  const args = [tsc, '-p', project, ...(outDir ? ['--outDir', outDir] : [])];
  const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`build: tsc -p ${relative(process.cwd(), project)} failed`);
    process.exit(run.status ?? 1);
  }
}

compile(join(server, 'tsconfig.build.json'));
compile(join(contract, 'tsconfig.build.json'), contractOut);
writeFileSync(join(contractOut, 'package.json'), `${JSON.stringify({ name: '@kaoshi/contract', private: true, type: 'module', exports: { '.': './index.js' } }, null, 2)}\n`);

/** Copy every file of src/ that is not TypeScript, a test fixture or a test, to the same place under dist/. */
const ASSET = /\.(sql|json|mjs|ico|svg|conf)$/;
let assets = 0;
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'fixtures' && name !== 'test') copyAssets(path);
    } else if (ASSET.test(name)) {
      const to = join(dist, relative(join(server, 'src'), path));
      mkdirSync(dirname(to), { recursive: true });
      cpSync(path, to);
      assets += 1;
    }
  }
}
copyAssets(join(server, 'src'));

console.log(`build: server compiled to ${relative(process.cwd(), dist) || '.'} with ${assets} asset files in ${((Date.now() - started) / 1000).toFixed(1)} s`);

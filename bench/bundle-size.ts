// What a guest's first visit to '/' downloads, from Vite's manifest (build.manifest = true), so run
// `npm run build -w apps/web` first:
// - JS: the app's entry chunk, the '/' screen's lazy chunk and every chunk they import statically, gzip level 9.
//   Budget: 100 KiB (ENTRY_BUDGET_KIB).
// - bytes on the wire: index.html and that JS and CSS as the server sends them to a browser that accepts brotli
//   (the precompressed .br copies the build writes; the file itself where there is none). Budget: 130 KiB.
// `--check` exits 1 when either is over its budget: CI runs it after the build (size is deterministic).
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
export const ENTRY_BUDGET_KIB = 100;
export const WIRE_BUDGET_KIB = 130;

export interface ChunkRow {
  file: string;
  /** Why it loads: the entry, the '/' screen, or the chunk that imports it. */
  why: string;
  raw: number;
  gzip: number;
}

export function entryRouteJs(distDir = dist, screen = 'src/features/entry/root-screen.tsx') {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no Vite manifest at ${manifestPath}: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const why = new Map<string, string>();
  const walk = (key: string, reason: string) => {
    if (why.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    why.set(key, reason);
    for (const dep of chunk.imports ?? []) walk(dep, `imported by ${chunk.src ?? chunk.file}`);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  walk(entryKey, 'the entry (index.html)');
  const screenKey = Object.keys(manifest).find((k) => k.endsWith(screen));
  if (!screenKey) throw new Error(`manifest has no chunk for ${screen}`);
  walk(screenKey, "the '/' screen");
  const rows: ChunkRow[] = [...why].map(([key, reason]) => {
    const raw = readFileSync(join(distDir, manifest[key].file));
    return { file: manifest[key].file, why: reason, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  const css = [...new Set([...why.keys()].flatMap((k) => manifest[k].css ?? []))];
  return { rows, totalGzip: rows.reduce((s, r) => s + r.gzip, 0), css };
}

/** Bytes sent for one file to a brotli-accepting browser: the .br copy when the build wrote one. */
export function wireBytes(distDir: string, file: string): number {
  const br = join(distDir, `${file}.br`);
  return readFileSync(existsSync(br) ? br : join(distDir, file)).length;
}

export function entryRouteWire(distDir = dist) {
  const { rows, css } = entryRouteJs(distDir);
  const files = ['index.html', ...rows.map((r) => r.file), ...css];
  const perFile = files.map((file) => ({ file, bytes: wireBytes(distDir, file) }));
  return { perFile, total: perFile.reduce((s, f) => s + f.bytes, 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kib = (n: number) => (n / 1024).toFixed(1);
  const { rows, totalGzip } = entryRouteJs();
  console.log('JS loaded by the entry route (/):');
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${r.file.padEnd(44)} ${kib(r.raw).padStart(7)} KiB raw  ${kib(r.gzip).padStart(6)} KiB gzip  (${r.why})`);
  }
  const jsOk = totalGzip / 1024 <= ENTRY_BUDGET_KIB;
  console.log(`entry route JS: ${kib(totalGzip)} KiB gzip (budget ${ENTRY_BUDGET_KIB} KiB) ${jsOk ? 'OK' : 'OVER BUDGET'}`);
  const wire = entryRouteWire();
  console.log('bytes on the wire for / (brotli where precompressed):');
  for (const f of wire.perFile) console.log(`  ${f.file.padEnd(44)} ${kib(f.bytes).padStart(7)} KiB`);
  const wireOk = wire.total / 1024 <= WIRE_BUDGET_KIB;
  console.log(`entry route on the wire: ${kib(wire.total)} KiB (budget ${WIRE_BUDGET_KIB} KiB) ${wireOk ? 'OK' : 'OVER BUDGET'}`);
  if (process.argv.includes('--check') && !(jsOk && wireOk)) {
    console.error('size check failed: the entry route is over its budget (see above)');
    process.exit(1);
  }
}

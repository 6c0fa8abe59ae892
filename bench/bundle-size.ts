// Reports the gzip size of the JavaScript the entry route ('/') loads: the app's entry chunk, the '/'
// screen's lazy chunk, and every chunk they import statically. Budget: 100 KiB gzipped.
// Reads Vite's manifest (build.manifest = true), so run `npm run build -w apps/web` first.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
export const ENTRY_BUDGET_KIB = 100;

export function entryRouteJs(distDir = dist, screen = 'src/features/entry/root-screen.tsx') {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no Vite manifest at ${manifestPath}: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  walk(entryKey);
  const screenKey = Object.keys(manifest).find((k) => k.endsWith(screen));
  if (!screenKey) throw new Error(`manifest has no chunk for ${screen}`);
  walk(screenKey);
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const rows = files.map((file) => {
    const raw = readFileSync(join(distDir, file));
    return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  return { rows, totalGzip: total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, totalGzip } = entryRouteJs();
  console.log('JS loaded by the entry route (/):');
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${r.file.padEnd(48)} ${(r.raw / 1024).toFixed(1).padStart(7)} KiB raw  ${(r.gzip / 1024).toFixed(1).padStart(6)} KiB gzip`);
  }
  const kib = totalGzip / 1024;
  console.log(`entry route total: ${kib.toFixed(1)} KiB gzip (budget ${ENTRY_BUDGET_KIB} KiB) ${kib <= ENTRY_BUDGET_KIB ? 'OK' : 'OVER BUDGET'}`);
}

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import type { Plugin } from 'vite';
// Type-only: the config runs in Node, which cannot load the contract's TypeScript at run time.
import type { RoutePreload, ROUTE_PRELOAD_FILE } from '@kaoshi/contract';

export type { RoutePreload };
/** The contract's file name, checked against it by type. */
const FILE: typeof ROUTE_PRELOAD_FILE = 'route-preload.json';

/** One chunk of Vite's manifest (dist/.vite/manifest.json), keyed by its source or by `_<file>` for shared chunks. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A route of a feature as read from its routes.ts: its path, the screen module it loads, and whether it uses queries. */
export interface RouteSource {
  path: string;
  module: string;
  noQueries: boolean;
}

const ROUTE_LINE = /\{\s*path:\s*'([^']+)'([^\n]*)\}/g;

/**
 * The routes of one features/<name>/routes.ts: each `{ path: '…', load: () => import('./x') … }` on one line, or
 * `load: name` with `const name = () => import('./x')…` in the same file. A line whose screen cannot be read is
 * left out (the page then opens without its preloads, as before): the test checks that every route is read.
 */
export function readRoutes(source: string, dir: string): RouteSource[] {
  const named = new Map<string, string>();
  for (const m of source.matchAll(/const\s+(\w+)\s*=\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) named.set(m[1]!, m[2]!);
  const routes: RouteSource[] = [];
  for (const m of source.matchAll(ROUTE_LINE)) {
    const rest = m[2]!;
    const spec = /load:\s*\(\)\s*=>\s*import\('([^']+)'\)/.exec(rest)?.[1] ?? named.get(/load:\s*(\w+)/.exec(rest)?.[1] ?? '');
    if (!spec) continue;
    routes.push({ path: m[1]!, module: posix.join(dir, `${spec.replace(/^\.\//, '')}.tsx`), noQueries: /noQueries:\s*true/.test(rest) });
  }
  return routes;
}

/** A chunk's file and every chunk it imports statically, with their styles; `skip` holds what the page loads anyway. */
function closure(manifest: Manifest, key: string, skip: Set<string>, out: RoutePreload, seen = new Set<string>()): void {
  if (seen.has(key) || skip.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  out.js.push(`/${chunk.file}`);
  for (const css of chunk.css ?? []) if (!out.css.includes(`/${css}`)) out.css.push(`/${css}`);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, skip, out, seen);
}

/** The entry and what it imports statically: index.html already asks for them. */
function entryKeys(manifest: Manifest): Set<string> {
  const keys = new Set<string>();
  const walk = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);
  return keys;
}

/** Route path → the chunks and styles its first screen needs beyond the entry (app/first-screen.ts starts the same). */
export function routePreloads(manifest: Manifest, routes: RouteSource[], queryLayout = 'src/app/query-layout.tsx'): Record<string, RoutePreload> {
  const skip = entryKeys(manifest);
  const result: Record<string, RoutePreload> = {};
  for (const route of routes) {
    if (!manifest[route.module]) continue;
    const out: RoutePreload = { js: [], css: [] };
    const seen = new Set<string>();
    closure(manifest, route.module, skip, out, seen);
    if (!route.noQueries) closure(manifest, queryLayout, skip, out, seen);
    result[route.path] = out;
  }
  return result;
}

/**
 * Writes dist/route-preload.json: for each route of the app, the code and styles of its screen. The server puts
 * them into index.html as `<link rel="modulepreload">` when it answers that route's page (platform/static.ts), so
 * on a first visit the screen's chunks come with the entry instead of one round trip after it has run (bench
 * load-bench.ts, docs/web-shell.md).
 */
export function routePreloadPlugin(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'kaoshi-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifestPath = join(outDir, '.vite', 'manifest.json');
      if (!existsSync(manifestPath)) return;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      const features = join(root, 'src', 'features');
      const routes = readdirSync(features).flatMap((name) => {
        const file = join(features, name, 'routes.ts');
        return existsSync(file) ? readRoutes(readFileSync(file, 'utf8'), `src/features/${name}`) : [];
      });
      writeFileSync(join(outDir, FILE), JSON.stringify(routePreloads(manifest, routes)));
    },
  };
}

// ESLint rule `local/no-cycle`: no import circle, type-only imports included. import-x/no-cycle (4.x) skips
// `import type` and has no option to count it, so a circle of types (book ↔ practice ↔ study once) passed lint;
// a circle of types still ties two modules' designs together (docs/adding-a-domain.md). Relative imports only
// (packages are not in circles); `import`, `import type`, `export … from` and `import()` all count.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** file → { mtime, imports: [{ spec, target }] }, kept for the lint run (re-read when a file changes). */
const graph = new Map();

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names, or undefined (a package, a missing file). */
export function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) if (isFile(base + ext)) return base + ext;
  return undefined;
}

/** The relative imports of a file with the files they name, type-only ones included. */
export function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = graph.get(file);
  if (known && known.mtime === mtime) return known.imports;
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = info.importedFiles.map((f) => ({ spec: f.fileName, target: resolveImport(file, f.fileName) })).filter((i) => i.target);
  graph.set(file, { mtime, imports });
  return imports;
}

/** A path of files from `start` back to `file` (the circle through this import), or undefined. */
export function pathBack(file, start, seen) {
  const from = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === file) {
      const path = [];
      for (let p = at; p !== undefined; p = from.get(p)) path.unshift(p);
      return path;
    }
    if (seen.has(at)) continue;
    seen.add(at);
    for (const { target } of importsOf(at)) {
      if (from.has(target)) continue;
      from.set(target, at);
      queue.push(target);
    }
  }
  return undefined;
}

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only imports included' },
    schema: [
      {
        type: 'object',
        properties: { allowWithin: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import circle (type-only imports count): {{path}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!isFile(file)) return {};
    // Circles allowed for now: each a list of paths (folders or files, from the working directory); a circle whose
    // every file lies under one of a list's paths is not reported (a circle being broken elsewhere, named in the config).
    const allowed = (context.options[0]?.allowWithin ?? []).map((paths) => paths.map((p) => resolve(p)));
    const under = (f, p) => f === p || f.startsWith(`${p}/`);
    const isAllowed = (circle) => allowed.some((paths) => circle.every((f) => paths.some((p) => under(f, p))));
    // Files already known not to lead back to this one (shared by its imports).
    const seen = new Set();
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = resolveImport(file, spec);
      if (!target || target === file) return;
      const path = pathBack(file, target, seen);
      if (path && !isAllowed([file, ...path])) context.report({ node, messageId: 'cycle', data: { path: [file, ...path].map((p) => relative(process.cwd(), p)).join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'no-cycle': noCycle } };

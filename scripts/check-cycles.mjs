// No import circles, type-only imports included (docs/web-shell.md "Layers"). ESLint's import-x/no-cycle skips
// `import type` and has no option to follow it, so a circle made (partly) of type imports passed the lint. This
// check reads every relative import of the given source folders with TypeScript's parser — `import`, `import type`,
// `export … from`, `import('…')` and `import('…')` types — and reports each strongly connected group of files.
// Run by `npm run lint` on apps/web/src; `node scripts/check-cycles.mjs [folder…]` checks other folders.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const DEFAULT_ROOTS = ['apps/web/src'];
const SOURCE = /\.(ts|tsx|mts)$/;
const RESOLVE = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const ext of RESOLVE) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile() && SOURCE.test(path)) return path;
  }
  return null;
}

/** The files a source file imports (relative specifiers only; packages cannot close a circle inside the folder). */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specs = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specs.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs.filter((s) => s.startsWith('.')).flatMap((s) => resolveImport(file, s) ?? []);
}

/** Every circle: the groups of files (Tarjan's strongly connected components) that reach each other, sorted. */
export function findCycles(roots) {
  const files = roots.flatMap((root) => sourceFiles(root));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) connect(f);
  return groups;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const roots = (process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_ROOTS).map((r) => resolve(repo, r));
  const cycles = findCycles(roots);
  for (const group of cycles) console.error(`import circle (type-only imports count too):\n  ${group.map((f) => relative(repo, f)).join('\n  ')}`);
  if (cycles.length > 0) {
    console.error(`check-cycles: ${cycles.length} circle(s) in ${roots.map((r) => relative(repo, r)).join(', ')} (rules: scripts/check-cycles.mjs)`);
    process.exit(1);
  }
}

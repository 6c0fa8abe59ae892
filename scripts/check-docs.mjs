// Docs that stay true (docs/README.md "Docs check"): every file path and every npm script that README.md and
// docs/*.md name must exist. Run by `npm run lint` (so by CI); `node scripts/check-docs.mjs` alone prints what is
// broken. The rules, kept narrow on purpose:
// - Paths are read from inline code spans (`apps/web/src/test/`) and Markdown link targets ([x](server.md)), not
//   from fenced code blocks (those hold code and trees whose names are relative to the folder they describe).
// - A span is a path when it has no space and either ends with "/" or its last part has a file extension
//   (EXTENSIONS). Skipped: URLs, absolute paths ("/api/…", "/usr/…": routes and system files), package names
//   ("@kaoshi/contract") and placeholders: a span with < > * { } $ … or "...", e.g. `modules/<domain>/`, a run of
//   NNN/XXX standing for digits (`seg-NNNNN.ts`), or a first part in capitals (an environment variable: `DATA_DIR/live/`).
// - A path with a "/" exists relative to the repository, to the doc's folder, or to one of SOURCE_ROOTS (the docs
//   name files of a workspace from its source folder: `platform/calls.ts`, `exam-results/components/review.tsx`).
//   A bare source or doc file name (`order-machine.ts`; extensions in BARE_SOURCE) exists somewhere in the repository;
//   other bare names (`lessons.json`, `manifest.json`, `sw.js`) name formats and made files, and are not checked.
// - Made at run time, so not in a checkout: paths with a part in GENERATED (`data`, `dist`, `.vite`, …).
// - Scripts: `npm run <script>`, `npm test` and `npm start`, with `-w <workspace>` / `--workspace <workspace>`:
//   the script is in that workspace's package.json (or the root's without -w).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXTENSIONS = ['ts', 'tsx', 'mjs', 'js', 'cjs', 'json', 'md', 'css', 'sql', 'sh', 'yml', 'yaml', 'conf', 'csv', 'txt', 'html', 'svg', 'png', 'service', 'toml'];
export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web/src',
  'apps/web/src/features',
  'packages/contract/src',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
  'content',
  'deploy',
];
export const GENERATED = ['data', 'dist', '.vite', 'node_modules', 'test-results', 'playwright-report', 'results'];
export const BARE_SOURCE = ['ts', 'tsx', 'mjs', 'css', 'sql', 'md'];
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report']);

/** The Markdown files checked: README.md and docs/*.md. */
export function docFiles(root) {
  const docs = join(root, 'docs');
  const inDocs = existsSync(docs) ? readdirSync(docs).filter((f) => f.endsWith('.md')) : [];
  return [...(existsSync(join(root, 'README.md')) ? ['README.md'] : []), ...inDocs.map((f) => `docs/${f}`)];
}

/** Text outside fenced code blocks, one entry per line with its number. */
function proseLines(text) {
  const out = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, n: i + 1 });
  });
  return out;
}

const PLACEHOLDER = /[<>*{}$…]|\.\.\.|NNN|XXX|^[A-Z][A-Z0-9_]*\//;
const EXT = new RegExp(`\\.(${EXTENSIONS.join('|')})$`);

/** The span as a repository path to check, or null when it is not one (see the rules above). */
export function asPath(span) {
  let p = span.trim().replace(/[),.;]+$/, '');
  p = p.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
  if (!p || /\s/.test(p) || PLACEHOLDER.test(p)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('/') || p.startsWith('@') || p.startsWith('~')) return null;
  if (!p.endsWith('/') && !EXT.test(basename(p))) return null;
  if (!p.includes('/') && p.startsWith('.')) return null;
  if (!p.includes('/') && !BARE_SOURCE.includes(p.split('.').pop())) return null;
  return p;
}

/** Every file and folder of the repository (for bare file names). */
function allNames(root) {
  const names = new Set();
  const walk = (dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP_DIRS.has(d.name)) continue;
      names.add(d.name);
      if (d.isDirectory()) walk(join(dir, d.name));
    }
  };
  walk(root);
  return names;
}

function pathExists(root, doc, p, names) {
  const clean = p.replace(/\/$/, '');
  if (clean.split('/').some((part) => GENERATED.includes(part))) return true;
  if (!clean.includes('/')) return names().has(clean);
  const bases = [root, dirname(join(root, doc)), ...SOURCE_ROOTS.map((r) => join(root, r))];
  return bases.some((b) => {
    const full = resolve(b, clean);
    if (!full.startsWith(root) || !existsSync(full)) return false;
    return !p.endsWith('/') || statSync(full).isDirectory();
  });
}

const SCRIPT = /\bnpm (?:run(?:-script)? ([\w:.-]+)|(test|start))\b((?:\s+(?:-w|--workspace)[ =]?[^\s`]+)?)/g;

function scriptsOf(root, workspace) {
  const pkgs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  if (!workspace) return pkgs.scripts ?? {};
  for (const w of pkgs.workspaces ?? []) {
    const pkg = JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8'));
    if (w === workspace.replace(/\/$/, '') || pkg.name === workspace) return pkg.scripts ?? {};
  }
  return null;
}

/** Broken references of the given docs: "docs/x.md:12: no file apps/web/src/y.ts". */
export function checkDocs(root, files = docFiles(root)) {
  const problems = [];
  let names;
  const lazyNames = () => (names ??= allNames(root));
  for (const doc of files) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const { line, n } of proseLines(text)) {
      const spans = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      // A link's target is relative to the doc's folder even without a "/" ([x](server.md)).
      const links = [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => (m[1].includes('/') ? m[1] : `./${m[1]}`));
      for (const span of [...spans, ...links]) {
        const p = asPath(span);
        if (p && !pathExists(root, doc, p, lazyNames)) problems.push(`${doc}:${n}: no file or folder ${p}`);
      }
    }
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(SCRIPT)) {
        const script = m[1] ?? m[2];
        if (PLACEHOLDER.test(script)) continue;
        const workspace = m[3].trim().replace(/^(-w|--workspace)[ =]?/, '') || null;
        const scripts = scriptsOf(root, workspace);
        if (!scripts) problems.push(`${doc}:${i + 1}: no workspace ${workspace}`);
        else if (!(script in scripts)) problems.push(`${doc}:${i + 1}: no script "${script}" in ${workspace ?? 'the root'}'s package.json`);
      }
    });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkDocs(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-docs: ${problems.length} broken reference(s) in ${relative(process.cwd(), root) || '.'}/README.md and docs/ (rules: scripts/check-docs.mjs)`);
    process.exit(1);
  }
  console.log('check-docs: every file and npm script the docs name exists');
}

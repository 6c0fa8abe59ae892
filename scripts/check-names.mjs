// One name per domain (docs/names.md, issue 34 item 7): a domain is named by its server module
// (apps/server/src/modules/<name>), and the contract and the web app use the same name. This check fails on
// - a web feature (apps/web/src/features/<name>) or entity (apps/web/src/entities/<name>) whose name is neither a
//   server module nor one of the app areas below (screens composing several domains);
// - a contract calls file or folder (packages/contract/src/calls/) not named after a server module: `<module>.ts`,
//   `<module>-<part>.ts` (a part of the domain: `video-notes.ts`, `reading-knowledge.ts`) or `<module>/` (a domain
//   of many files: `shop/`).
// `node --test scripts/` (npm run lint) runs its test over the tree; run it alone with `node scripts/check-names.mjs`.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Web folders that are app areas, not domains: each composes the screens and data of several domains. */
export const APP_AREAS = {
  entry: 'the entry routes: /, the gateways and handovers, maintenance (agent, user)',
  guest: 'what a visitor sees before buying: campaign pages, sample questions, course lists, the download page (campaign, catalog, practice, video)',
  home: 'the home tab: subject bar, module grid, plan card, notices, continue exam (subject, plan, exam, message, reading, user)',
  mine: 'the mine tab and its pages: about us, update log, cache repair (agent, user, message, practice, subject)',
  'exam-center': 'the exam hub and the starts of its sessions (exam, practice)',
  'exam-results': 'results, history and paper lists of exams and practice sets (exam, plan, study, video, discussion)',
};

const dirs = (path) =>
  existsSync(path)
    ? readdirSync(path, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== '__mocks__')
        .map((d) => d.name)
    : [];

/** The server modules under `root`: the names a domain may have. */
export const serverModules = (root) => dirs(join(root, 'apps/server/src/modules'));

/** The problems under `root`, as 'path: why'. */
export function checkNames(root, areas = APP_AREAS) {
  const modules = new Set(serverModules(root));
  const problems = [];
  for (const layer of ['features', 'entities']) {
    for (const name of dirs(join(root, 'apps/web/src', layer))) {
      if (!modules.has(name) && !(name in areas)) {
        problems.push(`apps/web/src/${layer}/${name}: '${name}' is neither a server module nor an app area (scripts/check-names.mjs APP_AREAS)`);
      }
    }
  }
  const calls = join(root, 'packages/contract/src/calls');
  if (!existsSync(calls)) return problems;
  for (const entry of readdirSync(calls, { withFileTypes: true })) {
    const path = `packages/contract/src/calls/${entry.name}`;
    if (entry.isDirectory()) {
      if (!modules.has(entry.name)) problems.push(`${path}/: a contract folder is named after its server module`);
      continue;
    }
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const name = entry.name.slice(0, -'.ts'.length);
    if (![...modules].some((m) => name === m || name.startsWith(`${m}-`))) {
      problems.push(`${path}: a contract file is named <module>.ts or <module>-<part>.ts after the server module serving its calls`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const problems = checkNames(root);
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`${problems.length} name(s) that are no server module nor app area (${relative(process.cwd(), root) || '.'}${sep}; docs/names.md)`);
    process.exit(1);
  }
}

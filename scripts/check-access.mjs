// Access is decided in one place (docs/entitlement.md, "Item policies"): no server module but the entitlement
// module writes the 403 refusal (Status.FORBIDDEN, the buy prompt's text MSG.buyAny) or gates an item it loaded
// itself (entitlements.gate: declare `gate.item` and load it instead), and no module but
// platform/media-tokens.ts refuses a signed media link by hand. `node --test scripts/` (npm run lint) runs the test
// of this check over the tree; run it alone with `node scripts/check-access.mjs`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each rule: what may not be written, and the only files (prefixes, from the repository root) that may. */
export const RULES = [
  { name: 'FORBIDDEN (the 403 refusal)', pattern: /\bFORBIDDEN\b/, allowed: ['apps/server/src/modules/entitlement/', 'apps/server/src/platform/'] },
  { name: 'MSG.buyAny (the buy prompt)', pattern: /\bbuyAny\b/, allowed: ['apps/server/src/modules/entitlement/'] },
  // The registrar runs the module gate (app.ts hands it over); an item a call names by id is a contract `gate.item`.
  { name: 'entitlements.gate() in a handler (declare gate.item)', pattern: /\bentitlements\.gate\(/, allowed: ['apps/server/src/modules/entitlement/'] },
  {
    name: 'a hand-written 403 (signed media links: platform/media-tokens.ts)',
    pattern: /\.code\(403\)/,
    // nginx's ingest callbacks are refused by their shared secret, not by a learner's link.
    allowed: ['apps/server/src/platform/media-tokens.ts', 'apps/server/src/modules/live/ingest.ts'],
  },
];

function sources(root, dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sources(root, path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The lines breaking a rule under `root` (apps/server/src, tests left out), as 'path:line: rule'. */
export function checkAccess(root) {
  const problems = [];
  for (const file of sources(root, 'apps/server/src')) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    for (const rule of RULES) {
      if (rule.allowed.some((a) => file.startsWith(a))) continue;
      lines.forEach((line, i) => {
        if (rule.pattern.test(line)) problems.push(`${file}:${i + 1}: ${rule.name} outside ${rule.allowed.join(', ')}`);
      });
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const problems = checkAccess(root);
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`${problems.length} access decision(s) outside the entitlement module (${relative(process.cwd(), root) || '.'}${sep})`);
    process.exit(1);
  }
}

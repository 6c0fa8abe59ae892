// The CSS module size check's own test (node:test; `npm run lint` runs it): a new module past the limit, a listed one
// that grew, one now under the limit or gone (the list must follow), lines counted as an editor does, other sheets alone.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { checkCssSize, lineCount, MAX_LINES } from './check-css-size.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-css-size-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path, lines) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), Array.from({ length: lines }, (_, i) => `/* ${i} */`).join('\n') + '\n');
}

test('counts lines as an editor does', () => {
  assert.equal(lineCount(''), 0);
  assert.equal(lineCount('a\n'), 1);
  assert.equal(lineCount('a\nb'), 2);
  assert.equal(lineCount('a\nb\n'), 2);
});

test('refuses a module over the limit, a listed one that grew, and a list that no longer holds', () => {
  write('features/a/a.module.css', MAX_LINES);
  write('features/b/b.module.css', MAX_LINES + 1);
  write('features/c/deep/c.module.css', MAX_LINES + 40);
  write('features/d/d.module.css', MAX_LINES + 10);
  write('features/e/e.module.css', MAX_LINES - 5);
  write('styles/global.css', MAX_LINES * 2);
  write('node_modules/x/x.module.css', MAX_LINES * 2);
  const known = {
    'features/c/deep/c.module.css': MAX_LINES + 20,
    'features/d/d.module.css': MAX_LINES + 10,
    'features/e/e.module.css': MAX_LINES + 3,
    'features/f/f.module.css': 400,
  };
  assert.deepEqual(checkCssSize(root, MAX_LINES, known).sort(), [
    `features/b/b.module.css: ${MAX_LINES + 1} lines (limit ${MAX_LINES}): split it by component or compose shared styles from apps/web/src/ui`,
    `features/c/deep/c.module.css: ${MAX_LINES + 40} lines, grown from ${MAX_LINES + 20} while over the limit (${MAX_LINES}): split it, do not add to it`,
    `features/e/e.module.css: ${MAX_LINES - 5} lines, under the limit now: take it off KNOWN_OVER (scripts/check-css-size.mjs)`,
    'features/f/f.module.css: gone: take it off KNOWN_OVER (scripts/check-css-size.mjs)',
  ]);
  assert.deepEqual(checkCssSize(root, MAX_LINES + 40, {}), []);
});

// The docs check's own test (node:test; `npm run lint` runs it): it finds a missing path and a missing script,
// and leaves alone what its rules skip.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { asPath, checkDocs } from './check-docs.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-docs-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

write('package.json', JSON.stringify({ workspaces: ['apps/server'], scripts: { lint: 'eslint .' } }));
write('apps/server/package.json', JSON.stringify({ name: '@x/server', scripts: { refund: 'tsx refund.ts' } }));
write('apps/server/src/platform/calls.ts', '');
write('apps/server/src/modules/shop/order-machine.ts', '');
write('docs/shop.md', '# Shop\n');

test('a doc naming only what exists passes', () => {
  write(
    'docs/ok.md',
    [
      'See [the shop](shop.md), `apps/server/src/platform/calls.ts`, `platform/calls.ts:12`, `shop/order-machine.ts`,',
      '`order-machine.ts`, the folder `apps/server/src/modules/` and `npm run lint`, `npm run refund -w apps/server -- 42`.',
      'Skipped: `modules/<domain>/index.ts`, `DATA_DIR/live/x.conf`, `seg-NNNNN.ts`, `/api/shop/pay.ts`, `lessons.json`,',
      '`apps/server/dist/main.js`, `https://example.com/a.ts`, `npm run <script>`.',
      '```',
      'index.ts   the face (a tree in a fenced block is not checked)',
      '```',
    ].join('\n'),
  );
  assert.deepEqual(checkDocs(root, ['docs/ok.md']), []);
});

test('a missing file, folder or script is reported with its line', () => {
  write(
    'docs/broken.md',
    ['# Broken', 'The rules are in `apps/server/src/platform/gone.ts` and [notes](notes.md).', 'Run `npm run refund` or `npm run ship -w apps/server`; see `apps/web/`.'].join(
      '\n',
    ),
  );
  assert.deepEqual(checkDocs(root, ['docs/broken.md']), [
    'docs/broken.md:2: no file or folder apps/server/src/platform/gone.ts',
    'docs/broken.md:2: no file or folder ./notes.md',
    'docs/broken.md:3: no file or folder apps/web/',
    'docs/broken.md:3: no script "refund" in the root\'s package.json',
    'docs/broken.md:3: no script "ship" in apps/server\'s package.json',
  ]);
});

test('a bare source file name is looked for anywhere; a workspace that does not exist is reported', () => {
  write('docs/bare.md', 'The machine is `order-machinery.ts`; `npm test -w apps/nowhere`.\n');
  assert.deepEqual(checkDocs(root, ['docs/bare.md']), ['docs/bare.md:1: no file or folder order-machinery.ts', 'docs/bare.md:1: no workspace apps/nowhere']);
});

test('what is a path to check', () => {
  assert.equal(asPath('apps/web/src/test/'), 'apps/web/src/test/');
  assert.equal(asPath('server.md#layout'), 'server.md');
  assert.equal(asPath('calls.ts:12-14'), 'calls.ts');
  for (const skipped of ['@kaoshi/contract', 'react-router/dom', 'modules/<name>/', 'src/**/*.test.ts', '/handoutList', 'npm run lint', '.ts', 'sw.js']) {
    assert.equal(asPath(skipped), null, skipped);
  }
});

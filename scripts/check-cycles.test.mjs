// The circle check's own test (node:test; `npm run lint` runs it): a circle closed by a type-only import is found,
// like one of value imports; a one-way chain and imports of packages are not circles.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, test } from 'node:test';
import { findCycles } from './check-cycles.mjs';

const root = mkdtempSync(join(tmpdir(), 'check-cycles-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const names = (dir) => findCycles([join(root, dir)]).map((group) => group.map((f) => relative(join(root, dir), f)));

test('a circle closed by a type-only import is found', () => {
  write('typed/api/client.ts', "import { callFailed } from '../lib/call-failures';\nexport const call = () => callFailed({ detail: '' });\n");
  write('typed/lib/call-failures.ts', "import type { ErrorReport } from './tracking';\nexport const callFailed = (r: ErrorReport) => r;\n");
  write('typed/lib/tracking.ts', "import { call } from '../api/client';\nexport interface ErrorReport { detail: string }\nexport const fire = () => call();\n");
  assert.deepEqual(names('typed'), [['api/client.ts', 'lib/call-failures.ts', 'lib/tracking.ts']]);
});

test('circles through export-from, a dynamic import and an import() type are found', () => {
  write('kinds/a.ts', "export { b } from './b';\n");
  write('kinds/b.tsx', "export const b = () => import('./a');\n");
  write('kinds/c.ts', "export type C = import('./d').D;\n");
  write('kinds/d/index.ts', "import type { C } from '../c';\nexport type D = C | 1;\n");
  assert.deepEqual(names('kinds'), [
    ['a.ts', 'b.tsx'],
    ['c.ts', 'd/index.ts'],
  ]);
});

test('a one-way chain and package imports are no circle', () => {
  write('chain/app.ts', "import { f } from './feature';\nimport { z } from 'zod';\nexport const app = [f, z];\n");
  write('chain/feature.ts', "import type { E } from './entity';\nexport const f = (e: E) => e;\n");
  write('chain/entity.ts', "import { ui } from './ui.tsx';\nexport type E = typeof ui;\n");
  write('chain/ui.tsx', 'export const ui = 1;\n');
  assert.deepEqual(names('chain'), []);
});

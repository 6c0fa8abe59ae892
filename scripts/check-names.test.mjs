// The name check (check-names.mjs; `npm run lint` runs this): the tree names each domain after its server module,
// and a web folder or contract file under another name is found.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { APP_AREAS, checkNames, serverModules } from './check-names.mjs';

const repo = join(fileURLToPath(import.meta.url), '..', '..');
const root = mkdtempSync(join(tmpdir(), 'check-names-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path, text = '') {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

test('the tree names every web feature, entity and contract file after a server module or an app area', () => {
  assert.deepEqual(checkNames(repo), []);
});

test('no app area is also a server module (an area composes domains; a domain has its module)', () => {
  const modules = serverModules(repo);
  assert.deepEqual(
    Object.keys(APP_AREAS).filter((a) => modules.includes(a)),
    [],
  );
});

test('a web folder or contract file named otherwise is found; module names, their parts and app areas are not', () => {
  for (const m of ['shop', 'reading', 'sms-code', 'every-day']) write(`apps/server/src/modules/${m}/index.ts`);
  // Named after a module, a part of one, a module's folder, or an app area: fine.
  write('apps/web/src/features/shop/routes.ts');
  write('apps/web/src/features/home/routes.ts');
  write('apps/web/src/entities/reading/api.ts');
  write('apps/web/src/features/shop/__mocks__/x.ts');
  write('packages/contract/src/calls/reading.ts');
  write('packages/contract/src/calls/reading-knowledge.ts');
  write('packages/contract/src/calls/every-day.ts');
  write('packages/contract/src/calls/sms-code.ts');
  write('packages/contract/src/calls/shop/coupon.ts');
  write('packages/contract/src/calls/calls.test.ts');
  // The drifts this check came for: the shop called buy, reading's calls called knowledge, a folder of no module.
  write('apps/web/src/features/buy/routes.ts');
  write('apps/web/src/entities/buy/api.ts');
  write('packages/contract/src/calls/knowledge.ts');
  write('packages/contract/src/calls/sms.ts');
  write('packages/contract/src/calls/payments/alipay.ts');
  assert.deepEqual(
    checkNames(root, { home: 'the home tab' })
      .map((p) => p.split(':')[0])
      .sort(),
    [
      'apps/web/src/entities/buy',
      'apps/web/src/features/buy',
      'packages/contract/src/calls/knowledge.ts',
      'packages/contract/src/calls/payments/',
      'packages/contract/src/calls/sms.ts',
    ],
  );
});

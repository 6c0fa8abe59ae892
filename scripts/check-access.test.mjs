// The access check (check-access.mjs; `npm run lint` runs this): the tree keeps every refusal in the entitlement
// module and the one media verifier, and a refusal written anywhere else is found.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { checkAccess } from './check-access.mjs';

const repo = join(fileURLToPath(import.meta.url), '..', '..');
const root = mkdtempSync(join(tmpdir(), 'check-access-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

test('the tree decides access only in the entitlement module, the registrar and the media verifier', () => {
  assert.deepEqual(checkAccess(repo), []);
});

test('a module refusing by hand is found, with its line; the allowed places and tests are not', () => {
  write('apps/server/src/modules/entitlement/rules.ts', 'new AppError(Status.FORBIDDEN, MSG.buyAny, {});\n');
  write('apps/server/src/platform/media-tokens.ts', "reply.code(403).send('forbidden');\n");
  write('apps/server/src/modules/video/service.ts', 'const a = 1;\nthrow new AppError(Status.FORBIDDEN, MSG.buyAny, { unlocking });\n');
  write('apps/server/src/modules/plan/routes.ts', "return reply.code(403).type('text/plain').send('forbidden');\n");
  write('apps/server/src/modules/live/service.ts', 'const s = await known(id);\nawait d.entitlements.gate(userId, s.appId, { module: LIVE_MODULE });\n');
  write('apps/server/src/modules/video/video.test.ts', 'expect(r.status).toBe(Status.FORBIDDEN);\n');
  assert.deepEqual(
    checkAccess(root)
      .map((p) => p.replace(/ outside .*$/, ''))
      .sort(),
    [
      'apps/server/src/modules/live/service.ts:2: entitlements.gate() in a handler (declare gate.item)',
      'apps/server/src/modules/plan/routes.ts:1: a hand-written 403 (signed media links: platform/media-tokens.ts)',
      'apps/server/src/modules/video/service.ts:2: FORBIDDEN (the 403 refusal)',
      'apps/server/src/modules/video/service.ts:2: MSG.buyAny (the buy prompt)',
    ].sort(),
  );
});

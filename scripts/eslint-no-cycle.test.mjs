// The import-circle rule's own test (node:test; `npm run lint` runs it): a circle of type-only imports is found, a
// one-way import is not.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from './eslint-no-cycle.mjs';

const root = mkdtempSync(join(tmpdir(), 'no-cycle-'));
after(() => rmSync(root, { recursive: true, force: true }));

const files = {
  'book/index.ts': "import type { Practice } from '../practice/index.ts';\nexport type Book = { practice: Practice };\n",
  'practice/index.ts': "import type { Marks } from '../study/index.ts';\nexport type Practice = { marks: Marks };\n",
  'study/index.ts': "import type { Book } from '../book/index.ts';\nexport type Marks = { book: Book };\n",
  'plan/index.ts': "import { type Book } from '../book/index.ts';\nexport const plan = (b: Book) => b;\n",
  'video/index.ts': "export * from './lessons.ts';\n",
  'video/lessons.ts': "import { x } from './index.ts';\nexport const lessons = () => import('./later.ts').then(() => x);\n",
  'video/later.ts': 'export const later = 1;\n',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

const lint = (path, options = {}) =>
  new Linter({ configType: 'flat', cwd: root })
    .verify(
      files[path],
      [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: plugin }, rules: { 'local/no-cycle': ['error', options] } }],
      join(root, path),
    )
    .map((m) => m.message);
const inRoot = (...paths) => paths.map((p) => join(root, p));

test('finds a circle made only of type imports, from each file on it', () => {
  for (const path of ['book/index.ts', 'practice/index.ts', 'study/index.ts']) {
    const [message, ...more] = lint(path);
    assert.equal(more.length, 0);
    assert.match(message, /^Import circle \(type-only imports count\): /);
    for (const name of ['book', 'practice', 'study']) assert.ok(message.includes(`${name}/index.ts`), message);
  }
});

test('leaves alone a file that imports into a circle without being on it', () => {
  assert.deepEqual(lint('plan/index.ts'), []);
});

test('counts re-exports and value imports: a face and its part importing each other', () => {
  assert.equal(lint('video/index.ts').length, 1);
  assert.equal(lint('video/lessons.ts').length, 1);
  assert.deepEqual(lint('video/later.ts'), []);
});

test('allows a circle only when every file on it lies within one allowed list', () => {
  assert.deepEqual(lint('video/index.ts', { allowWithin: [inRoot('video')] }), []);
  assert.deepEqual(lint('book/index.ts', { allowWithin: [inRoot('book', 'practice', 'study')] }), []);
  assert.equal(lint('book/index.ts', { allowWithin: [inRoot('book', 'practice')] }).length, 1);
  assert.equal(lint('book/index.ts', { allowWithin: [inRoot('book', 'practice'), inRoot('study')] }).length, 1);
});

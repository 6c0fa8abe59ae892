import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../seed/seed.ts';
import { seedQuestions } from '../../seed/seed-questions.ts';
import { createTestApp, TEST_EPOCH, type TestApp } from '../../test/helpers.ts';
import { importFiles } from './importer.ts';
import { createQuestionStore } from './store.ts';

const GOOD = fileURLToPath(new URL('./fixtures/good/', import.meta.url));
const demoFolders = (): string[] => {
  const root = join(CONTENT_DIR, 'questions');
  return existsSync(root) ? readdirSync(root).filter((f) => /^\d+$/.test(f) && readdirSync(join(root, f)).some((n) => n.endsWith('.json'))) : [];
};

/** A content folder holding one question bank folder made of the good fixture. */
function contentWith(appFolder: string, mutate: (bank: any) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'kaoshi-seed-'));
  const folder = join(dir, 'questions', appFolder);
  mkdirSync(folder, { recursive: true });
  cpSync(join(GOOD, 'images'), join(folder, 'images'), { recursive: true });
  const bank = JSON.parse(readFileSync(join(GOOD, 'bank.json'), 'utf8'));
  mutate(bank);
  writeFileSync(join(folder, 'bank.json'), JSON.stringify(bank));
  return `${dir}/`;
}

describe('demo question banks in the seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every demo subject folder is in the test database, and seeding again changes nothing', async () => {
    const store = createQuestionStore(t.db);
    for (const folder of demoFolders()) {
      expect((await store.questions(Number(folder))).length, folder).toBeGreaterThan(0);
      expect(await store.bankOrigin(Number(folder))).toBe('demo');
    }
    const lines = await seedQuestions(t.db, CONTENT_DIR, TEST_EPOCH + 1000);
    expect(lines).toHaveLength(demoFolders().length);
    for (const l of lines) expect(l).toMatch(/^imported \d+ questions \(0 new, 0 updated, 0 retired\) into \d+ /);
  });

  it('a demo folder with a problem fails the seed with every problem listed, and writes nothing', async () => {
    const dir = contentWith('3001', (b) => {
      b.appID = 3001;
      b.items[0].answer = 'F';
      b.items[2].chapter = 'ch9';
    });
    const store = createQuestionStore(t.db);
    const before = await store.questions(3001);
    const err = await seedQuestions(t.db, dir, TEST_EPOCH).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^content\/demo\/questions\/3001: the demo question bank has 2 problem\(s\); fix the files:\n/);
    expect((err as Error).message).toContain('content/demo/questions/3001/bank.json items[0].answer: 答案 F 不在选项中');
    expect((err as Error).message).toContain('items[2].chapter: 章节 ch9 未在 chapters 中声明');
    expect(await store.questions(3001)).toEqual(before);
  });

  it('a bank whose appID differs from its folder fails the seed', async () => {
    const dir = contentWith('3001');
    await expect(seedQuestions(t.db, dir, TEST_EPOCH)).rejects.toThrow(/appID 1002 does not match its folder 3001/);
  });

  it('once a real bank was imported for a subject, the seed leaves it alone', async () => {
    expect(await importFiles(t.db, [join(GOOD, 'bank.json')])).toMatchObject({ ok: true });
    const dir = contentWith('1002', (b) => {
      b.items = b.items.slice(0, 3);
    });
    expect(await seedQuestions(t.db, dir, TEST_EPOCH)).toEqual(['1002: skipped (its bank was imported with npm run import)']);
    expect((await createQuestionStore(t.db).questions(1002)).filter((q) => q.extId.startsWith('q-') && !q.retired)).toHaveLength(14);
  });
});

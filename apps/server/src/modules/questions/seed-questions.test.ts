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

/** A demo question as a learner meets it: its subject, id, stem (with its group's case) and the text of its right answer. */
interface Asked {
  app: string;
  id: string;
  stem: string;
  answer: string;
}

/** Every question of every demo bank (a group's members with the group's options). */
function demoQuestions(): Asked[] {
  const out: Asked[] = [];
  for (const app of demoFolders()) {
    const folder = join(CONTENT_DIR, 'questions', app);
    for (const file of readdirSync(folder).filter((n) => n.endsWith('.json'))) {
      const bank = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      for (const item of bank.items) {
        for (const q of item.questions ?? [item]) {
          const options: { key: string; text: string }[] = item.options ?? q.options ?? [];
          const keys: string[] = Array.isArray(q.answer) ? q.answer : String(q.answer).split('');
          const texts = q.type === 'FILL' || item.type === 'FILL' ? keys : keys.map((k) => options.find((o) => o.key === k)?.text ?? k);
          // A group's member is read with the group's case (A3/A4): '该患者最可能的诊断是' alone says little.
          out.push({ app, id: q.id, stem: `${item.questions ? (item.stem ?? '') : ''}${q.stem}`, answer: texts.sort().join('|') });
        }
      }
    }
  }
  return out;
}

/** Stems compared as learners read them: punctuation, blanks and key-point marks left out. */
const plain = (s: string) => s.replace(/[\s\p{P}【】_]/gu, '');
/** Similarity of two texts: the Dice coefficient of their character pairs (1 = the same pairs). */
function likeness(a: string, b: string): number {
  const pairs = (s: string) => new Set(Array.from({ length: Math.max(1, s.length - 1) }, (_, i) => s.slice(i, i + 2)));
  const [x, y] = [pairs(a), pairs(b)];
  let both = 0;
  for (const p of x) if (y.has(p)) both++;
  return (2 * both) / (x.size + y.size);
}

describe('demo question bank content', () => {
  it('holds no near-duplicates: within a subject no two questions ask alike (stems half alike or more) with the same right answer, and no stem is copied into another subject', () => {
    const all = demoQuestions();
    expect(all.length).toBeGreaterThan(400);
    const found: string[] = [];
    for (const [i, a] of all.entries()) {
      for (const b of all.slice(i + 1)) {
        const [x, y] = [plain(a.stem), plain(b.stem)];
        if (a.app === b.app && a.answer === b.answer && likeness(x, y) >= 0.5) found.push(`${a.app} ${a.id} ≈ ${b.id}: ${a.stem} / ${b.stem}`);
        else if (a.app !== b.app && x === y) found.push(`${a.app} ${a.id} = ${b.app} ${b.id}: ${a.stem}`);
      }
    }
    expect(found).toEqual([]);
  });
});

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

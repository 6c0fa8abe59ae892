import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { chapters, knowledgePoints, moduleUpdates, questionBanks, questionGroups, questionImages, questionPoints, questions } from '../../db/schema/index.ts';
import { createTestApp, TEST_EPOCH, type TestApp } from '../../test/helpers.ts';
import { importBank, imagesBeside, type ImageSource, type ImportResult } from './importer.ts';
import { createQuestionStore } from './store.ts';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const GOOD = join(FIXTURES, 'good', 'bank.json');
/** A fresh copy of the good fixture bank (appID 1002: 4 chapters' worth of every type). */
export const goodBank = (): any => JSON.parse(readFileSync(GOOD, 'utf8'));
const images: ImageSource = imagesBeside([GOOD]);
const noImages: ImageSource = () => undefined;

const ok = (r: ImportResult) => {
  if (!r.ok) throw new Error(`unexpected problems: ${JSON.stringify(r.problems)}`);
  return r;
};

/** Row counts of every question bank table: an import with a problem must leave them all as they were. */
async function snapshot(db: Database) {
  const n = async (table: Parameters<ReturnType<Database['select']>['from']>[0]) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    chapters: await n(chapters),
    points: await n(knowledgePoints),
    groups: await n(questionGroups),
    questions: await n(questions),
    links: await n(questionPoints),
    images: await n(questionImages),
    banks: await n(questionBanks),
    modules: await n(moduleUpdates),
  };
}

describe('importing a good bank', () => {
  let t: TestApp;
  let demoActive = 0;
  beforeAll(async () => {
    t = await createTestApp();
    demoActive = (await createQuestionStore(t.db).questions(1002)).filter((q) => !q.retired).length;
  });
  afterAll(() => t.close());

  it('stores every type, the chapter tree, groups in order, B1 shared options, points and images', async () => {
    const at = new Date(TEST_EPOCH + 3600_000);
    const r = ok(await importBank(t.db, [{ name: 'bank.json', data: goodBank() }], images, { now: at }));
    expect(r).toMatchObject({
      appId: 1002,
      subjectName: '主管护师',
      questions: 14,
      groups: 4,
      chapters: 3,
      added: 14,
      updated: 0,
      retired: demoActive,
      images: 2,
    });

    const store = createQuestionStore(t.db);
    const qs = (await store.questions(1002)).filter((q) => !q.retired);
    expect(qs).toHaveLength(14);
    const byType: Record<string, number> = {};
    for (const q of qs) byType[q.type] = (byType[q.type] ?? 0) + 1;
    expect(byType).toEqual({ A1: 1, A2: 1, X: 1, TF: 1, FILL: 1, A3: 2, A4: 2, B1: 3, CASE: 2 });

    const chs = await store.chapters(1002);
    const ch = (code: string) => chs.find((c) => c.code === code)!;
    expect(ch('ch1.1').parentId).toBe(ch('ch1').id);
    expect(ch('ch1').parentId).toBeNull();
    expect(ch('ch2').name).toBe('外科护理');

    const q = (id: string) => qs.find((x) => x.extId === id)!;
    const groups = await store.groups(1002);
    const g = (id: string) => groups.find((x) => x.extId === id)!;
    expect([q('q-a3-1').groupId, q('q-a3-2').groupId]).toEqual([g('g-a3').id, g('g-a3').id]);
    expect([q('q-a3-1').groupOrder, q('q-a3-2').groupOrder]).toEqual([0, 1]);
    expect(q('q-a3-1').id).toBeLessThan(q('q-a3-2').id);
    expect(g('g-a3').stem).toContain('[xray.png]');
    expect(q('q-a3-1').chapterId).toBe(ch('ch1.1').id);

    expect(g('g-b1').options.map((o) => o.key)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(['q-b1-1', 'q-b1-2', 'q-b1-3'].map((id) => [q(id).options, q(id).answer, q(id).groupOrder])).toEqual([
      [[], 'A', 0],
      [[], 'D', 1],
      [[], 'A', 2],
    ]);
    expect(q('q-tf').options.map((o) => o.text)).toEqual(['正确', '错误']);
    expect(q('q-fill').answer).toEqual(['胰岛素', 'insulin']);
    expect(q('q-x').answer).toBe('ACD');
    expect(q('q-a1')).toMatchObject({ difficulty: 2, year: 2023, source: '2023真题', groupId: null });
    expect(q('q-a2')).toMatchObject({ difficulty: 3, year: null, source: '' });

    const links = await store.questionPointCodes(1002);
    expect(links.get(q('q-a1').id)).toEqual(['K1']);
    expect(links.get(q('q-b1-1').id)).toEqual(['K2']);
    expect(links.get(q('q-fill').id)).toBeUndefined();
    expect((await store.points(1002)).filter((p) => /^K\d$/.test(p.code)).map((p) => [p.code, p.name])).toEqual([
      ['K1', '心电图'],
      ['K2', '胰岛素'],
    ]);

    const svg = await store.image(1002, 'ecg.svg');
    expect(svg).toMatchObject({ mime: 'image/svg+xml' });
    expect(svg!.bytes.toString('utf8')).toContain('<svg');
    expect(svg!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.image(1002, 'xray.png'))?.mime).toBe('image/png');

    // The red dot of 章节练习 lights up for everyone who opened it before.
    const [mark] = await t.db
      .select()
      .from(moduleUpdates)
      .where(and(eq(moduleUpdates.appId, 1002), eq(moduleUpdates.moduleId, 'chapter')));
    expect(mark?.updatedAt.getTime()).toBe(at.getTime());
    expect(await store.bankOrigin(1002)).toBe('import');
  });

  it('re-importing the same files changes nothing', async () => {
    const store = createQuestionStore(t.db);
    const before = await store.questions(1002);
    const r = ok(await importBank(t.db, [{ name: 'bank.json', data: goodBank() }], images, { now: new Date(TEST_EPOCH + 7200_000) }));
    expect(r).toMatchObject({ added: 0, updated: 0, unchanged: 14, retired: 0, images: 0 });
    expect(await store.questions(1002)).toEqual(before);
  });

  it('re-importing a changed bank updates in place (same serial ids) and retires what was left out', async () => {
    const store = createQuestionStore(t.db);
    const idsBefore = new Map((await store.questions(1002)).map((q) => [q.extId, q.id]));
    const bank = goodBank();
    bank.items[1].stem = '患者，男，62岁，胸痛3小时。首选检查是';
    bank.items[0].points = ['K2'];
    bank.items = bank.items.filter((i: { id: string }) => i.id !== 'q-fill');
    const at = new Date(TEST_EPOCH + 3 * 3600_000);
    const r = ok(await importBank(t.db, [{ name: 'bank.json', data: bank }], images, { now: at }));
    expect(r).toMatchObject({ questions: 13, added: 0, updated: 1, retired: 1 });

    const after = await store.questions(1002);
    for (const q of after) expect(q.id).toBe(idsBefore.get(q.extId));
    const q = (id: string) => after.find((x) => x.extId === id)!;
    expect(q('q-a2')).toMatchObject({ stem: '患者，男，62岁，胸痛3小时。首选检查是', retired: false });
    expect(q('q-a2').updatedAt.getTime()).toBe(at.getTime());
    expect(q('q-fill')).toMatchObject({ retired: true });
    expect((await store.questionPointCodes(1002)).get(q('q-a1').id)).toEqual(['K2']);

    // Coming back brings the same row back to life.
    const back = ok(await importBank(t.db, [{ name: 'bank.json', data: goodBank() }], images));
    expect(back).toMatchObject({ added: 0, updated: 2, retired: 0 });
    const again = await store.questions(1002);
    expect(again.find((x) => x.extId === 'q-fill')).toMatchObject({ id: idsBefore.get('q-fill'), retired: false });
    expect((await store.questionPointCodes(1002)).get(idsBefore.get('q-a1')!)).toEqual(['K1']);
  });
});

describe('a bank with a problem writes nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cases: {
    name: string;
    files: () => { name: string; data: unknown }[];
    images?: ImageSource;
    problem: { file?: string; at: string; message: RegExp };
  }[] = [
    {
      name: 'answer not among the options',
      files: () => {
        const b = goodBank();
        b.items[0].answer = 'F';
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'items[0].answer', message: /答案 F 不在选项中/ },
    },
    {
      name: 'a B1 sub-question with its own options',
      files: () => {
        const b = goodBank();
        b.items[7].questions[1].options = [{ key: 'A', text: '甲' }];
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'items[7].questions[1].options', message: /B1型题的小题使用题组共用的选项/ },
    },
    {
      name: 'a group with one question',
      files: () => {
        const b = goodBank();
        b.items[5].questions.pop();
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'items[5].questions', message: /题组至少要有两道小题/ },
    },
    {
      name: 'an unknown chapter',
      files: () => {
        const b = goodBank();
        b.items[3].chapter = 'ch9';
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'items[3].chapter', message: /章节 ch9 未在 chapters 中声明/ },
    },
    {
      name: 'an unknown knowledge point',
      files: () => {
        const b = goodBank();
        b.items[7].questions[0].points = ['K9'];
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'items[7].questions[0].points[0]', message: /考点 K9 未在 knowledgePoints 中声明/ },
    },
    {
      name: 'the same id in two files',
      files: () => {
        const a = goodBank();
        const b = goodBank();
        b.items = [b.items[3]];
        return [
          { name: 'a.json', data: a },
          { name: 'b.json', data: b },
        ];
      },
      problem: { file: 'b.json', at: 'items[0]', message: /编号 q-tf 重复（a\.json items\[3\] 已使用）/ },
    },
    {
      name: 'a missing image',
      files: () => [{ name: 'bank.json', data: goodBank() }],
      images: (name) => (name === 'xray.png' ? images(name) : undefined),
      problem: { at: 'items[0]', message: /图片 ecg\.svg 不存在/ },
    },
    {
      name: 'a cycle in the chapters',
      files: () => {
        const b = goodBank();
        b.chapters[0].parent = 'ch1.1';
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'chapters(ch1)', message: /循环/ },
    },
    {
      name: 'files of two subjects',
      files: () => {
        const b = goodBank();
        b.appID = 1001;
        b.items = b.items.map((i: { id: string }) => ({ ...i, id: `other-${i.id}` }));
        return [
          { name: 'a.json', data: goodBank() },
          { name: 'b.json', data: b },
        ];
      },
      problem: { file: 'b.json', at: 'appID', message: /同一批导入的文件必须属于同一科目（1002）/ },
    },
    {
      name: 'an unknown subject',
      files: () => {
        const b = goodBank();
        b.appID = 999;
        return [{ name: 'bank.json', data: b }];
      },
      problem: { at: 'appID', message: /科目 999 不存在/ },
    },
    {
      name: 'a file that is not a bank',
      files: () => [{ name: 'bank.json', data: { appID: 1002, chapters: [], items: [] } }],
      problem: { at: 'chapters', message: /至少要有一个章节/ },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: reported with its file and place`, async () => {
      const before = await snapshot(t.db);
      const r = await importBank(t.db, c.files(), c.images ?? images);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems).toContainEqual({ file: c.problem.file ?? 'bank.json', at: c.problem.at, message: expect.stringMatching(c.problem.message) });
      expect(await snapshot(t.db)).toEqual(before);
    });
  }

  it("an unknown subject is reported together with the files' own problems", async () => {
    const b = goodBank();
    b.appID = 999;
    b.items[0].answer = 'F';
    const r = await importBank(t.db, [{ name: 'bank.json', data: b }], images);
    expect(r.ok ? [] : r.problems.map((p) => `${p.at}: ${p.message}`)).toEqual(['appID: 科目 999 不存在，请先在科目目录中建立该科目', 'items[0].answer: 答案 F 不在选项中']);
  });

  it('reports every problem of every file at once', async () => {
    const b = goodBank();
    b.items[0].answer = 'F';
    b.items[2].answer = 'A';
    b.items[4].chapter = 'nope';
    const r = await importBank(t.db, [{ name: 'bank.json', data: b }], noImages);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.at)).toEqual(expect.arrayContaining(['items[0].answer', 'items[2].answer', 'items[4].chapter', 'items[0]', 'items[5]']));
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paperQuestionIds, paperTotal, scorePaper, type PaperKey } from '@kaoshi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { CONTENT_DIR } from '../../seed/seed.ts';
import { seedPapers } from '../../seed/seed-papers.ts';
import { createTestApp, TEST_EPOCH, type TestApp } from '../../test/helpers.ts';
import { dailyPaper, type DailyBankRow } from './daily.ts';
import { importFiles } from '../questions/index.ts';
import { createPaperStore } from './store.ts';

const demoFile = (name: string) => JSON.parse(readFileSync(join(CONTENT_DIR, 'papers', '1001', name), 'utf8'));

/** A content folder with papers/<app>/<name> for each file given (objects are written as JSON, strings as they are). */
function contentWith(files: Record<string, unknown>, app = '1001'): string {
  const dir = mkdtempSync(join(tmpdir(), 'kaoshi-papers-'));
  mkdirSync(join(dir, 'papers', app), { recursive: true });
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, 'papers', app, name), typeof data === 'string' ? data : JSON.stringify(data));
  return `${dir}/`;
}

/** The bank's keys for scoring, read straight from the test database. */
async function keysOf(t: TestApp, appId: number): Promise<Map<number, PaperKey>> {
  const rows = await t.db
    .select({ id: questions.id, type: questions.type, answer: questions.answer, chapterId: questions.chapterId })
    .from(questions)
    .where(eq(questions.appId, appId));
  return new Map(rows.map((r) => [r.id, { type: r.type as PaperKey['type'], answer: r.answer, chapterId: r.chapterId }]));
}

describe('demo papers in the seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the demo papers of 1001 are loaded: full-length mocks and a past paper, ids resolved, groups whole and in order', async () => {
    const store = createPaperStore(t.db);
    expect((await store.list(1001, 'mock')).filter((p) => !p.tag).map((p) => p.code)).toEqual(['mock-1', 'mock-2', 'mock-quick']);
    expect((await store.list(1001, 'past')).map((p) => [p.code, p.year])).toEqual([['past-2025', 2025]]);
    expect(await store.list(1001)).toHaveLength(4 + 6);
    const bank = await store.bank(1001);
    const byId = new Map(bank.map((q) => [q.id, q]));
    for (const code of ['mock-1', 'mock-2', 'past-2025']) {
      const p = (await store.get(1001, { code }))!;
      expect(p, code).toMatchObject({ appID: 1001, timeLimitSeconds: 6000, passScore: 72, totalScore: 120, tag: null });
      expect(paperTotal(p)).toBe(120);
      const ids = paperQuestionIds(p);
      expect(new Set(ids).size).toBe(120);
      for (const s of p.sections) for (const id of s.questions) expect(byId.get(id)?.type, `${code} ${id}`).toBe(s.type);
      // Every chapter that has questions is in every full-length paper.
      expect(new Set(ids.map((id) => byId.get(id)!.chapterId)).size).toBe(new Set(bank.map((q) => q.chapterId)).size);
    }
    const m1 = new Set(paperQuestionIds((await store.get(1001, { code: 'mock-1' }))!));
    expect(paperQuestionIds((await store.get(1001, { code: 'mock-2' }))!).filter((id) => m1.has(id))).toEqual([]);
    const quick = (await store.get(1001, { code: 'mock-quick' }))!;
    expect(quick).toMatchObject({ timeLimitSeconds: 300, passScore: 6, totalScore: 10 });
    expect(quick.sections.map((s) => s.type)).toEqual(['A1', 'A2', 'X', 'TF', 'FILL', 'CASE']);
    const caseIds = quick.sections.at(-1)!.questions.map((id) => byId.get(id)!);
    expect(caseIds.map((q) => q.groupOrder)).toEqual([...caseIds.map((q) => q.groupOrder)].sort((a, b) => a - b));
    expect(await store.get(1001, { id: quick.id })).toEqual(quick);
    expect(await store.get(1001, { code: 'nope' })).toBeUndefined();
    expect(await store.get(1002, { id: quick.id })).toBeUndefined();
  });

  it('a stored paper scores with the bank keys: all right is full marks, the pass line decides', async () => {
    const keys = await keysOf(t, 1001);
    const p = (await createPaperStore(t.db).get(1001, { code: 'mock-quick' }))!;
    const right = (id: number) => {
      const a = keys.get(id)!.answer;
      return Array.isArray(a) ? a[0]! : (a as string);
    };
    const all = new Map(paperQuestionIds(p).map((id) => [id, right(id)]));
    expect(scorePaper(p, (id) => keys.get(id), all)).toMatchObject({ score: 10, total: 10, passed: true, right: 10 });
    const six = new Map(
      paperQuestionIds(p)
        .slice(0, 6)
        .map((id) => [id, right(id)]),
    );
    expect(scorePaper(p, (id) => keys.get(id), six)).toMatchObject({ score: 6, passed: true, right: 6, unanswered: 4 });
  });

  it('seeding again changes nothing', async () => {
    const before = await createPaperStore(t.db).list(1001);
    expect(await seedPapers(t.db, CONTENT_DIR, TEST_EPOCH + 1000, () => {})).toEqual([
      '1001: 0 new, 0 updated, 10 unchanged, 0 retired, 0 refused',
      '2001: 0 new, 0 updated, 2 unchanged, 0 retired, 0 refused',
    ]);
    expect(await createPaperStore(t.db).list(1001)).toEqual(before);
  });

  it('a re-seed after the bank grew (the live quiz cards become questions) keeps the drawn sets as they are', async () => {
    const store = createPaperStore(t.db);
    const before = [...(await store.list(1001)), ...(await store.list(2001))];
    // New questions of every kind the recipes draw from: with a year (past-years), hard (hard), any (sprint).
    await t.db.execute(sql`
      insert into ${questions} (app_id, ext_id, type, chapter_id, group_order, stem, options, answer, explanation, difficulty, year, source, updated_at)
      select app_id, 'card-' || id, type, chapter_id, 0, stem, options, answer, explanation, 5, 2024, '直播随堂练', updated_at
      from ${questions} where app_id in (1001, 2001) and group_id is null and not retired`);
    expect(await seedPapers(t.db, CONTENT_DIR, TEST_EPOCH + 2000, () => {})).toEqual([
      '1001: 0 new, 0 updated, 10 unchanged, 0 retired, 0 refused',
      '2001: 0 new, 0 updated, 2 unchanged, 0 retired, 0 refused',
    ]);
    expect([...(await store.list(1001)), ...(await store.list(2001))]).toEqual(before);
  });
});

describe('paper validation in the seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses each bad paper with every problem (file and path) in the log; the good ones still load', async () => {
    await t.db
      .update(questions)
      .set({ retired: true })
      .where(and(eq(questions.appId, 1001), eq(questions.extId, 'a-jc-002')));
    t.forgetCaches();
    const quick = demoFile('mock-quick.json');
    const good = { ...quick, code: 'good', tag: 'ytmj' };
    const sec = (type: string, qs: string[], score = 1) => ({ type, score, questions: qs });
    const bad = {
      ...quick,
      code: 'bad',
      passScore: 50,
      sections: [
        sec('A1', ['a-jc-001', 'zz-404', 'a-jc-002', 'a-jc-101', 'a-jc-001']),
        sec('A3', ['a-g-01']),
        sec('B1', ['a-g-05-2', 'a-g-05-1', 'a-g-05-3']),
        sec('A4', ['a-g-03-1', 'a-g-03-2', 'a-g-03-3']),
        sec('A4', ['a-g-03-4']),
        sec('CASE', ['a-g-09-1', 'a-g-09-2']),
      ],
    };
    const lines: string[] = [];
    const dir = contentWith({
      'good.json': good,
      'bad.json': bad,
      'schema.json': { ...quick, code: 'schema', kind: 'exam', timeLimitMinutes: 0, sections: [sec('A1', [], 0)] },
      'broken.json': '{ "appID": 1001, ',
      'other-app.json': { ...quick, code: 'other', appID: 1002 },
      'twin.json': { ...good },
    });
    const summary = await seedPapers(t.db, dir, TEST_EPOCH, (l) => lines.push(l));
    expect(summary).toEqual(['1001: 1 new, 0 updated, 0 unchanged, 10 retired, 5 refused']);
    const f = 'content/demo/papers/1001';
    expect(lines).toEqual(
      expect.arrayContaining([
        `${f}/bad.json: 9 problem(s); paper refused`,
        `${f}/bad.json sections[0].questions[1]: no question zz-404 in the bank of subject 1001`,
        `${f}/bad.json sections[0].questions[2]: question a-jc-002 is retired`,
        `${f}/bad.json sections[0].questions[3]: question a-jc-101 is A2, not A1 like its section`,
        `${f}/bad.json sections[0].questions[4]: question a-jc-001 appears twice (also at sections[0].questions[0])`,
        `${f}/bad.json sections[1].questions[0]: a-g-01 is a group; list its sub-questions instead`,
        `${f}/bad.json sections[2]: group a-g-05 must list all its sub-questions together and in order: a-g-05-1, a-g-05-2, a-g-05-3 (found a-g-05-2, a-g-05-1, a-g-05-3)`,
        `${f}/bad.json sections[3]: group a-g-03 is split across sections; keep its sub-questions together in one section`,
        `${f}/bad.json sections[5]: group a-g-09 must list all its sub-questions together and in order: a-g-09-1, a-g-09-2, a-g-09-3 (found a-g-09-1, a-g-09-2)`,
        `${f}/bad.json passScore: pass score 50 is more than the paper's total 12`,
        `${f}/schema.json kind: 试卷类型必须是 mock（模拟考试）或 past（历年真题）`,
        `${f}/schema.json timeLimitMinutes: 考试时长必须大于0`,
        `${f}/schema.json sections[0].score: 每题分值必须大于0`,
        `${f}/schema.json sections[0].questions: 每个大题至少要有一道题`,
        `${f}/other-app.json appID: appID 1002 does not match its folder 1001`,
        `${f}/twin.json code: another file of subject 1001 already has code good; paper refused`,
      ]),
    );
    expect(lines.some((l) => l.startsWith(`${f}/broken.json: not valid JSON`))).toBe(true);
    // One line per problem the header counts: nothing is swallowed.
    expect(lines.filter((l) => l.startsWith(`${f}/bad.json sections`) || l.startsWith(`${f}/bad.json passScore`))).toHaveLength(9);
    const store = createPaperStore(t.db);
    expect((await store.list(1001)).map((p) => [p.code, p.tag])).toEqual([['good', 'ytmj']]);
    expect(await store.get(1001, { code: 'bad' })).toBeUndefined();
    rmSync(dir, { recursive: true });
  });

  it('a folder for a subject that does not exist is reported and skipped', async () => {
    const lines: string[] = [];
    const dir = contentWith({ 'p.json': { ...demoFile('mock-quick.json'), appID: 9999 } }, '9999');
    expect(await seedPapers(t.db, dir, TEST_EPOCH, (l) => lines.push(l))).toEqual([]);
    expect(lines).toEqual(['content/demo/papers/9999: no subject 9999; its 1 paper(s) were not loaded']);
  });

  it('a subject whose bank came from npm run import is skipped', async () => {
    const bank = fileURLToPath(new URL('../questions/fixtures/good/bank.json', import.meta.url));
    expect(await importFiles(t.db, [bank])).toMatchObject({ ok: true });
    const lines: string[] = [];
    const dir = contentWith({ 'p.json': { ...demoFile('mock-quick.json'), appID: 1002 } }, '1002');
    expect(await seedPapers(t.db, dir, TEST_EPOCH, (l) => lines.push(l))).toEqual([
      '1002: skipped (its bank was imported with npm run import; the demo papers name the demo bank)',
    ]);
    expect(lines).toEqual([]);
    expect(await createPaperStore(t.db).list(1002)).toEqual([]);
  });
});

describe('re-seeding papers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('updates a paper in place by (app, code), retires one whose file is gone and brings it back with the same id', async () => {
    const store = createPaperStore(t.db);
    const quick = demoFile('mock-quick.json');
    const m1 = demoFile('mock-1.json');
    const before = (await store.get(1001, { code: 'mock-quick' }))!;
    const changed = { ...quick, name: '快速小测（改）', timeLimitMinutes: 8, passScore: 3, sections: quick.sections.slice(0, 2) };
    const noLog = () => {};
    expect(await seedPapers(t.db, contentWith({ 'q.json': changed, 'm1.json': m1 }), TEST_EPOCH + 1, noLog)).toEqual(['1001: 0 new, 1 updated, 1 unchanged, 8 retired, 0 refused']);
    const after = (await store.get(1001, { code: 'mock-quick' }))!;
    expect(after).toMatchObject({ id: before.id, name: '快速小测（改）', timeLimitSeconds: 480, totalScore: 4 });
    expect(after.sections.map((s) => s.type)).toEqual(['A1', 'A2']);
    expect((await store.list(1001)).map((p) => p.code)).toEqual(['mock-1', 'mock-quick']);
    // The retired paper is still there for whoever points at it, and comes back with its id.
    const m2 = (await store.get(1001, { code: 'mock-2' }))!;
    expect(m2).toBeDefined();
    expect(await seedPapers(t.db, CONTENT_DIR, TEST_EPOCH + 2, noLog)).toEqual([
      '1001: 0 new, 9 updated, 1 unchanged, 0 retired, 0 refused',
      '2001: 0 new, 0 updated, 2 unchanged, 0 retired, 0 refused',
    ]);
    expect((await store.get(1001, { code: 'mock-2' }))!.id).toBe(m2.id);
    expect((await store.get(1001, { code: 'mock-quick' }))!).toEqual({ ...before });
    expect(await store.list(1001)).toHaveLength(4 + 6);
  });

  it('a refused file keeps the paper it would have replaced', async () => {
    const store = createPaperStore(t.db);
    const before = (await store.get(1001, { code: 'mock-quick' }))!;
    const broken = { ...demoFile('mock-quick.json'), passScore: 99 };
    const lines: string[] = [];
    const dir = contentWith({ 'q.json': broken, ...Object.fromEntries(['mock-1', 'mock-2', 'past-2025'].map((c) => [`${c}.json`, demoFile(`${c}.json`)])) });
    expect(await seedPapers(t.db, dir, TEST_EPOCH + 3, (l) => lines.push(l))).toEqual(['1001: 0 new, 0 updated, 3 unchanged, 6 retired, 1 refused']);
    expect(lines).toContain(`content/demo/papers/1001/q.json passScore: pass score 99 is more than the paper's total 10`);
    expect(await store.get(1001, { code: 'mock-quick' })).toEqual(before);
  });

  it("an extra papers folder (EXTRA_PAPERS_DIR, the journeys' one-minute paper) loads beside the demo papers and retires none of them", async () => {
    const store = createPaperStore(t.db);
    const extra = fileURLToPath(new URL('../../../../../e2e/papers', import.meta.url));
    expect(await seedPapers(t.db, CONTENT_DIR, TEST_EPOCH + 4, () => {}, extra)).toEqual([
      '1001: 1 new, 6 updated, 4 unchanged, 0 retired, 0 refused',
      '2001: 0 new, 0 updated, 2 unchanged, 0 retired, 0 refused',
    ]);
    expect(await store.get(1001, { code: 'mock-1min' })).toMatchObject({ timeLimitSeconds: 60, totalScore: 5, passScore: 3 });
    // Without it, the next start retires the extra paper (and only it).
    expect(await seedPapers(t.db, CONTENT_DIR, TEST_EPOCH + 5, () => {})).toEqual([
      '1001: 0 new, 0 updated, 10 unchanged, 1 retired, 0 refused',
      '2001: 0 new, 0 updated, 2 unchanged, 0 retired, 0 refused',
    ]);
  });
});

describe('dailyPaper', () => {
  const rows: DailyBankRow[] = [
    ...Array.from({ length: 40 }, (_, i) => ({ id: i + 1, type: ['A1', 'A2', 'X', 'TF', 'FILL'][i % 5]!, retired: false })),
    ...Array.from({ length: 10 }, (_, i) => ({ id: 100 + i, type: 'A3', retired: false })),
    ...Array.from({ length: 10 }, (_, i) => ({ id: 200 + i, type: 'A1', retired: true })),
  ];
  const ids = (p: ReturnType<typeof dailyPaper>) => paperQuestionIds(p!);

  it('draws 10 single items, 1 mark each, 10 minutes, pass 6, sections in type order', () => {
    const p = dailyPaper(1001, '2026-03-02', rows)!;
    expect(p).toMatchObject({ appID: 1001, code: 'daily-2026-03-02', kind: 'daily', name: '每日一练（2026-03-02）', timeLimitSeconds: 600, passScore: 6 });
    expect(paperTotal(p)).toBe(10);
    expect(new Set(ids(p)).size).toBe(10);
    for (const id of ids(p)) expect(id).toBeLessThanOrEqual(40); // never a group's sub-question, never a retired one
    const order = ['A1', 'A2', 'X', 'TF', 'FILL'];
    expect(p.sections.map((s) => order.indexOf(s.type))).toEqual([...p.sections.map((s) => order.indexOf(s.type))].sort());
    for (const s of p.sections) for (const id of s.questions) expect(rows.find((r) => r.id === id)!.type).toBe(s.type);
  });

  it('is the same for everyone on a day, whatever the order of the rows', () => {
    const shuffled = [...rows].reverse();
    const rotated = [...rows.slice(17), ...rows.slice(0, 17)];
    expect(dailyPaper(1001, '2026-03-02', shuffled)).toEqual(dailyPaper(1001, '2026-03-02', rows));
    expect(dailyPaper(1001, '2026-03-02', rotated)).toEqual(dailyPaper(1001, '2026-03-02', rows));
  });

  it('varies by day and by subject', () => {
    const days = Array.from({ length: 7 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    const draws = new Set(
      days.map((d) =>
        ids(dailyPaper(1001, d, rows))
          .sort((a, b) => a - b)
          .join(','),
      ),
    );
    expect(draws.size).toBe(7);
    expect(ids(dailyPaper(1002, '2026-03-02', rows))).not.toEqual(ids(dailyPaper(1001, '2026-03-02', rows)));
  });

  it('a small bank gives what it has (pass line 60% rounded up); an empty one none; a bad date throws', () => {
    const few = rows.slice(0, 4);
    expect(dailyPaper(1001, '2026-03-02', few)).toMatchObject({ passScore: 3 });
    expect(ids(dailyPaper(1001, '2026-03-02', few)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(dailyPaper(1001, '2026-03-02', rows.slice(40))).toBeNull();
    expect(() => dailyPaper(1001, '2026-3-2', rows)).toThrow(/not a date/);
  });

  it('works on the demo bank', async () => {
    const t = await createTestApp();
    try {
      const bank = await createPaperStore(t.db).bank(1001);
      const p = dailyPaper(1001, '2026-03-02', bank)!;
      expect(ids(p)).toHaveLength(10);
      const keys = await keysOf(t, 1001);
      expect(scorePaper(p, (id) => keys.get(id), new Map()).total).toBe(10);
    } finally {
      await t.close();
    }
  });
});

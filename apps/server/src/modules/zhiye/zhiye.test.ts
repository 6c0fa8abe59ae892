import { zhiyeAnalyse, zhiyeCaseChapters, zhiyeCaseTest, zhiyeUnits, zhiyeYears, zhiyeYearTest } from '@kaoshi/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, papers, questions } from '../../db/schema/index.ts';
import { createTestApp, DEMO, makeModulePaid, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let member: string;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.login(DEMO.owner, DEMO.password);
  learner = await t.login(DEMO.learner, DEMO.password);
});
afterAll(() => t.close());

const APP = 1001;
const pastQuestions = () =>
  t.db
    .select({ id: questions.id, year: questions.year, chapterId: questions.chapterId })
    .from(questions)
    .where(and(eq(questions.appId, APP), eq(questions.retired, false), isNotNull(questions.year)));
const topChapters = () =>
  t.db.select({ id: chapters.id, name: chapters.name, parentId: chapters.parentId }).from(chapters).where(eq(chapters.appId, APP)).orderBy(asc(chapters.order), asc(chapters.id));

describe('zhiye calls: session, input, entitlement', () => {
  const calls = [
    [zhiyeUnits, {}],
    [zhiyeYears, {}],
    [zhiyeYearTest, { year: 2022 }],
    [zhiyeAnalyse, {}],
    [zhiyeCaseChapters, {}],
    [zhiyeCaseTest, { cptID: 1 }],
  ] as const;

  it('401 without a session', async () => {
    for (const [c, extra] of calls) expect(await t.call(c, { appID: APP, ...extra })).toEqual(NOT_LOGGED_IN);
  });

  it('400 naming the field', async () => {
    expect((await t.call(zhiyeYears, { guid: member })).msg).toBe('请填写科目编号');
    expect((await t.call(zhiyeYearTest, { guid: member, appID: APP, year: '20x' })).msg).toBe('年份格式不正确');
    expect((await t.call(zhiyeYearTest, { guid: member, appID: APP })).msg).toBe('请选择年份或章节');
    expect((await t.call(zhiyeCaseTest, { guid: member, appID: APP })).msg).toBe('请填写章节编号');
    expect((await t.call(zhiyeCaseTest, { guid: member, appID: APP, cptID: 999999 })).status).toBe(404);
  });

  it('历年真题 (yearTest by year) is module paper: 403 for a learner without it; years answers with allowed false; units/analyse/case are chapter (free)', async () => {
    const body = await t.call(zhiyeYearTest, { guid: learner, appID: APP, year: 2022 });
    expect(body.status).toBe(403);
    expect(body.msg).toBe('开通以下任一班次可使用该功能');
    expect(body.data.unlocking.map((v: { vname: string }) => v.vname)).toContain('基础班');
    const years = await t.call(zhiyeYears, { guid: learner, appID: APP });
    expect(years.status).toBe(200);
    expect(years.data.allowed).toBe(false);
    expect(years.data.unlocking.map((v: { vname: string }) => v.vname)).toContain('基础班');
    expect(years.data.list.length).toBeGreaterThan(0);
    expect((await t.call(zhiyeYears, { guid: member, appID: APP })).data).toMatchObject({ allowed: true, unlocking: [] });
    expect((await t.call(zhiyeUnits, { guid: learner, appID: APP })).status).toBe(200);
    expect((await t.call(zhiyeAnalyse, { guid: learner, appID: APP })).status).toBe(200);
    // A trial opens the first chapter of each part: a part holding closed chapters stays closed as a whole.
    const all = await topChapters();
    const part = all.find((c) => c.parentId === null && all.some((k) => k.parentId === c.id))!;
    const first = all.find((c) => c.parentId === part.id)!;
    const second = all.filter((c) => c.parentId === part.id)[1]!;
    expect((await t.call(zhiyeYearTest, { guid: learner, appID: APP, cptID: first.id })).status).toBe(200);
    for (const cptID of [part.id, second.id]) expect((await t.call(zhiyeYearTest, { guid: learner, appID: APP, cptID })).status).toBe(403);
    expect((await t.call(zhiyeCaseTest, { guid: learner, appID: APP, cptID: second.id })).status).toBe(403);
    expect((await t.call(zhiyeYearTest, { guid: member, appID: APP, cptID: part.id })).status).toBe(200);
  });

  it('403 on the chapter calls once module chapter is paid', async () => {
    const other = await createTestApp();
    try {
      await makeModulePaid(other.db, APP, 'chapter');
      const guid = await other.login(DEMO.learner, DEMO.password);
      for (const c of [zhiyeUnits, zhiyeAnalyse, zhiyeCaseChapters]) expect((await other.call(c, { guid, appID: APP })).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('zhiye data', () => {
  it('units: top chapters as 单元一… with their sub-chapters and progress', async () => {
    const body = await t.call(zhiyeUnits, { guid: member, appID: APP });
    expect(body.status).toBe(200);
    const tops = (await topChapters()).filter((c) => c.parentId === null);
    expect(body.data.list.map((u: { cptID: number }) => u.cptID)).toEqual(tops.map((c) => c.id));
    expect(body.data.list[0]).toMatchObject({ index: 1, label: '单元一', parentID: null });
    expect(body.data.list[1]?.label).toBe('单元二');
    const u = body.data.list[0];
    expect(u.chapters.length).toBeGreaterThan(0);
    expect(u.total).toBeGreaterThanOrEqual(u.chapters.reduce((n: number, c: { parentID: number; total: number }) => n + (c.parentID === u.cptID ? c.total : 0), 0));
  });

  it('years: each year of the bank with its count (newest first), and the stored past paper of the year', async () => {
    const body = await t.call(zhiyeYears, { guid: member, appID: APP });
    expect(body.status).toBe(200);
    const past = await pastQuestions();
    const counts = new Map<number, number>();
    for (const q of past) counts.set(q.year!, (counts.get(q.year!) ?? 0) + 1);
    const list = body.data.list as { year: number; count: number; paperID: number | null }[];
    expect(list.map((y) => y.year)).toEqual([...list.map((y) => y.year)].sort((a, b) => b - a));
    for (const [year, n] of counts) expect(list.find((y) => y.year === year)?.count).toBe(n);
    const [paper] = await t.db
      .select({ id: papers.id, year: papers.year })
      .from(papers)
      .where(and(eq(papers.appId, APP), eq(papers.kind, 'past')));
    if (paper?.year) expect(list.find((y) => y.year === paper.year)?.paperID).toBe(paper.id);
  });

  it('yearTest: the year’s questions in chapter order; with cptID only the subtree; cptID alone = any year', async () => {
    const past = await pastQuestions();
    const year = past[0]!.year!;
    const body = await t.call(zhiyeYearTest, { guid: member, appID: APP, year });
    expect(body.status).toBe(200);
    expect(body.data.name).toBe(`${year}年真题回顾`);
    expect(body.data.total).toBe(past.filter((q) => q.year === year).length);
    expect(new Set(body.data.list.map((q: { allTestID: number }) => q.allTestID))).toEqual(new Set(past.filter((q) => q.year === year).map((q) => q.id)));
    const top = (await topChapters()).find((c) => c.parentId === null)!;
    const anyYear = await t.call(zhiyeYearTest, { guid: member, appID: APP, cptID: top.id });
    expect(anyYear.data.name).toBe(`${top.name}·历年真题`);
    expect(anyYear.data.total).toBeGreaterThan(0);
    expect(anyYear.data.total).toBeLessThan(past.length);
    const both = await t.call(zhiyeYearTest, { guid: member, appID: APP, cptID: top.id, year });
    expect(both.data.name).toBe(`${year}年真题回顾·${top.name}`);
    expect(both.data.total).toBeLessThanOrEqual(body.data.total);
  });

  it('analyse: per top chapter per year, shares adding up to 1', async () => {
    const body = await t.call(zhiyeAnalyse, { guid: member, appID: APP });
    expect(body.status).toBe(200);
    const d = body.data;
    expect(d.years).toEqual([...d.years].sort((a: number, b: number) => a - b));
    expect(d.years.length).toBeLessThanOrEqual(7);
    const sum = d.list.reduce((s: number, r: { count: number }) => s + r.count, 0);
    expect(sum).toBe(d.total);
    expect(d.list.reduce((s: number, r: { share: number }) => s + r.share, 0)).toBeCloseTo(1, 2);
    for (const r of d.list) expect(Object.values(r.byYear as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(r.count);
  });

  it('caseChapters and caseTest: chapters holding CASE/A3/A4 groups; the groups whole', async () => {
    const body = await t.call(zhiyeCaseChapters, { guid: member, appID: APP });
    expect(body.status).toBe(200);
    expect(body.data.list.length).toBeGreaterThan(0);
    const c = body.data.list[0];
    expect(c.groups).toBeGreaterThan(0);
    const test = await t.call(zhiyeCaseTest, { guid: member, appID: APP, cptID: c.cptID });
    expect(test.status).toBe(200);
    expect(test.data.name).toBe(`案例分析·${c.name}`);
    expect(test.data.total).toBe(c.count);
    expect(test.data.groups).toHaveLength(c.groups);
    for (const q of test.data.list) {
      expect(['CASE', 'A3', 'A4']).toContain(q.childTableName);
      expect(q.childTableID).toBeGreaterThan(0);
    }
  });
});

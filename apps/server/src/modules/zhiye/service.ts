import { ANALYSE_YEARS, CASE_TYPES, CATALOG_MSG, EXAM_MODULE, ZHIYE_MSG, type ChapterProgress } from '@kaoshi/contract';
import { badInput, notFound } from '../../platform/errors.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { PracticeService } from '../practice/index.ts';
import { subtree } from '../questions/index.ts';
import { byChapterOrder, chineseNumber, idsOf, present, topOf, unitsOf, type SprintPool } from '../sprint/index.ts';

const CASE = new Set<string>(CASE_TYPES);

/** 执业 calls (docs/sprint-zhiye.md): units, past-exam questions by year, the analysis and case chapters. */
export function createZhiyeService(deps: { pool: SprintPool; entitlements: EntitlementService; practice: PracticeService }) {
  const { pool, practice } = deps;

  async function chapterOf(appId: number, cptId: number) {
    const chapters = await pool.chapters(appId);
    const chapter = chapters.find((c) => c.id === cptId);
    if (!chapter) throw notFound(ZHIYE_MSG.unknownChapter);
    return { chapters, chapter, inTree: new Set(subtree(chapters, cptId)) };
  }

  return {
    /** Top chapters as 单元一…, their numbers and sub-chapters from chapterMenu/list (which gates 'chapter'). */
    async units(userId: number, appId: number) {
      const menu = await practice.chapterMenu(userId, appId);
      const byId = new Map(menu.list.map((c) => [c.cptID, c]));
      const top = topOf(menu.list.map((c) => ({ id: c.cptID, parentId: c.parentID !== null && byId.has(c.parentID) ? c.parentID : null, name: c.name, order: c.order })));
      const tops = menu.list.filter((c) => top.get(c.cptID) === c.cptID);
      return {
        AppID: appId,
        list: tops.map((t, i) => ({
          ...t,
          index: i + 1,
          label: `单元${chineseNumber(i + 1)}`,
          chapters: menu.list.filter((c): c is ChapterProgress => c.cptID !== t.cptID && top.get(c.cptID) === t.cptID),
        })),
        unlocking: menu.unlocking,
      };
    },

    /** Years of the bank's past-exam questions (newest first) with counts, done, and the year's stored past paper. */
    async years(userId: number, appId: number) {
      const d = await deps.entitlements.decide(userId, appId, { moduleId: EXAM_MODULE });
      if (d.reason === 'unknown-subject') throw notFound(CATALOG_MSG.unknownSubject);
      const [rows, papers, answered] = await Promise.all([pool.questions(appId), pool.papers(appId, ['past']), pool.answered(userId, appId)]);
      const by = new Map<number, { count: number; done: number }>();
      for (const r of rows) {
        if (r.year === null) continue;
        const t = by.get(r.year) ?? { count: 0, done: 0 };
        t.count += 1;
        if (answered.has(r.id)) t.done += 1;
        by.set(r.year, t);
      }
      const paperOf = new Map<number, { id: number; name: string }>();
      for (const p of papers) if (p.year !== null && !paperOf.has(p.year)) paperOf.set(p.year, p);
      const years = [...new Set([...by.keys(), ...paperOf.keys()])].sort((a, b) => b - a);
      return {
        AppID: appId,
        allowed: d.allowed,
        unlocking: d.allowed ? [] : d.unlockingVersions,
        list: years.map((year) => ({
          year,
          count: by.get(year)?.count ?? 0,
          done: by.get(year)?.done ?? 0,
          paperID: paperOf.get(year)?.id ?? null,
          paperName: paperOf.get(year)?.name ?? null,
        })),
      };
    },

    /** Past-exam questions of a year (gate 'paper'), or of a chapter subtree of any year (gate 'chapter'), in chapter order. */
    async yearTest(userId: number, appId: number, year: number | undefined, cptId: number | undefined) {
      if (year === undefined && cptId === undefined) throw badInput(ZHIYE_MSG.yearOrChapter);
      const [rows, scope] = await Promise.all([
        pool.questions(appId),
        cptId !== undefined ? chapterOf(appId, cptId) : pool.chapters(appId).then((chapters) => ({ chapters, chapter: null, inTree: null })),
      ]);
      const mine = rows.filter((r) => r.year !== null && (year === undefined || r.year === year) && (scope.inTree === null || scope.inTree.has(r.chapterId)));
      const ids = idsOf(byChapterOrder(unitsOf(mine), scope.chapters));
      const name = year !== undefined ? `${year}年真题回顾${scope.chapter ? `·${scope.chapter.name}` : ''}` : `${scope.chapter!.name}·历年真题`;
      return { AppID: appId, name, ...(await present(practice, userId, appId, rows, ids)) };
    },

    /** Per top chapter: past-exam questions per year (the newest ANALYSE_YEARS years) and the share of them. */
    async analyse(userId: number, appId: number) {
      const [rows, chapters] = await Promise.all([pool.questions(appId), pool.chapters(appId)]);
      const years = [...new Set(rows.flatMap((r) => (r.year === null ? [] : [r.year])))].sort((a, b) => a - b).slice(-ANALYSE_YEARS);
      const shown = new Set(years);
      const top = topOf(chapters);
      const tops = chapters.filter((c) => top.get(c.id) === c.id);
      const cells = new Map(tops.map((c) => [c.id, Object.fromEntries(years.map((y) => [String(y), 0])) as Record<string, number>]));
      let total = 0;
      for (const r of rows) {
        if (r.year === null || !shown.has(r.year)) continue;
        const t = top.get(r.chapterId);
        const row = t === undefined ? undefined : cells.get(t);
        if (!row) continue;
        row[String(r.year)]! += 1;
        total += 1;
      }
      return {
        AppID: appId,
        years,
        total,
        list: tops.map((c) => {
          const byYear = cells.get(c.id)!;
          const count = Object.values(byYear).reduce((s, n) => s + n, 0);
          return { cptID: c.id, name: c.name, byYear, count, share: total ? Math.round((count / total) * 10_000) / 10_000 : 0 };
        }),
      };
    },

    /** Top chapters whose subtree holds case groups (CASE, A3, A4). */
    async caseChapters(userId: number, appId: number) {
      const [rows, chapters, answered] = await Promise.all([pool.questions(appId), pool.chapters(appId), pool.answered(userId, appId)]);
      const top = topOf(chapters);
      const per = new Map<number, { groups: Set<number>; count: number; done: number }>();
      for (const r of rows) {
        if (!CASE.has(r.type) || r.groupId === null) continue;
        const t = top.get(r.chapterId);
        if (t === undefined) continue;
        const p = per.get(t) ?? { groups: new Set(), count: 0, done: 0 };
        p.groups.add(r.groupId);
        p.count += 1;
        if (answered.has(r.id)) p.done += 1;
        per.set(t, p);
      }
      return {
        AppID: appId,
        list: chapters
          .filter((c) => per.has(c.id))
          .map((c) => ({ cptID: c.id, name: c.name, groups: per.get(c.id)!.groups.size, count: per.get(c.id)!.count, done: per.get(c.id)!.done })),
      };
    },

    /** The case groups of a chapter subtree, whole, in chapter order. */
    async caseTest(userId: number, appId: number, cptId: number) {
      const [rows, scope] = await Promise.all([pool.questions(appId), chapterOf(appId, cptId)]);
      const mine = rows.filter((r) => CASE.has(r.type) && r.groupId !== null && scope.inTree.has(r.chapterId));
      const ids = idsOf(byChapterOrder(unitsOf(mine), scope.chapters));
      return { AppID: appId, name: `案例分析·${scope.chapter.name}`, ...(await present(practice, userId, appId, rows, ids)) };
    },
  };
}

export type ZhiyeService = ReturnType<typeof createZhiyeService>;

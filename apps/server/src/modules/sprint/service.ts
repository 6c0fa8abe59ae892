import { PLAIN_SET_MAX, SPRINT_MSG, type SprintItem, type SprintSet } from '@kaoshi/contract';
import { badInput, notFound } from '../../platform/errors.ts';
import type { PracticeService } from '../practice/index.ts';
import { subtree } from '../questions/index.ts';
import { questionHeat } from '../questions/index.ts';
import { byHeat, hot500Rounds, idsOf, pass60Ids, takeUnits, topOf, unitsOf, type ChapterLite } from './sets.ts';
import type { PoolRow, SprintStore } from './store.ts';

/** Tags of the sprint papers per stage (docs/test-modes.md §1.8). */
const SPRINT_PAPER_TAG = 'sprint';
const FINAL_PAPER_TAGS = ['ytmj', 'burning'] as const;

/** Top chapters by heat (the sum of their questions' heat; then chapter order), each with its questions hottest first. */
export function chaptersByHeat(rows: readonly PoolRow[], chapters: readonly ChapterLite[]) {
  const heat = questionHeat(rows);
  const top = topOf(chapters);
  const tops = chapters.filter((c) => top.get(c.id) === c.id);
  const sum = new Map<number, number>();
  const count = new Map<number, number>();
  for (const r of rows) {
    const t = top.get(r.chapterId);
    if (t === undefined) continue;
    sum.set(t, (sum.get(t) ?? 0) + (heat.get(r.id) ?? 0));
    count.set(t, (count.get(t) ?? 0) + 1);
  }
  return tops
    .filter((c) => (count.get(c.id) ?? 0) > 0)
    .sort((a, b) => (sum.get(b.id) ?? 0) - (sum.get(a.id) ?? 0) || a.order - b.order || a.id - b.id)
    .map((c) => ({ chapter: c, count: count.get(c.id) ?? 0 }));
}

/** 考前冲刺 (docs/sprint-zhiye.md). Every read is for the given (session) user only. */
export function createSprintService(deps: { store: SprintStore; practice: PracticeService }) {
  const { store, practice } = deps;

  const doneOf = (answered: Set<number>, ids: readonly number[]) => ids.reduce((n, id) => n + (answered.has(id) ? 1 : 0), 0);

  async function paperItems(userId: number, appId: number, tags: readonly string[]): Promise<SprintItem[]> {
    const list = (await store.papers(appId, ['mock'])).filter((p) => p.tag !== null && tags.includes(p.tag));
    list.sort((a, b) => tags.indexOf(a.tag!) - tags.indexOf(b.tag!) || a.id - b.id);
    const attempts = await store.attempts(
      userId,
      appId,
      list.map((p) => p.id),
    );
    return list.map((p) => ({ kind: 'paper', id: p.id, set: null, title: p.name, count: p.questionCount, done: attempts.get(p.id) ?? 0 }));
  }

  return {
    async list(userId: number, appId: number) {
      const config = (await store.config(appId)) ?? { classType: 0, newClassType: 0 };
      const [rows, chapters, answered] = await Promise.all([store.pool(appId), store.chapters(appId), store.answered(userId, appId)]);
      const rounds = hot500Rounds(rows);
      const pass = pass60Ids(rows);
      const sets = {
        hot500: rounds.map((ids, i): SprintItem => ({
          kind: 'set',
          id: i + 1,
          set: 'hot500',
          title: `必做500题·第${i + 1}组`,
          count: ids.length,
          done: doneOf(answered, ids),
        })),
        pass60: pass.length ? ({ kind: 'set', id: 0, set: 'pass60', title: '考前60分', count: pass.length, done: doneOf(answered, pass) } satisfies SprintItem) : null,
      };
      const head = { AppID: appId, ClassType: config.classType, newClassType: config.newClassType, sets };
      if (config.classType !== 1 && config.classType !== 2) return { ...head, stages: [] };
      let base: SprintItem[];
      if (config.classType === 1) {
        const top = topOf(chapters);
        base = chaptersByHeat(rows, chapters).map(({ chapter, count }) => ({
          kind: 'chapter',
          id: chapter.id,
          set: null,
          title: chapter.name,
          count,
          done: doneOf(
            answered,
            rows.filter((r) => top.get(r.chapterId) === chapter.id).map((r) => r.id),
          ),
        }));
      } else base = await paperItems(userId, appId, [SPRINT_PAPER_TAG]);
      if (config.newClassType !== 1) return { ...head, stages: [{ title: '考前冲刺', items: base }] };
      const boost: SprintItem[] = [...sets.hot500, ...(sets.pass60 ? [sets.pass60] : [])];
      return {
        ...head,
        stages: [
          { title: '基础巩固', items: base },
          { title: '强化提分', items: boost },
          { title: '考前冲刺', items: await paperItems(userId, appId, FINAL_PAPER_TAGS) },
        ],
      };
    },

    /** The questions of a sprint set, as practice shows them (one page, at most PLAIN_SET_MAX). */
    async questions(userId: number, appId: number, set: SprintSet, round: number | undefined, cptId: number | undefined) {
      const rows = await store.pool(appId);
      let ids: number[];
      let name: string;
      if (set === 'hot500') {
        const k = round ?? 1;
        ids = hot500Rounds(rows)[k - 1] ?? [];
        name = `必做500题·第${k}组`;
      } else if (set === 'pass60') {
        ids = pass60Ids(rows);
        name = '考前60分';
      } else {
        if (cptId === undefined) throw badInput(SPRINT_MSG.chapterNeeded);
        const chapters = await store.chapters(appId);
        const chapter = chapters.find((c) => c.id === cptId);
        if (!chapter) throw notFound(SPRINT_MSG.unknownChapter);
        const inTree = new Set(subtree(chapters, cptId));
        const mine = rows.filter((r) => inTree.has(r.chapterId));
        ids = idsOf(byHeat(unitsOf(mine), questionHeat(rows)));
        name = `冲刺·${chapter.name}`;
      }
      return { AppID: appId, name, ...(await present(practice, userId, appId, rows, ids)) };
    },
  };
}

/** The ids as practice shows them, cut to PLAIN_SET_MAX questions without splitting a group. */
export async function present(practice: PracticeService, userId: number, appId: number, rows: readonly PoolRow[], ids: number[]) {
  const wanted = new Set(ids);
  const at = new Map(ids.map((id, i) => [id, i]));
  const units = unitsOf(rows.filter((r) => wanted.has(r.id))).sort((a, b) => at.get(a.ids[0]!)! - at.get(b.ids[0]!)!);
  const shown = idsOf(takeUnits(units, PLAIN_SET_MAX));
  return { total: ids.length, ...(await practice.questionsByIds(userId, appId, shown)) };
}

export type SprintService = ReturnType<typeof createSprintService>;

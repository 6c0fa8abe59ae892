import { EXAM_MSG, paperTotal, type ExamMode, type PaperSection, type TestMode } from '@kaoshi/contract';
import { randomUUID } from 'node:crypto';
import { chinaDay } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { blueprintOf, dailyPaper, drawSections, isoWeek, type PoolRow } from '../papers/index.ts';
import { subtree } from '../questions/index.ts';
import type { ExamStore } from './store.ts';

type PaperRow = NonNullable<Awaited<ReturnType<ExamStore['paper']>>>;

/** Drawn sets pass at 60 % of their marks (docs/test-modes.md §1.6). */
export const DRAWN_PASS_SHARE = 0.6;

/** The frozen paper of a session: a stored paper, the day's paper or a drawn set. */
export interface FrozenSet {
  paperId: number | null;
  kind: string;
  name: string;
  sections: PaperSection[];
  /** Seconds; used when the session is timed. */
  timeLimitSeconds: number;
  passScore: number;
}

/** A session to open: its source (one open session per learner and source) and how to build its set. */
export interface StartSpec {
  testMode: string | null;
  sourceKey: string;
  /** China day or ISO week of daily and weekly tests (their first hand-in ranks). */
  period: string | null;
  display: ExamMode;
  /** A practice-display session with a deadline (a /grabPoint round); exam display is always timed. */
  timed?: boolean;
  build: () => Promise<FrozenSet>;
}

/** What a start names: a TEST_MODES row with its paper or key, or (before the table) a paper or the daily test. */
export interface StartWhich {
  paperId?: number;
  daily?: boolean;
  testMode?: string;
  key?: number;
  restart?: boolean;
}

/** A drawn set's frozen paper: the sections, the time (count × seconds per question, whole minutes) and 60 % to pass. */
export function drawnSet(name: string, kind: string, sections: PaperSection[], seconds: number): FrozenSet {
  const total = paperTotal({ sections });
  return { paperId: null, kind, name, sections, timeLimitSeconds: Math.ceil(seconds / 60) * 60, passScore: Math.ceil(total * DRAWN_PASS_SHARE) };
}

/**
 * The spec of a stored paper, frozen as it is: one open session per paper and display, so an exam start never
 * resumes a practice session (with its keys) of the same paper.
 */
export const paperSpec = (paper: PaperRow, testModeId: string | null, display: ExamMode): StartSpec => ({
  testMode: testModeId,
  sourceKey: display === 'exam' ? `paper:${paper.id}` : `paper:${paper.id}:practice`,
  period: null,
  display,
  build: async () => ({ ...paper, paperId: paper.id }),
});

/** What a start asks for, per TEST_MODES source (docs/test-modes.md §1): a source key and a builder of the frozen set. */
export function createSpecs(store: ExamStore, clock: Clock) {
  /** What a start asks for: the row's source resolved to a source key and a builder of the frozen set. */
  async function specOf(userId: number, appId: number, row: TestMode | undefined, which: StartWhich, display: ExamMode): Promise<StartSpec> {
    const testModeId = row?.id ?? null;
    const day = chinaDay(clock());
    if (!row || row.source === 'paper') {
      if (which.paperId === undefined) throw badInput(EXAM_MSG.needPaper);
      const paper = await store.paper(appId, which.paperId);
      const fits = (p: NonNullable<typeof paper>) => !row?.papers || (row.papers.kinds.includes(p.kind as 'mock' | 'past') && (p.tag ?? null) === row.papers.tag);
      if (!paper || !fits(paper)) throw notFound(EXAM_MSG.unknownPaper);
      return paperSpec(paper, testModeId, display);
    }
    if (row.source === 'daily') {
      return {
        testMode: row.id,
        sourceKey: `daily:${day}`,
        period: day,
        display,
        build: async () => {
          const drawn = dailyPaper(appId, day, await store.dailyBank(appId));
          if (!drawn) throw notFound(EXAM_MSG.noDaily);
          return { ...drawn, paperId: null };
        },
      };
    }
    const rule = row.draw!;
    const blueprint = async () => blueprintOf((await store.templatePaper(appId)) ?? undefined);
    if (row.source === 'weekly') {
      const week = isoWeek(day);
      return {
        testMode: row.id,
        sourceKey: `week:${week}`,
        period: week,
        display,
        build: async () => {
          const sections = drawSections(await store.drawPool(appId), {
            count: rule.count as number,
            seed: `week:${appId}:${week}`,
            blueprint: await blueprint(),
          });
          return drawnSet(`${row.title}（${week}）`, 'weekly', sections, (rule.minutes ?? 60) * 60);
        },
      };
    }
    // Drawn per attempt (or fixed, the guide): the pool of the row's scope.
    const seed = rule.seed === 'fixed' ? `${row.id}:${appId}` : randomUUID();
    let pool: () => Promise<PoolRow[]> = () => store.drawPool(appId);
    let name = row.id === 'examinationGuide' ? '机考体验' : row.title;
    if (rule.scope === 'chapter' || rule.scope === 'point') {
      if (which.key === undefined) throw badInput(EXAM_MSG.needKey);
      const key = which.key;
      if (rule.scope === 'chapter') {
        const all = await store.chapters(appId);
        const top = all.find((c) => c.id === key);
        if (!top) throw notFound(EXAM_MSG.unknownScope);
        const ids = subtree(all, key);
        pool = () => store.drawPool(appId, { chapterIds: ids });
        name = `${row.title}·${top.name}`;
      } else {
        const point = await store.point(appId, key);
        if (!point) throw notFound(EXAM_MSG.unknownScope);
        pool = () => store.drawPool(appId, { pointId: key });
        name = `${row.title}·${point.name}`;
      }
    }
    return {
      testMode: row.id,
      sourceKey: `draw:${row.id}:${which.key ?? 0}`,
      period: null,
      display,
      build: async () => {
        const [rows, bp] = await Promise.all([pool(), blueprint()]);
        const count = rule.count === 'template' ? bp.count : rule.count;
        const answered = rule.unansweredFirst
          ? await store.answeredIds(
              userId,
              rows.map((r) => r.id),
            )
          : undefined;
        const sections = drawSections(rows, {
          count,
          seed,
          blueprint: bp,
          unitsPerType: rule.scope === 'guide' ? 1 : undefined,
          rank: answered && ((id) => (answered.has(id) ? 1 : 0)),
        });
        const n = sections.reduce((k, sec) => k + sec.questions.length, 0);
        const seconds = rule.minutes !== undefined ? rule.minutes * 60 : n * (rule.scope === 'bank' ? bp.secondsPerQuestion : 60);
        return drawnSet(name, 'drawn', sections, seconds);
      },
    };
  }

  return specOf;
}

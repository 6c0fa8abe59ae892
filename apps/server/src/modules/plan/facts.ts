import { PAPER_MODULES, paperModules, PRACTICE_MODULE, READING_MODULE, VIDEO_MODULE } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { chapterOpen as opens, type ChapterAccess, type EntitlementService } from '../entitlement/index.ts';
import type { FactsStore, SubjectContent } from './facts-store.ts';
import { chinaDayNo, daysBetween } from '../../platform/china-time.ts';
import { nodeKey, type ChapterFacts, type PlannerInput } from './model.ts';
import { HANDOUT_READ_PERCENT } from './progress.ts';
import type { PlanTaskRow, StudyPlanRow } from './store.ts';

/** Pace without enough answers, and its bounds (docs/plan.md §4). */
export const DEFAULT_PACE_S = 60;
const PACE_MIN_ANSWERS = 20;
const PACE_RANGE = [20, 180] as const;
const HANDOUT_CHARS_PER_MINUTE = 400;
const HANDOUT_MIN_MINUTES = 5;

/** What the learner may open of the subject: chapters, handouts (by chapter), lessons, mock papers. */
export interface Access {
  chapters: ChapterAccess;
  handouts: ChapterAccess;
  video: { allowed: boolean; unlocking: { vn: string; vname: string }[] };
  /** Paper modules held, and each module's unlocking versions. */
  papers: { held: ReadonlySet<string>; unlocking: Map<string, { vn: string; vname: string }[]> };
}

/**
 * The planner's facts from the learner's records and what they may open (docs/plan.md "Decisions"), and the view's
 * `locked` counts. The subject's content comes held (`content`); the learner's rows are read each time.
 */
export function createFacts(d: { facts: FactsStore; content: (appId: number) => Promise<SubjectContent>; entitlements: EntitlementService; clock: Clock }) {
  async function access(userId: number, appId: number): Promise<Access> {
    const [chapters, handouts, decisions] = await Promise.all([
      d.entitlements.chapterAccess(userId, appId, PRACTICE_MODULE),
      d.entitlements.chapterAccess(userId, appId, READING_MODULE.handout),
      d.entitlements.decideAll(userId, appId, [{ moduleId: VIDEO_MODULE }, ...PAPER_MODULES.map((moduleId) => ({ moduleId }))]),
    ]);
    const [video, ...paper] = decisions;
    return {
      chapters,
      handouts,
      video: { allowed: video!.allowed, unlocking: video!.unlockingVersions },
      papers: {
        held: new Set(PAPER_MODULES.filter((_, i) => paper[i]!.allowed)),
        unlocking: new Map(PAPER_MODULES.map((m, i) => [m, paper[i]!.unlockingVersions])),
      },
    };
  }

  /** What the subject offers that the learner may plan. */
  function open(content: SubjectContent, a: Access) {
    return {
      chapters: content.chapters.filter((c) => opens(a.chapters, c.id)),
      lessons: a.video.allowed ? content.lessons.filter((l) => l.publishedAt <= d.clock()) : [],
      handouts: content.handouts.filter((h) => opens(a.handouts, h.chapterId)),
      mocks: content.mocks.filter((p) => paperModules({ kind: 'mock', tag: p.tag }).some((m) => a.papers.held.has(m))),
    };
  }

  return {
    access,
    open,

    /** The view's `locked`: what a version would add, and the versions that unlock it (each once, in order met). */
    async locked(userId: number, appId: number) {
      const [content, a] = await Promise.all([d.content(appId), access(userId, appId)]);
      const o = open(content, a);
      const lockedMocks = content.mocks.filter((p) => !o.mocks.includes(p));
      const counts = {
        chapters: content.chapters.length - o.chapters.length,
        lessons: content.lessons.filter((l) => l.publishedAt <= d.clock()).length - o.lessons.length,
        handouts: content.handouts.length - o.handouts.length,
        papers: lockedMocks.length,
      };
      const lists = [
        counts.chapters > 0 && !a.chapters.all ? a.chapters.unlocking : [],
        counts.lessons > 0 ? a.video.unlocking : [],
        counts.handouts > 0 && !a.handouts.all ? a.handouts.unlocking : [],
        ...lockedMocks.flatMap((p) => paperModules({ kind: 'mock', tag: p.tag }).map((m) => a.papers.unlocking.get(m) ?? [])),
      ];
      const seen = new Set<string>();
      const unlocking = lists.flat().filter((v) => !seen.has(v.vn) && seen.add(v.vn));
      return { ...counts, unlocking };
    },

    /** Chapter facts of the chapters the learner may practise (mastery from the latest answers; weight: share of the bank). */
    async chapters(userId: number, appId: number, boosts: Record<string, number>): Promise<ChapterFacts[]> {
      const [content, a, mastery] = await Promise.all([d.content(appId), access(userId, appId), d.facts.mastery(userId, appId)]);
      return chapterFacts(content, open(content, a).chapters, mastery, boosts);
    },

    /** The planner's input for the plan from `today` (the skipped nodes from the plan's tasks). */
    async plannerInput(
      userId: number,
      plan: StudyPlanRow,
      tasks: readonly PlanTaskRow[],
      when: { today: string; now: number; examDate: string; minutesPerDay: number; boosts: Record<string, number> },
    ): Promise<PlannerInput> {
      const { today, now, examDate, minutesPerDay, boosts } = when;
      const appId = plan.appId;
      const [content, a, mastery, pace, due, lessons, reading, mocks] = await Promise.all([
        d.content(appId),
        access(userId, appId),
        d.facts.mastery(userId, appId),
        d.facts.pace(userId, appId),
        d.facts.bookDue(userId, appId),
        d.facts.lessonProgress(userId, appId),
        d.facts.readingPositions(userId, appId),
        d.facts.mockSessions(userId, appId),
      ]);
      const o = open(content, a);
      const completed = new Set(lessons.filter((l) => l.completedAt !== null).map((l) => l.lessonId));
      const read = new Set(reading.filter((r) => r.percent >= HANDOUT_READ_PERCENT).map((r) => r.itemId));
      const sat = new Set(mocks.map((m) => m.paperId));
      const span = Math.max(0, daysBetween(today, examDate));
      const todayNo = chinaDayNo(now);
      const reviewDue = Array.from({ length: span }, (_, i) => (i === 0 ? [...due].filter(([day]) => day <= todayNo).reduce((n, [, c]) => n + c, 0) : (due.get(todayNo + i) ?? 0)));
      return {
        today,
        examDate,
        minutesPerDay,
        secondsPerQuestion: paceOf(pace),
        chapters: chapterFacts(content, o.chapters, mastery, boosts),
        lessons: o.lessons.map((l) => ({
          id: l.id,
          title: l.title,
          chapterId: l.chapterId,
          order: l.order,
          minutes: Math.max(1, Math.ceil(l.durationS / 60)),
          done: completed.has(l.id),
        })),
        handouts: o.handouts.map((h) => ({
          id: h.id,
          title: h.title,
          chapterId: h.chapterId,
          order: h.order,
          minutes: Math.max(HANDOUT_MIN_MINUTES, Math.ceil(h.chars / HANDOUT_CHARS_PER_MINUTE)),
          done: read.has(h.id),
        })),
        papers: o.mocks.map((p) => ({ id: p.id, name: p.name, minutes: Math.max(1, Math.ceil(p.limitS / 60)), done: sat.has(p.id) })),
        reviewDue,
        // A skipped review skips that day's review only: the book's items fall due again.
        skipped: new Set(tasks.filter((t) => t.skippedAt !== null && t.kind !== 'review').map((t) => nodeKey(t.kind, t.refId))),
      };
    },
  };
}

export type Facts = ReturnType<typeof createFacts>;

/** Median seconds per answer, 60 with fewer than 20 answers, within 20–180. */
export const paceOf = (p: { answers: number; median: number }) =>
  p.answers < PACE_MIN_ANSWERS ? DEFAULT_PACE_S : Math.min(PACE_RANGE[1], Math.max(PACE_RANGE[0], Math.round(p.median)));

function chapterFacts(
  content: SubjectContent,
  chapters: SubjectContent['chapters'],
  mastery: Map<number, { done: number; right: number }>,
  boosts: Record<string, number>,
): ChapterFacts[] {
  const bank = content.chapters.reduce((n, c) => n + c.questions, 0);
  return chapters.map((c) => {
    const m = mastery.get(c.id);
    return {
      id: c.id,
      name: c.name,
      order: c.order,
      questions: c.questions,
      done: Math.min(c.questions, m?.done ?? 0),
      right: Math.min(c.questions, m?.right ?? 0),
      weight: bank > 0 ? c.questions / bank : 0,
      boost: boosts[String(c.id)] ?? 0,
    };
  });
}

import { PLAN_MAX_DAYS, PLAN_MINUTES_MAX, PLAN_MINUTES_MIN, PLAN_MSG, PLAN_STAGES, type PlanStage } from '@kaoshi/contract';
import { addDays, daysBetween } from '../../platform/china-time.ts';
import { nodeKey, PlanError, type ChapterFacts, type PlannedTask, type PlannerInput, type PlannerOutput } from './model.ts';
import { fillSprint, fillStage, questionMinutes, type FillContext, type QueueItem, type StageFill } from './planner-fill.ts';

/**
 * The study planner (docs/plan.md "The planner"): pure and deterministic. From the learner's facts it answers
 * the three stage spans and the tasks of each day from today to the day before the exam.
 */

/** A chapter at or above this mastery is strong: 基础 leaves it out, 强化 gives it one check. */
export const STRONG_MASTERY = 0.85;
/** 强化 practice of a chapter: its wrong and unanswered questions, within these bounds; a strong chapter's check. */
const FOCUS_MIN = 10;
const FOCUS_MAX = 40;
const CHECK_QUESTIONS = 10;
/** Pace bounds (seconds per answer). */
const PACE_MIN = 20;
const PACE_MAX = 180;
/** 基础 and 强化 spread their content over their days, at least this many minutes a day. */
const SPREAD_MIN = 10;

/** Share of the chapter's questions whose latest answer is right. */
export const masteryOf = (c: ChapterFacts) => (c.questions > 0 ? Math.min(1, c.right / c.questions) : 0);

/** weight × (1 − mastery) × (1 + boost): the weaker, heavier and more boosted, the sooner. */
export const priorityOf = (c: ChapterFacts) => c.weight * (1 - masteryOf(c)) * (1 + c.boost);

/** Chapters a mock showed weak (boost > 0) first, each group by priority, ties by bank order then id. */
export const byPriority = (chapters: readonly ChapterFacts[]) =>
  [...chapters].sort((a, b) => Number(b.boost > 0) - Number(a.boost > 0) || priorityOf(b) - priorityOf(a) || a.order - b.order || a.id - b.id);

/** Strong: known at the latest attempt and not shown weak by a mock. */
export const isStrong = (c: ChapterFacts) => masteryOf(c) >= STRONG_MASTERY && c.boost <= 0;

/** Day counts of 基础, 强化, 冲刺 for a plan of `days` days (≥ 3). */
export const stageLengths = (days: number): [number, number, number] => {
  const sprint = Math.max(1, Math.round(0.2 * days));
  const focus = Math.max(1, Math.round(0.3 * days));
  return [days - focus - sprint, focus, sprint];
};

const check = (input: PlannerInput, days: number) => {
  if (days <= 0) throw new PlanError(PLAN_MSG.pastDate);
  if (days > PLAN_MAX_DAYS) throw new PlanError(PLAN_MSG.tooFar);
  if (days < PLAN_STAGES.length) throw new PlanError(PLAN_MSG.tooFewDays);
  const m = input.minutesPerDay;
  if (!Number.isInteger(m) || m < PLAN_MINUTES_MIN || m > PLAN_MINUTES_MAX) throw new PlanError(PLAN_MSG.minutes);
  const open = (kind: 'lesson' | 'handout' | 'paper', id: number) => !input.skipped.has(nodeKey(kind, id));
  const any =
    input.chapters.some((c) => c.questions > 0 && !input.skipped.has(nodeKey('chapter', c.id))) ||
    input.lessons.some((l) => open('lesson', l.id)) ||
    input.handouts.some((h) => open('handout', h.id)) ||
    input.papers.some((p) => open('paper', p.id));
  if (!any) throw new PlanError(PLAN_MSG.noContent);
};

const wholeMinutes = (m: number) => Math.max(1, Math.round(m));
const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/** 基础: per chapter by priority (strong ones left out) its lessons, its handouts, its unanswered questions; then the rest. */
const basicsQueue = (input: PlannerInput, ranked: readonly ChapterFacts[]): QueueItem[] => {
  const skipped = (kind: 'chapter' | 'lesson' | 'handout', id: number) => input.skipped.has(nodeKey(kind, id));
  const lessons = input.lessons.filter((l) => !l.done && !skipped('lesson', l.id)).sort(byOrder);
  const handouts = input.handouts.filter((h) => !h.done && !skipped('handout', h.id)).sort(byOrder);
  const known = new Set(input.chapters.map((c) => c.id));
  const queue: QueueItem[] = [];
  for (const c of ranked) {
    if (isStrong(c)) continue;
    for (const l of lessons) if (l.chapterId === c.id) queue.push({ kind: 'lesson', refId: l.id, title: l.title, minutes: wholeMinutes(l.minutes) });
    for (const h of handouts) if (h.chapterId === c.id) queue.push({ kind: 'handout', refId: h.id, title: h.title, minutes: wholeMinutes(h.minutes) });
    const unanswered = c.questions - c.done;
    if (unanswered > 0 && !skipped('chapter', c.id)) queue.push({ kind: 'chapter', refId: c.id, title: c.name, questions: unanswered });
  }
  for (const l of lessons) if (l.chapterId === null || !known.has(l.chapterId)) queue.push({ kind: 'lesson', refId: l.id, title: l.title, minutes: wholeMinutes(l.minutes) });
  for (const h of handouts) if (!known.has(h.chapterId)) queue.push({ kind: 'handout', refId: h.id, title: h.title, minutes: wholeMinutes(h.minutes) });
  return queue;
};

/** 强化: every chapter by priority: its wrong and unanswered questions (10–40), a strong chapter a 10-question check. */
const focusQueue = (ranked: readonly ChapterFacts[]): QueueItem[] =>
  ranked.map((c) => {
    const n = isStrong(c) ? CHECK_QUESTIONS : Math.min(FOCUS_MAX, Math.max(FOCUS_MIN, c.questions - c.right));
    return { kind: 'chapter', refId: c.id, title: c.name, questions: Math.min(n, c.questions) };
  });

const queueMinutes = (queue: readonly QueueItem[], pace: number) =>
  queue.reduce((sum, item) => sum + (item.kind === 'chapter' ? questionMinutes(item.questions, pace) : item.minutes), 0);

/**
 * Spreads a stage's content evenly over its days: the smallest daily budget from the even share up (in steps of
 * a twentieth of the minutes a day) that leaves nothing out; when none does, the full minutes a day.
 */
const spread = (ctx: FillContext, stage: PlanStage, days: number[], queue: QueueItem[], carry: number): StageFill => {
  const share = Math.max(SPREAD_MIN, Math.ceil(queueMinutes(queue, ctx.pace) / Math.max(1, days.length)));
  const step = Math.max(1, Math.ceil(ctx.cap / 20));
  for (let budget = share; budget < ctx.cap; budget += step) {
    const fill = fillStage(ctx, stage, days, queue, budget, carry);
    if (fill.left === 0) return fill;
  }
  return fillStage(ctx, stage, days, queue, ctx.cap, carry);
};

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

export const planDays = (input: PlannerInput): PlannerOutput => {
  const total = daysBetween(input.today, input.examDate);
  check(input, total);
  const [basics, focus, sprint] = stageLengths(total);
  const spans = [range(0, basics), range(basics, focus), range(basics + focus, sprint)];
  const stages = PLAN_STAGES.map((stage, i) => ({ stage, from: addDays(input.today, spans[i]![0]!), to: addDays(input.today, spans[i]!.at(-1)!) }));

  const ctx: FillContext = {
    today: input.today,
    cap: input.minutesPerDay,
    pace: Math.min(PACE_MAX, Math.max(PACE_MIN, Math.round(input.secondsPerQuestion) || 60)),
    reviewDue: input.reviewDue,
    reviews: !input.skipped.has(nodeKey('review', 0)),
  };
  const practised = input.chapters.filter((c) => c.questions > 0 && !input.skipped.has(nodeKey('chapter', c.id)));
  const ranked = byPriority(input.chapters.filter((c) => c.questions > 0));
  const rankedOpen = byPriority(practised);

  const first = spread(ctx, '基础', spans[0]!, basicsQueue(input, ranked), 0);
  const second = spread(ctx, '强化', spans[1]!, focusQueue(rankedOpen), first.carry);
  const papers: QueueItem[] = input.papers
    .filter((p) => !p.done && !input.skipped.has(nodeKey('paper', p.id)))
    .map((p) => ({ kind: 'paper', refId: p.id, title: p.name, minutes: wholeMinutes(p.minutes) }));
  const drills = rankedOpen.map((c) => ({ refId: c.id, title: c.name, questions: c.questions }));
  const third = fillSprint(ctx, spans[2]!, papers, drills, second.carry);

  const tasks: PlannedTask[] = [...first.tasks, ...second.tasks, ...third.tasks].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.sort - b.sort));
  return { stages, tasks, squeezed: first.left + second.left + third.left > 0 };
};

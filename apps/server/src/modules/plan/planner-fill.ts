import type { PlanStage, PlanTaskKind } from '@kaoshi/contract';
import { addDays } from '../../platform/china-time.ts';
import type { PlannedTask } from './model.ts';

/**
 * Day filling for the planner (docs/plan.md "The planner", steps 5–9). planner.ts builds the queues; these
 * functions lay them on days. Everything is deterministic: the same queues give the same days.
 */

/** Content waiting for days: a chapter's questions (split over days) or a whole item (a lesson, handout or paper). */
export type QueueItem =
  { kind: 'chapter'; refId: number; title: string; questions: number } | { kind: 'lesson' | 'handout' | 'paper'; refId: number; title: string; minutes: number };

/** The plan-wide facts every day needs. */
export interface FillContext {
  today: string;
  /** Minutes a day. */
  cap: number;
  /** Seconds per question (clamped). */
  pace: number;
  reviewDue: readonly number[];
  /** False when the learner skipped the review node. */
  reviews: boolean;
}

/** Where a stage's filling stopped: the tasks laid, the review items still waiting, what did not fit. */
export interface StageFill {
  tasks: PlannedTask[];
  carry: number;
  left: number;
}

interface Placed {
  kind: PlanTaskKind;
  refId: number;
  title: string;
  minutes: number;
  target: number;
}

/** At least this many questions in a practice task (fewer only when the chapter has fewer left). */
const MIN_CHUNK = 5;
/** Reviews take at most this share of a day. */
const REVIEW_SHARE = 0.3;
/** Questions of a 冲刺 drill. */
export const DRILL_QUESTIONS = 10;
export const REVIEW_TITLE = '错题复习';

export const questionMinutes = (n: number, pace: number) => Math.max(1, Math.ceil((n * pace) / 60));

/** The review items a day may hold and the minutes they take, from what is waiting (carry) and what falls due. */
const reviewOf = (ctx: FillContext, index: number, carry: number) => {
  if (!ctx.reviews) return { items: 0, take: 0, minutes: 0 };
  const items = carry + (ctx.reviewDue[index] ?? 0);
  const most = Math.max(1, Math.floor((REVIEW_SHARE * ctx.cap * 60) / ctx.pace));
  const take = Math.min(items, most);
  return { items, take, minutes: take > 0 ? questionMinutes(take, ctx.pace) : 0 };
};

/**
 * Writes one day: its review first (unless the day's single content task leaves no room beside it: then the
 * review waits for the next day), then the content. Answers the review items carried on.
 */
const closeDay = (ctx: FillContext, out: PlannedTask[], stage: PlanStage, index: number, carry: number, content: Placed[], used: number) => {
  const review = reviewOf(ctx, index, carry);
  const day = addDays(ctx.today, index);
  const alone = used > ctx.cap - review.minutes;
  const placed: Placed[] = [];
  if (!alone && review.take > 0) placed.push({ kind: 'review', refId: 0, title: REVIEW_TITLE, minutes: review.minutes, target: review.take });
  placed.push(...content);
  placed.forEach((t, sort) => out.push({ day, stage, ...t, sort }));
  return alone ? review.items : review.items - review.take;
};

/**
 * Lays a queue on the stage's days (indices from today) in order, each day up to `budget` minutes of content
 * beside its review (never past the minutes a day). A chapter's questions are split into tasks that fit the
 * day (at least MIN_CHUNK); a task that does not fit an empty day takes that day alone.
 */
export const fillStage = (ctx: FillContext, stage: PlanStage, days: readonly number[], queue: readonly QueueItem[], budget: number, carryIn: number): StageFill => {
  const tasks: PlannedTask[] = [];
  let carry = carryIn;
  let next = 0;
  let rest = queue[0]?.kind === 'chapter' ? queue[0].questions : 0;
  for (const index of days) {
    const hard = ctx.cap - reviewOf(ctx, index, carry).minutes;
    const room = Math.min(budget, hard);
    const content: Placed[] = [];
    let used = 0;
    while (next < queue.length) {
      const item = queue[next]!;
      if (item.kind === 'chapter') {
        let n = Math.min(rest, Math.floor(((room - used) * 60) / ctx.pace));
        if (n < Math.min(MIN_CHUNK, rest)) {
          if (used > 0) break;
          n = Math.min(MIN_CHUNK, rest);
        }
        const minutes = questionMinutes(n, ctx.pace);
        content.push({ kind: 'chapter', refId: item.refId, title: item.title, minutes, target: n });
        used += minutes;
        rest -= n;
        if (rest > 0) break;
      } else {
        if (used > 0 && used + item.minutes > room) break;
        content.push({ kind: item.kind, refId: item.refId, title: item.title, minutes: item.minutes, target: 1 });
        used += item.minutes;
      }
      next += 1;
      const following = queue[next];
      rest = following?.kind === 'chapter' ? following.questions : 0;
      if (used > hard) break;
    }
    carry = closeDay(ctx, tasks, stage, index, carry, content, used);
  }
  return { tasks, carry, left: queue.length - next };
};

/**
 * 冲刺: the mock papers spread over the stage from its first day, at least a day apart (a mock takes its day,
 * beside its review); on the other days drills of DRILL_QUESTIONS questions of the chapters in priority order
 * (round robin across days, each chapter at most once a day) up to the minutes a day.
 */
export const fillSprint = (
  ctx: FillContext,
  days: readonly number[],
  papers: readonly QueueItem[],
  drills: readonly { refId: number; title: string; questions: number }[],
  carryIn: number,
): StageFill => {
  const tasks: PlannedTask[] = [];
  const count = Math.min(papers.length, Math.ceil(days.length / 2));
  const spacing = count > 1 ? Math.floor((days.length - 1) / (count - 1)) : 0;
  const mockAt = new Map<number, QueueItem>();
  for (let k = 0; k < count; k += 1) mockAt.set(days[k * spacing]!, papers[k]!);
  let carry = carryIn;
  let turn = 0;
  for (const index of days) {
    const hard = ctx.cap - reviewOf(ctx, index, carry).minutes;
    const content: Placed[] = [];
    let used = 0;
    const mock = mockAt.get(index);
    if (mock && mock.kind !== 'chapter') {
      content.push({ kind: mock.kind, refId: mock.refId, title: mock.title, minutes: mock.minutes, target: 1 });
      used = mock.minutes;
    } else {
      for (let k = 0; k < drills.length; k += 1) {
        const chapter = drills[turn % drills.length]!;
        const n = Math.min(DRILL_QUESTIONS, chapter.questions);
        const minutes = questionMinutes(n, ctx.pace);
        if (used > 0 && used + minutes > hard) break;
        content.push({ kind: 'chapter', refId: chapter.refId, title: chapter.title, minutes, target: n });
        used += minutes;
        turn += 1;
        if (used >= hard) break;
      }
    }
    carry = closeDay(ctx, tasks, '冲刺', index, carry, content, used);
  }
  // Mocks beyond one every other day are left to the exam centre: not a squeeze (the minutes are not what is short).
  return { tasks, carry, left: 0 };
};

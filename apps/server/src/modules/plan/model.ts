import type { PlanStage, PlanTaskKind } from '@kaoshi/contract';

/**
 * The planner's inputs and outputs (docs/plan.md). planner.ts is pure: the service loads these facts from the
 * store (one pass over what belongs to the learner) and writes the tasks it answers.
 */

/** A leaf chapter of the subject's bank the learner may practise. */
export interface ChapterFacts {
  id: number;
  name: string;
  /** Position in the bank (chapters.order). */
  order: number;
  /** Questions of the chapter (not retired). */
  questions: number;
  /** Distinct questions answered (latest answer not reset). */
  done: number;
  /** Distinct questions whose latest answer is right. */
  right: number;
  /** Share of the bank's questions in this chapter, 0–1 (the exam's weight of it). */
  weight: number;
  /** Extra priority from the last evaluated mock (0–1; 0 when none). */
  boost: number;
}

/** A video lesson the learner may watch. `chapterId` is the bank chapter it explains, when known. */
export interface LessonFacts {
  id: number;
  title: string;
  chapterId: number | null;
  order: number;
  minutes: number;
  done: boolean;
}

/** A handout the learner may read. */
export interface HandoutFacts {
  id: number;
  title: string;
  chapterId: number;
  order: number;
  minutes: number;
  done: boolean;
}

/** A mock paper the learner may sit. */
export interface PaperFacts {
  id: number;
  name: string;
  minutes: number;
  done: boolean;
}

export interface PlannerInput {
  /** Today, China day 'YYYY-MM-DD'. */
  today: string;
  /** Exam date 'YYYY-MM-DD'; the plan covers today … the day before. */
  examDate: string;
  minutesPerDay: number;
  /** The learner's own pace (median seconds per answer; 60 with too few answers). */
  secondsPerQuestion: number;
  chapters: readonly ChapterFacts[];
  lessons: readonly LessonFacts[];
  handouts: readonly HandoutFacts[];
  papers: readonly PaperFacts[];
  /** Wrong-answer book items due per day: index 0 = due by the end of today (overdue included), 1 = tomorrow … */
  reviewDue: readonly number[];
  /** Node keys the learner skipped (`${kind}:${refId}`); never planned again. */
  skipped: ReadonlySet<string>;
}

export interface PlannedTask {
  day: string;
  stage: PlanStage;
  kind: PlanTaskKind;
  refId: number;
  title: string;
  minutes: number;
  target: number;
  sort: number;
}

export interface PlannerOutput {
  stages: { stage: PlanStage; from: string; to: string }[];
  tasks: PlannedTask[];
  /** True when content was left out because the days and minutes could not hold it (PLAN_MSG.squeezed). */
  squeezed: boolean;
}

/** A plan that cannot be made: the message (PLAN_MSG) to show. */
export class PlanError extends Error {}

/** Node key of a task or a skip. */
export const nodeKey = (kind: PlanTaskKind, refId: number) => `${kind}:${refId}`;

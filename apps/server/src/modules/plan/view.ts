import { PLAN_STAGES, type PlanInfo, type PlanStage, type PlanStageSpan, type PlanStreak, type PlanTask, type PlanToday } from '@kaoshi/contract';
import { addDays, daysBetween } from '../../platform/china-time.ts';
import { stageLengths } from './planner.ts';
import type { Measured } from './progress.ts';
import type { PlanTaskRow, StudyPlanRow } from './store.ts';
import { streakOf, type StreakDay } from './streak.ts';
import { chinaDay } from '../../platform/china-time.ts';

/** A task with its measured progress. */
export type MeasuredTask = PlanTaskRow & Measured;

export const NO_STREAK: PlanStreak = { days: 0, best: 0, freezes: 0, todayCounted: false };

const DETAIL: Record<PlanTaskRow['kind'], (t: PlanTaskRow) => string> = {
  chapter: (t) => `练习${t.target}题`,
  lesson: (t) => `观看${t.minutes}分钟`,
  handout: () => '阅读讲义',
  review: (t) => `复习错题${t.target}道`,
  paper: (t) => `模拟考试${t.minutes}分钟`,
};

export const taskView = (t: MeasuredTask): PlanTask => ({
  taskID: t.id,
  day: t.day,
  stage: t.stage,
  kind: t.kind,
  refID: t.refId,
  title: t.title,
  detail: DETAIL[t.kind](t),
  minutes: t.minutes,
  target: t.target,
  progress: Math.min(t.target, t.progress),
  done: t.done,
  doneAt: t.doneAt ? t.doneAt.toISOString() : null,
  skipped: t.skippedAt !== null && !t.done,
});

const live = (t: MeasuredTask) => t.skippedAt === null || t.done;

/** The stage spans of the last (re)build (planned_on … the day before the exam), 基础 reaching back to the first task. */
export function stageSpans(plan: StudyPlanRow, tasks: readonly MeasuredTask[], today: string): PlanStageSpan[] {
  const exam = plan.examDate!;
  const start = plan.plannedOn ?? today;
  const days = Math.max(PLAN_STAGES.length, daysBetween(start, exam));
  const lengths = stageLengths(days);
  let from = start;
  const firstTask = tasks.length > 0 ? tasks[0]!.day : start;
  return PLAN_STAGES.map((stage, i) => {
    const to = addDays(from, lengths[i]! - 1);
    const spanFrom = i === 0 && firstTask < from ? firstTask : from;
    from = addDays(to, 1);
    const mine = tasks.filter((t) => t.stage === stage && live(t));
    const state: PlanStageSpan['state'] = to < today ? 'done' : spanFrom <= today ? 'current' : 'coming';
    return { stage, from: spanFrom, to, tasks: mine.length, done: mine.filter((t) => t.done).length, minutes: mine.reduce((n, t) => n + t.minutes, 0), state };
  });
}

export function dayView(tasks: readonly MeasuredTask[], date: string): PlanToday {
  const mine = tasks.filter((t) => t.day === date);
  const counted = mine.filter(live);
  const minutes = counted.reduce((n, t) => n + t.minutes, 0);
  const doneMinutes = counted.filter((t) => t.done).reduce((n, t) => n + t.minutes, 0);
  return { date, tasks: mine.map(taskView), minutes, doneMinutes, percent: minutes > 0 ? Math.round((100 * doneMinutes) / minutes) : 0 };
}

/** The streak's days: each day with tasks, its planned minutes and the minutes done that China day. */
export function streakDays(tasks: readonly MeasuredTask[]): StreakDay[] {
  const byDay = new Map<string, StreakDay>();
  for (const t of tasks) {
    if (!live(t)) continue;
    const d = byDay.get(t.day) ?? { date: t.day, minutes: 0, doneMinutes: 0, reviewCleared: false };
    d.minutes += t.minutes;
    if (t.doneAt && chinaDay(t.doneAt.getTime()) === t.day) {
      d.doneMinutes += t.minutes;
      if (t.kind === 'review') d.reviewCleared = true;
    }
    byDay.set(t.day, d);
  }
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

export function streakView(tasks: readonly MeasuredTask[], today: string) {
  const s = streakOf(streakDays(tasks), today);
  return { streak: { days: s.days, best: s.best, freezes: s.freezes, todayCounted: s.todayCounted } satisfies PlanStreak, states: s.states };
}

export function planInfo(plan: StudyPlanRow, tasks: readonly MeasuredTask[], spans: readonly PlanStageSpan[], today: string): PlanInfo {
  const counted = tasks.filter(live);
  const total = counted.reduce((n, t) => n + t.minutes, 0);
  const done = counted.filter((t) => t.done).reduce((n, t) => n + t.minutes, 0);
  const next = tasks.find((t) => t.kind === 'lesson' && t.day >= today && !t.done && t.skippedAt === null);
  const current: PlanStage = spans.find((s) => s.from <= today && today <= s.to)?.stage ?? (spans[0] && today < spans[0].from ? '基础' : '冲刺');
  return {
    plan_id: plan.id,
    play_id: next?.refId ?? null,
    mdate: plan.examDate!,
    timesize: plan.minutesPerDay,
    totalProgress: total > 0 ? Math.round((100 * done) / total) : 0,
    warntime: plan.warnTime,
    warnopen: plan.warnOpen ? 1 : 0,
    stage: current,
    daysLeft: daysBetween(today, plan.examDate!),
    plannedOn: plan.plannedOn ?? today,
    notice: plan.notice,
  };
}

import { PLAN_STAGES, PLAN_TASK_KINDS, type PlanReport } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { addDays, chinaDay, daysBetween } from '../../platform/china-time.ts';
import type { Facts } from './facts.ts';
import type { FactsStore, SubjectContent } from './facts-store.ts';
import type { PlanCore } from './service.ts';
import { planInfo, stageSpans, streakView } from './view.ts';

const CHARS_PER_MINUTE = 400;
const pct = (n: number, of: number) => (of > 0 ? Math.round((100 * n) / of) : 0);

/** getalldetail (/studyFinally): every day of the plan, time spent, tasks by kind, mastery by chapter, the streak. */
export function createPlanReport(d: { core: PlanCore; records: FactsStore; facts: Facts; content: (appId: number) => Promise<SubjectContent>; clock: Clock }) {
  return async (userId: number, appId: number): Promise<PlanReport> => {
    const { plan, tasks } = await d.core.planned(userId, appId);
    const today = chinaDay(d.clock());
    const [content, spent, positions, chapters] = await Promise.all([
      d.content(appId),
      d.records.spentSince(userId, appId, plan.createdAt),
      d.records.readingPositions(userId, appId),
      d.facts.chapters(userId, appId, plan.boosts),
    ]);
    const stages = stageSpans(plan, tasks, today);
    const { streak, states } = streakView(tasks, today);
    const live = tasks.filter((t) => t.skippedAt === null || t.done);

    const byDay = new Map<string, typeof live>();
    for (const t of live) byDay.set(t.day, [...(byDay.get(t.day) ?? []), t]);
    // Every day of the plan, from its first day to the day before the exam: a day with nothing planned (content
    // spread thin, every task skipped) is listed too, so the days run on without a gap and those to come are daysLeft.
    const first = stages[0]!.from;
    const days = Array.from({ length: Math.max(0, daysBetween(first, plan.examDate!)) }, (_, i): PlanReport['days'][number] => {
      const date = addDays(first, i);
      const list = byDay.get(date) ?? [];
      const minutes = list.reduce((n, t) => n + t.minutes, 0);
      return {
        date,
        stage: list[0]?.stage ?? stages.find((s) => date <= s.to)?.stage ?? PLAN_STAGES[PLAN_STAGES.length - 1]!,
        minutes,
        doneMinutes: list.filter((t) => t.done).reduce((n, t) => n + t.minutes, 0),
        tasks: list.length,
        doneTasks: list.filter((t) => t.done).length,
        state: states.get(date) ?? (date === today ? 'today' : date > today ? 'coming' : minutes > 0 ? 'missed' : 'rest'),
      };
    });

    const chars = new Map(content.handouts.map((h) => [h.id, h.chars]));
    const readChars = positions.filter((p) => p.updatedAt >= plan.createdAt).reduce((n, p) => n + ((chars.get(p.itemId) ?? 0) * p.percent) / 100, 0);

    return {
      plan: planInfo(plan, tasks, stages, today),
      days,
      spent: { practice: Math.round(spent.practiceS / 60), lessons: Math.round(spent.lessonS / 60), reading: Math.round(readChars / CHARS_PER_MINUTE) },
      tasks: { total: live.length, done: live.filter((t) => t.done).length, skipped: tasks.filter((t) => t.skippedAt !== null && !t.done).length },
      byKind: PLAN_TASK_KINDS.map((kind) => {
        const mine = live.filter((t) => t.kind === kind);
        return { kind, total: mine.length, done: mine.filter((t) => t.done).length };
      }),
      chapters: chapters.map((c) => ({
        cptID: c.id,
        name: c.name,
        questions: c.questions,
        done: c.done,
        right: c.right,
        mastery: pct(c.right, c.questions),
        weight: Math.round(100 * c.weight),
      })),
      streak,
    };
  };
}

import { queryOptions } from '@tanstack/react-query';
import { planStudy, type PlanView } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * The study plan's view (GET /api/xxjh/studyplan, docs/plan.md): read by /studyMain, /openStudy and the home page's
 * today-progress card. One query per subject and day (one key), so a skip or a new plan updates every reader. Always
 * read again when a screen mounts or the page comes back into view: the learner returns from practice, a lesson or a
 * handout and sees the task ticked (progress is measured by the server from what they did).
 */

export const planKeys = {
  all: ['plan'] as const,
  /** A day's view; `today` when no date is asked. */
  study: (appID: number, date?: string) => ['plan', 'study', appID, date ?? 'today'] as const,
  weekRank: (appID: number) => ['plan', 'weekRank', appID] as const,
  /** /studyFinally's report (features/plan/report-api.ts). */
  detail: (appID: number) => ['plan', 'detail', appID] as const,
};

export const studyQuery = (appID: number, date?: string) =>
  queryOptions({
    queryKey: planKeys.study(appID, date),
    queryFn: () => call(planStudy, date ? { appID, date } : { appID }, { silent: true }),
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });

/** Today's tasks in figures for the home card: done / all (skipped ones left out) and the day's percent. */
export function todayFigures(view: Pick<PlanView, 'day'>): { done: number; total: number; percent: number } {
  const tasks = view.day?.tasks.filter((t) => !t.skipped) ?? [];
  return { done: tasks.filter((t) => t.done).length, total: tasks.length, percent: view.day?.percent ?? 0 };
}

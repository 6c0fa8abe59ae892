import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { planEntrance, planOpen, planSkip, planWarn, planWeekRank, type DataOf, type PlanTask, type PlanView } from '@kaoshi/contract';
import { call } from '../../api/client';
import { planKeys, studyQuery } from '../../entities/plan/api';
import { sourceUrl } from '../../entities/practice/source-url';

/**
 * Data of /openStudy and /studyMain (docs/plan.md): the plan view is shared with the home page (src/entities/plan/api.ts);
 * here the weekly ranking and the plan's actions. Every call is silent: the screens say what went wrong themselves.
 */

export { planKeys, studyQuery, todayFigures } from '../../entities/plan/api';
export type WeekRank = DataOf<typeof planWeekRank>;
export type WarnReply = DataOf<typeof planWarn>;

const silent = { silent: true } as const;

export const weekRankQuery = (appID: number) =>
  queryOptions({ queryKey: planKeys.weekRank(appID), queryFn: () => call(planWeekRank, { appID }, silent), retry: false, staleTime: 60_000 });

export interface PlanForm {
  mdate: string;
  timesize: number;
  warntime: string;
  warnopen: 0 | 1;
}

/** 生成学习计划: make or remake the plan (answers today's view). */
export const openPlan = (appID: number, form: PlanForm) => call(planOpen, { appID, ...form }, silent);

/** The entrance evaluation: start (or continue) it, or skip it. */
export const entrance = (appID: number, action: 'start' | 'skip') => call(planEntrance, { appID, action }, silent);

/** 跳过 a task: the remaining days are re-planned (answers today's view). */
export const skipTask = (appID: number, taskID: number) => call(planSkip, { appID, taskID }, silent);

/** The reminder: on/off and, when given, its time; answers the §4 text and the .ics link. */
export const setWarn = (appID: number, warn: { warnopen: 0 | 1; warntime?: string }) => call(planWarn, { appID, ...warn }, silent);

/** A fresh view of today (from openplan or a skip): put it in place and have every other plan query read again. */
export function storeToday(client: QueryClient, appID: number, view: PlanView): void {
  client.setQueryData(studyQuery(appID).queryKey, view);
  void client.invalidateQueries({ queryKey: planKeys.all, predicate: (q) => q.queryKey[1] !== 'study' || q.queryKey[3] !== 'today' });
}

/** Other plan queries read again (after a reminder change or the evaluation). */
export const refreshPlan = (client: QueryClient) => client.invalidateQueries({ queryKey: planKeys.all });

/**
 * Where a task's work is (papers are started through the exam centre instead): a chapter's practice, the lesson's
 * player, the handout's page, the wrong-answer book's review.
 */
export function taskPath(task: Pick<PlanTask, 'kind' | 'refID'>): string {
  switch (task.kind) {
    case 'chapter':
      return sourceUrl({ kind: 'chapter', cptID: task.refID });
    case 'lesson':
      return `/videoPlayonly?lessonID=${task.refID}`;
    case 'handout':
      return `/handoutPage?id=${task.refID}`;
    case 'review':
      return sourceUrl({ kind: 'review' });
    case 'paper':
      return `/computerPaper?paperID=${task.refID}`;
  }
}

/** The mode a plan's mock paper starts with (the exam centre's 模拟考试). */
export const PAPER_MODE = 'mockExam';

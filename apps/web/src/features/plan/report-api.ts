import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { planDetail, planEvaluate } from '@kaoshi/contract';
import { call } from '../../api/client';
import { planKeys } from '../../entities/plan/api';

/**
 * Data of /studyFinally, the plan's report (docs/plan.md): getalldetail (the days, time spent, tasks, mastery,
 * streak) and getEvaluate (readiness against the pass line and the last mock's weak chapters). Both silent: the
 * screen shows errors inline. The other plan calls are in api.ts.
 */

export type { PlanEvaluation, PlanReport } from '@kaoshi/contract';

export const reportKeys = {
  report: planKeys.detail,
  evaluation: (appID: number) => ['plan', 'evaluation', appID] as const,
};

const silent = { silent: true } as const;

/**
 * Read again whenever the report opens (as the plan view is): the learner comes back from practice or a review and
 * the minutes, tasks and days count what they just did, not the copy held from the last visit (issue 32).
 */
export const reportQuery = (appID: number) =>
  queryOptions({ queryKey: reportKeys.report(appID), queryFn: () => call(planDetail, { appID }, silent), retry: false, staleTime: 0, refetchOnMount: 'always' });

/** getEvaluate may re-plan (a mock not evaluated before): then the plan's other data is read again (see afterReplan). */
export const evaluationQuery = (appID: number) =>
  queryOptions({ queryKey: reportKeys.evaluation(appID), queryFn: () => call(planEvaluate, { appID }, silent), retry: false, staleTime: 60_000 });

/** After getEvaluate re-planned: every plan query but the evaluation itself is stale (the report, /studyMain's view, home's progress). */
export const afterReplan = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: planKeys.all, predicate: (q) => q.queryKey[1] !== 'evaluation' });

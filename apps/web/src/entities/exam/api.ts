import { queryOptions } from '@tanstack/react-query';
import { simulationHistory, simulationList, simulationResult, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * The exam result, history and paper-list calls (packages/contract/src/calls/exam.ts): their types, query keys and
 * query options (docs/exam-result-screens.md). Every call is silent: the screens show a 403 as the buy prompt,
 * other errors inline.
 */

/** `exam.result`'s answer: the graded result with its review, or the sheet still being graded ({grading: true}). */
export type ResultReply = DataOf<typeof simulationResult>;
export type GradingSheet = Extract<ResultReply, { grading: true }>;
export type ExamResultData = Exclude<ResultReply, GradingSheet>;
export const isGrading = (r: ResultReply): r is GradingSheet => 'grading' in r;

/** While a sheet is being graded the result is asked again after 1 s, 2 s, 4 s, then every 5 s. */
export const gradingRetryMs = (asked: number) => Math.min(1000 * 2 ** Math.max(0, asked - 1), 5000);
export type ReviewQuestion = ExamResultData['review']['list'][number];
export type ReviewGroup = ExamResultData['review']['groups'][number];
export type HistoryData = DataOf<typeof simulationHistory>;
export type HistoryRow = HistoryData['list'][number];
export type TrendPoint = HistoryData['trend'][number];
export type PaperRow = DataOf<typeof simulationList>['list'][number];

export const examKeys = {
  all: ['exam'] as const,
  result: (id: number) => ['exam', 'result', id] as const,
  history: (appID: number, paperID: number | null, page: number, testMode: string | null = null) => ['exam', 'history', appID, paperID, page, testMode] as const,
  papers: (appID: number, kind: string) => ['exam', 'papers', appID, kind] as const,
};

export const resultQuery = (examHistoryID: number) =>
  queryOptions({
    queryKey: examKeys.result(examHistoryID),
    queryFn: () => call(simulationResult, { examHistoryID }, { silent: true }),
    // A graded result never changes (the hand-in puts its reply here; entities/exam/session.ts); a sheet being
    // graded (an exam evening's rush) is asked again with backoff until its grade is in.
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data && isGrading(q.state.data) ? gradingRetryMs(q.state.dataUpdateCount) : false),
    retry: false,
  });

/** A history page; `testMode` keeps the attempts of one TEST_MODES row. */
export const historyQuery = (appID: number, paperID: number | null, page = 1, testMode: string | null = null) =>
  queryOptions({
    queryKey: examKeys.history(appID, paperID, page, testMode),
    queryFn: () => call(simulationHistory, { appID, ...(paperID ? { paperID } : {}), ...(testMode ? { testMode } : {}), ...(page > 1 ? { page } : {}) }, { silent: true }),
    retry: false,
  });

/** kind 'all' → every paper (mock and past). */
export const papersQuery = (appID: number, kind: 'mock' | 'past' | 'all') =>
  queryOptions({
    queryKey: examKeys.papers(appID, kind),
    queryFn: () => call(simulationList, { appID, ...(kind === 'all' ? {} : { kind }) }, { silent: true }),
    retry: false,
  });

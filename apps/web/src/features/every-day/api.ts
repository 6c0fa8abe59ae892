import { queryOptions } from '@tanstack/react-query';
import { everyDayRanking, everyDaySubmission, everyDaySubmit, testMode, type DataOf, type EveryDayPeriod, type TestMode } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of /dailyMockTest, /weekTest and /ranking (docs/daily-ranking.md): query options for the every_day
 * calls and the pure helpers. Every call is silent: the screens show a 403 as the buy prompt, other errors inline.
 */

export type SubmissionData = DataOf<typeof everyDaySubmission>;
export type SubmitData = DataOf<typeof everyDaySubmit>;
export type RankingData = DataOf<typeof everyDayRanking>;

/** What differs between the two period screens; titles and texts come from the TEST_MODES rows. */
export interface PeriodInfo {
  period: EveryDayPeriod;
  row: TestMode;
  route: string;
  /** '今日' / '本周'. */
  when: string;
  /** The card's heading before the key: '今日测试' / '本周测试'. */
  heading: string;
  /** The figure the ranking sorts by. */
  rankedBy: string;
}

export const PERIODS: Record<EveryDayPeriod, PeriodInfo> = {
  day: { period: 'day', row: testMode('dailyMockTest')!, route: '/dailyMockTest', when: '今日', heading: '今日测试', rankedBy: '答对题数' },
  week: { period: 'week', row: testMode('weekTest')!, route: '/weekTest', when: '本周', heading: '本周测试', rankedBy: '得分' },
};

export const everyDayKeys = {
  submission: (appID: number, period: EveryDayPeriod) => ['everyDay', 'submission', appID, period] as const,
  submit: (appID: number, examHistoryID: number) => ['everyDay', 'submit', appID, examHistoryID] as const,
  ranking: (appID: number, period: EveryDayPeriod) => ['everyDay', 'ranking', appID, period] as const,
};

export const submissionQuery = (appID: number, period: EveryDayPeriod) =>
  queryOptions({
    queryKey: everyDayKeys.submission(appID, period),
    queryFn: () => call(everyDaySubmission, { appID, period }, { silent: true }),
    retry: false,
    staleTime: 0,
  });

/**
 * The submission of a handed-in attempt (POST, idempotent on the server): read as a query so a reload or a
 * second visit answers the same figures. The server decides the figures; none are sent.
 */
export const submitQuery = (appID: number, examHistoryID: number) =>
  queryOptions({
    queryKey: everyDayKeys.submit(appID, examHistoryID),
    queryFn: () => call(everyDaySubmit, { appID, examHistoryID }, { silent: true, allowedRepeat: true }),
    retry: false,
    staleTime: Infinity,
  });

export const rankingQuery = (appID: number, period: EveryDayPeriod) =>
  queryOptions({
    queryKey: everyDayKeys.ranking(appID, period),
    queryFn: () => call(everyDayRanking, { appID, period }, { silent: true }),
    retry: false,
    staleTime: 0,
  });

/** The period of a /ranking URL: ?period=week → week, anything else → day. */
export const periodParam = (v: string | null): EveryDayPeriod => (v === 'week' ? 'week' : 'day');

/** Seconds as '1分05秒' / '45秒' / '1小时02分'. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}小时${two(m)}分`;
  if (m > 0) return `${m}分${two(sec)}秒`;
  return `${sec}秒`;
}

/** Marks: 59 → '59', 7.333 → '7.33'. */
export const marks = (n: number): string => String(Math.round(n * 100) / 100);

/** The key as shown: '2026-11-21' stays, '2026-W47' → '2026年第47周'. */
export function keyLabel(key: string): string {
  const w = /^(\d{4})-W(\d{2})$/.exec(key);
  return w ? `${w[1]}年第${Number(w[2])}周` : key;
}

/** The ranked figure of an entry: right answers (day) or the score (week). */
export const rankedFigure = (period: EveryDayPeriod, e: { correctNumber: number; score: number }): string => (period === 'day' ? `${e.correctNumber}题` : `${marks(e.score)}分`);

export const computerPaperOf = (examHistoryID: number) => `/computerPaper?examHistoryID=${examHistoryID}`;
export const rankingPath = (period: EveryDayPeriod) => (period === 'day' ? '/ranking' : '/ranking?period=week');

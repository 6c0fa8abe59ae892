import { queryOptions } from '@tanstack/react-query';
import {
  QUESTION_TYPE_NAMES,
  TF_OPTIONS,
  normaliseKeys,
  simulationHistory,
  simulationList,
  simulationResult,
  type DataOf,
  type QuestionType,
} from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the exam result, history and paper-list screens (docs/exam-result-screens.md): query options
 * for the calls of packages/contract/src/calls/exam.ts and the pure helpers (figures, filters, the trend
 * chart's geometry). Every call is silent: the screens show a 403 as the buy prompt, other errors inline.
 */

export type ExamResultData = DataOf<typeof simulationResult>;
export type ReviewQuestion = ExamResultData['review']['list'][number];
export type ReviewGroup = ExamResultData['review']['groups'][number];
export type HistoryData = DataOf<typeof simulationHistory>;
export type HistoryRow = HistoryData['list'][number];
export type TrendPoint = HistoryData['trend'][number];
export type PaperRow = DataOf<typeof simulationList>['list'][number];

export const examKeys = {
  all: ['exam'] as const,
  result: (id: number) => ['exam', 'result', id] as const,
  history: (appID: number, paperID: number | null, page: number) => ['exam', 'history', appID, paperID, page] as const,
  papers: (appID: number, kind: string) => ['exam', 'papers', appID, kind] as const,
};

export const resultQuery = (examHistoryID: number) =>
  queryOptions({
    queryKey: examKeys.result(examHistoryID),
    queryFn: () => call(simulationResult, { examHistoryID }, { silent: true }),
    retry: false,
  });

export const historyQuery = (appID: number, paperID: number | null, page = 1) =>
  queryOptions({
    queryKey: examKeys.history(appID, paperID, page),
    queryFn: () => call(simulationHistory, { appID, ...(paperID ? { paperID } : {}), ...(page > 1 ? { page } : {}) }, { silent: true }),
    retry: false,
  });

/** kind 'all' → every paper (mock and past). */
export const papersQuery = (appID: number, kind: 'mock' | 'past' | 'all') =>
  queryOptions({
    queryKey: examKeys.papers(appID, kind),
    queryFn: () => call(simulationList, { appID, ...(kind === 'all' ? {} : { kind }) }, { silent: true }),
    retry: false,
  });

/** A positive integer query parameter, or null (missing, 0, negative, not a number). */
export function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** Marks for display: 59 → '59', 59.5 → '59.5', 7.333 → '7.33' (case-analysis deductions give thirds). */
export const marks = (n: number): string => String(Math.round(n * 100) / 100);

/** Seconds as '1小时05分20秒', '12分30秒', '45秒'. */
export function formatUsed(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}小时${two(m)}分${two(sec)}秒`;
  if (m > 0) return `${m}分${two(sec)}秒`;
  return `${sec}秒`;
}

/** A time limit: 5400 → '90分钟'. */
export const formatLimit = (seconds: number): string => `${Math.round(seconds / 60)}分钟`;

/** Local date and time: '2026-11-21 14:05'. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Short date for the chart axis: '11-21'. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getMonth() + 1}-${d.getDate()}`;
}

export const typeName = (t: QuestionType): string => QUESTION_TYPE_NAMES[t] ?? t;

// ---- review ----

export const REVIEW_FILTERS = [
  { id: 'all', label: '全部' },
  { id: 'wrong', label: '错题' },
  { id: 'unanswered', label: '未答' },
  { id: 'flagged', label: '标疑' },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]['id'];

export const isReviewFilter = (v: string | null): v is ReviewFilter => REVIEW_FILTERS.some((f) => f.id === v);

/** Whether a reviewed question belongs to a filter. Wrong = answered and not right. */
export function inFilter(q: ReviewQuestion, f: ReviewFilter): boolean {
  switch (f) {
    case 'all':
      return true;
    case 'wrong':
      return q.mine.answered && !q.mine.right;
    case 'unanswered':
      return !q.mine.answered;
    case 'flagged':
      return q.flagged;
  }
}

export function filterCounts(list: readonly ReviewQuestion[]): Record<ReviewFilter, number> {
  const counts = { all: 0, wrong: 0, unanswered: 0, flagged: 0 };
  for (const q of list) for (const f of REVIEW_FILTERS) if (inFilter(q, f.id)) counts[f.id] += 1;
  return counts;
}

/** The options a question is shown with: TF gets 正确/错误, B1 the group's shared options. */
export function reviewOptions(q: ReviewQuestion, group: ReviewGroup | undefined): { key: string; text: string }[] {
  if (q.childTableName === 'TF') return q.options.length > 0 ? q.options : [...TF_OPTIONS];
  if (q.childTableName === 'B1') return group?.options.length ? group.options : q.options;
  return q.options;
}

/** The correct answer as shown: keys ('ACD') or the accepted texts of a FILL question. */
export function answerText(q: Pick<ReviewQuestion, 'childTableName' | 'answer'>): string {
  if (q.childTableName === 'FILL') return (Array.isArray(q.answer) ? q.answer : [q.answer]).join(' 或 ');
  return normaliseKeys(Array.isArray(q.answer) ? q.answer.join('') : q.answer);
}

/** The learner's reply as shown: keys normalised, a FILL text as typed, '未作答' when empty. */
export function replyText(q: ReviewQuestion): string {
  const r = q.mine.lastUserReply;
  if (!q.mine.answered || !r.trim()) return '未作答';
  return q.childTableName === 'FILL' ? r : normaliseKeys(r) || r;
}

// ---- trend chart ----

export const CHART = { width: 340, height: 180, left: 34, right: 12, top: 14, bottom: 26 } as const;

export interface ChartPoint {
  x: number;
  y: number;
  point: TrendPoint;
}

/** y of a percent (0–100) inside the plot area. */
export const chartY = (percent: number): number => {
  const h = CHART.height - CHART.top - CHART.bottom;
  const p = Math.min(100, Math.max(0, percent));
  return Math.round((CHART.top + h - (p / 100) * h) * 10) / 10;
};

/** The trend's points (oldest first, as the server sends them), spread evenly over the plot's width. */
export function chartPoints(trend: readonly TrendPoint[]): ChartPoint[] {
  const w = CHART.width - CHART.left - CHART.right;
  const n = trend.length;
  return trend.map((point, i) => ({
    x: Math.round((n === 1 ? CHART.left + w / 2 : CHART.left + (i * w) / (n - 1)) * 10) / 10,
    y: chartY(point.percent),
    point,
  }));
}

/** The pass line in percent of the total (the trend's own pass line is not sent: from the latest attempt's paper). */
export const passPercent = (passScore: number, total: number): number => (total > 0 ? (passScore / total) * 100 : 60);

/** One sentence for screen readers: how many attempts, first and latest score, best, passes. */
export function trendSummary(trend: readonly TrendPoint[]): string {
  if (trend.length === 0) return '还没有成绩';
  const first = trend[0]!;
  const last = trend[trend.length - 1]!;
  const best = trend.reduce((b, p) => (p.percent > b.percent ? p : b), first);
  const passed = trend.filter((p) => p.passed).length;
  const dir = trend.length < 2 ? '' : last.percent > first.percent ? '，总体上升' : last.percent < first.percent ? '，总体下降' : '，与第一次持平';
  return `成绩趋势：共${trend.length}次，第一次${Math.round(first.percent)}%，最近一次${Math.round(last.percent)}%${dir}；最高${Math.round(best.percent)}%，合格${passed}次`;
}

// ---- paper lists ----

export interface PaperListRow {
  route: string;
  title: string;
  /** Which papers: `simulationList` kind, or all. */
  kinds: 'mock' | 'past' | 'all';
  /** Past papers: grouped by year, newest first. */
  byYear?: boolean;
  /** Only untagged papers (the tagged collections have their own routes). */
  untaggedOnly?: boolean;
  empty: string;
}

/**
 * The paper lists (docs/test-modes.md mode table): one screen, one row per route. /simulationTest is the
 * demo catalog's route of the 模拟考场 module (test-modes.md: to become /mnkcNew) — kept working here.
 */
export const PAPER_LISTS: readonly PaperListRow[] = [
  { route: '/mockExam', title: '模拟考试', kinds: 'mock', untaggedOnly: true, empty: '本科目暂无模拟试卷' },
  { route: '/realPapertest', title: '历年真题', kinds: 'past', byYear: true, empty: '本科目暂无历年真题' },
  { route: '/mnkcNew', title: '模拟考场', kinds: 'mock', untaggedOnly: true, empty: '本科目暂无模拟试卷' },
  { route: '/simulationTest', title: '模拟考场', kinds: 'mock', untaggedOnly: true, empty: '本科目暂无模拟试卷' },
];

export const paperListOf = (pathname: string): PaperListRow =>
  PAPER_LISTS.find((r) => r.route.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase()) ?? PAPER_LISTS[0]!;

/** The papers of a row, and for a by-year row the year groups (newest first; papers without a year last). */
export function paperGroups(row: PaperListRow, list: readonly PaperRow[]): { title: string | null; papers: PaperRow[] }[] {
  const papers = list.filter((p) => (row.kinds === 'all' || p.kind === row.kinds) && (!row.untaggedOnly || p.tag === null));
  if (!row.byYear) return papers.length ? [{ title: null, papers }] : [];
  const years = [...new Set(papers.map((p) => p.year))].sort((a, b) => (b ?? -1) - (a ?? -1));
  return years.map((y) => ({ title: y === null ? '其他年份' : `${y}年`, papers: papers.filter((p) => p.year === y) }));
}

export const computerPaperPath = (paperID: number | null): string => (paperID ? `/computerPaper?paperID=${paperID}` : '/computerPaper?daily=1');

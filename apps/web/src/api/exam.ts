import { queryOptions } from '@tanstack/react-query';
import {
  QUESTION_TYPE_NAMES,
  TEST_MODES,
  testMode,
  TF_OPTIONS,
  normaliseKeys,
  shownAnswer,
  simulationHistory,
  simulationList,
  simulationResult,
  type DataOf,
  type QuestionType,
  type TestMode,
} from '@kaoshi/contract';
import { call } from './client';

/**
 * Data of the exam result, history and paper-list screens (docs/exam-result-screens.md): query options
 * for the calls of packages/contract/src/calls/exam.ts and the pure helpers (figures, filters, the trend's
 * summary). Every call is silent: the screens show a 403 as the buy prompt, other errors inline.
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
  history: (appID: number, paperID: number | null, page: number, testMode: string | null = null) => ['exam', 'history', appID, paperID, page, testMode] as const,
  papers: (appID: number, kind: string) => ['exam', 'papers', appID, kind] as const,
};

export const resultQuery = (examHistoryID: number) =>
  queryOptions({
    queryKey: examKeys.result(examHistoryID),
    queryFn: () => call(simulationResult, { examHistoryID }, { silent: true }),
    // A handed-in result never changes (the hand-in puts its reply here; lib/exam-session.ts).
    staleTime: Infinity,
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

/** The correct answer as shown: keys ('ACD') or the canonical text of a FILL question. */
export const answerText = (q: Pick<ReviewQuestion, 'childTableName' | 'answer'>): string => shownAnswer(q);

/** The learner's reply as shown: keys normalised, a FILL text as typed, '未作答' when empty. */
export function replyText(q: ReviewQuestion): string {
  const r = q.mine.lastUserReply;
  if (!q.mine.answered || !r.trim()) return '未作答';
  return q.childTableName === 'FILL' ? r : normaliseKeys(r) || r;
}

// ---- trend chart ----

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
  /** The TEST_MODES row: its id is the `testMode` a start sends; title, module and papers come from it. */
  mode: TestMode;
  title: string;
  /** Which papers: the row's kinds and tag (null = untagged only). */
  kinds: readonly ('mock' | 'past')[];
  tag: string | null;
  /** Group by year (newest first) — /realPapertest. */
  byYear?: boolean;
  empty: string;
}

/** The list screens' empty text (no paper of the row in the subject yet). */
export const PAPERS_EMPTY = '内容更新中，敬请期待～';

/**
 * The paper lists: every `paper` row of TEST_MODES (docs/test-modes.md §2) — /mockExam, /mnkcNew (its exam
 * room uses the same list), /renjilist, /realPapertest (by year), /newLnjtMnsj, /ytmj, /BurningExam,
 * /secretVolumeWay. No second table: route, title and papers are the row's.
 */
export const PAPER_LISTS: readonly PaperListRow[] = TEST_MODES.filter((m) => m.source === 'paper' && m.papers).map((m) => ({
  route: m.route,
  mode: m,
  title: m.title,
  kinds: m.papers!.kinds,
  tag: m.papers!.tag,
  byYear: m.id === 'realPapertest',
  empty: PAPERS_EMPTY,
}));

export const paperListOf = (pathname: string): PaperListRow => PAPER_LISTS.find((r) => r.route.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase()) ?? PAPER_LISTS[0]!;

/** The list call's kind for a row: its one kind, or every paper. */
export const listKind = (row: Pick<PaperListRow, 'kinds'>): 'mock' | 'past' | 'all' => (row.kinds.length === 1 ? row.kinds[0]! : 'all');

/** Whether a paper belongs to a row: one of its kinds, and its tag (untagged rows: untagged papers only). */
export const paperFits = (row: Pick<PaperListRow, 'kinds' | 'tag'>, p: Pick<PaperRow, 'kind' | 'tag'>): boolean =>
  (row.kinds as readonly string[]).includes(p.kind) && (p.tag ?? null) === row.tag;

const KIND_TITLES: Record<string, string> = { mock: '模拟试卷', past: '历年真题' };

/**
 * The papers of a row in groups: by year (newest first; papers without a year last) for a by-year row, by
 * kind (模拟试卷, 历年真题) for a row of several kinds, else one group.
 */
export function paperGroups(row: PaperListRow, list: readonly PaperRow[]): { title: string | null; papers: PaperRow[] }[] {
  const papers = list.filter((p) => paperFits(row, p));
  if (row.byYear) {
    const years = [...new Set(papers.map((p) => p.year))].sort((a, b) => (b ?? -1) - (a ?? -1));
    return years.map((y) => ({ title: y === null ? '其他年份' : `${y}年`, papers: papers.filter((p) => p.year === y) }));
  }
  if (row.kinds.length > 1) {
    return row.kinds
      .map((k) => ({
        title: KIND_TITLES[k] ?? k,
        papers: papers.filter((p) => p.kind === k).sort((a, b) => (k === 'past' ? (b.year ?? -1) - (a.year ?? -1) : 0)),
      }))
      .filter((g) => g.papers.length > 0);
  }
  return papers.length ? [{ title: null, papers }] : [];
}

export const computerPaperPath = (paperID: number | null): string => (paperID ? `/computerPaper?paperID=${paperID}` : '/computerPaper?daily=1');

/**
 * 再考一次: an attempt of a TEST_MODES row goes back to the row's screen (its list, its draw, its chapter
 * tree — a new start there has the row's rules); an attempt without one reopens the paper or the daily test.
 */
export function againPath(r: { paperID: number | null; testMode: string | null }): string {
  const row = r.testMode ? testMode(r.testMode) : undefined;
  if (row && row.route !== '/computerPaper') return row.route;
  return computerPaperPath(r.paperID);
}

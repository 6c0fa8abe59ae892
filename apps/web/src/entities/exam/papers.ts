import { TEST_MODES, type TestMode } from '@kaoshi/contract';
import type { PaperRow } from './api';

/** The paper lists (docs/test-modes.md §2): which TEST_MODES rows are lists, and how a row's papers are filtered and grouped. */

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

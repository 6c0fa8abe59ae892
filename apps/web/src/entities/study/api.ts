import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  QUESTION_TYPE_NAMES,
  STUDY_KINDS,
  STUDY_PAGE,
  TF_OPTIONS,
  bookLLzs,
  chapterlist,
  cptcontent,
  getCataloglist,
  getErrorTest,
  listQuestionReports,
  shownAnswer,
  parseMarkup,
  pointsMastery,
  reviewSummary,
  searchTest,
  addUserFav,
  addUserNote,
  deleteUserFav,
  removeFromBook,
  type DataOf,
  type StudyKind,
  type StudyQuestion,
} from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the study screens (docs/study-screens.md): query options for the study calls of
 * packages/contract/src/calls/study.ts and the small pure helpers the screens share. Every call is
 * silent: the screens show a 403 as the buy prompt and other errors inline with '重试'.
 */

export type { StudyKind, StudyQuestion };
export type QuestionPage = DataOf<typeof getErrorTest>;
export type StudyGroup = QuestionPage['groups'][number];
export type Details = DataOf<typeof cptcontent>;
export type CatalogChapter = DataOf<typeof getCataloglist>['list'][number];

export const studyKeys = {
  all: ['study'] as const,
  summary: (appID: number) => ['study', 'summary', appID] as const,
  catalogs: ['study', 'catalog'] as const,
  lists: ['study', 'list'] as const,
  catalog: (appID: number, kind: StudyKind) => ['study', 'catalog', appID, kind] as const,
  list: (appID: number, kind: StudyKind, cptID: number | undefined, keyword: string) => ['study', 'list', appID, kind, cptID ?? 0, keyword] as const,
  recite: (appID: number, due: boolean) => ['study', 'recite', appID, due] as const,
  search: (appID: number, keyword: string) => ['study', 'search', appID, keyword] as const,
  details: (appID: number, allTestID: number) => ['study', 'details', appID, allTestID] as const,
  stats: (appID: number) => ['study', 'stats', appID] as const,
  mastery: (appID: number) => ['study', 'mastery', appID] as const,
  reports: (appID: number) => ['study', 'reports', appID] as const,
};

const silent = { silent: true } as const;

/** The book's figures; read again whenever a screen shows them, so 开始复习（n） is what a review serves now. */
export const summaryQuery = (appID: number) =>
  queryOptions({ queryKey: studyKeys.summary(appID), queryFn: () => call(reviewSummary, { appID }, silent), retry: false, staleTime: 0 });

export const catalogQuery = (appID: number, kind: StudyKind) =>
  queryOptions({
    queryKey: studyKeys.catalog(appID, kind),
    queryFn: () => call(getCataloglist, { appID, kind, page: 1, pageSize: STUDY_PAGE.catalog }, silent),
    retry: false,
  });

/** The next page number of a paged question list, or undefined when all are loaded. */
export const nextPage = (last: { page: number; total: number; pageSize: number }, pages: { list: unknown[] }[]): number | undefined => {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total && pages[pages.length - 1]!.list.length > 0 ? last.page + 1 : undefined;
};

/** A chapter's wrong-answer book items (kind error) or favourites/notes (with words), page by page. */
export const studyListQuery = (appID: number, kind: StudyKind, cptID: number | undefined, keyword: string) =>
  infiniteQueryOptions({
    queryKey: studyKeys.list(appID, kind, cptID, keyword),
    initialPageParam: 1,
    queryFn: ({ pageParam }): Promise<QuestionPage> =>
      kind === 'error'
        ? call(getErrorTest, { appID, cptID, page: pageParam, pageSize: STUDY_PAGE.errorTest }, silent)
        : call(chapterlist, { appID, kind, cptID, keyword: keyword || undefined, page: pageParam, pageSize: STUDY_PAGE.chapterList }, silent),
    getNextPageParam: (last, pages) => nextPage(last, pages),
    retry: false,
  });

/** The recite deck: the items due now, or (due false) the whole book; one page of 50. */
export const reciteQuery = (appID: number, due: boolean) =>
  queryOptions({
    queryKey: studyKeys.recite(appID, due),
    queryFn: () => call(getErrorTest, { appID, due: due || undefined, page: 1, pageSize: STUDY_PAGE.errorTest }, silent),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const searchQuery = (appID: number, keyword: string) =>
  infiniteQueryOptions({
    queryKey: studyKeys.search(appID, keyword),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => call(searchTest, { appID, keyword, page: pageParam, pageSize: STUDY_PAGE.search }, silent),
    getNextPageParam: (last, pages) => nextPage(last, pages),
    retry: false,
    enabled: keyword.length > 0,
  });

/** A question's figures (全站作答 and 我的记录, one rule: docs/study.md); read again at every opening, as answers move them. */
export const detailsQuery = (appID: number, allTestID: number) =>
  queryOptions({ queryKey: studyKeys.details(appID, allTestID), queryFn: () => call(cptcontent, { appID, allTestID }, silent), retry: false, staleTime: 0 });

export const statsQuery = (appID: number) => queryOptions({ queryKey: studyKeys.stats(appID), queryFn: () => call(bookLLzs, { appID }, silent), retry: false });

export const masteryQuery = (appID: number) => queryOptions({ queryKey: studyKeys.mastery(appID), queryFn: () => call(pointsMastery, { appID }, silent), retry: false });

export const reportsQuery = (appID: number) =>
  infiniteQueryOptions({
    queryKey: studyKeys.reports(appID),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => call(listQuestionReports, { appID, page: pageParam }, silent),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? last.page + 1 : undefined;
    },
    retry: false,
  });

// ---- changes to the learner's lists (the player's 收藏/笔记/移出 and the list screens' 移除) ----

export const setFavourite = (appID: number, allTestID: number, on: boolean) => call(on ? addUserFav : deleteUserFav, { appID, allTestID }, silent);

/** Saves a question's note; an empty text deletes it. */
export const writeNote = (appID: number, allTestID: number, noteContent: string) => call(addUserNote, { appID, allTestID, noteContent }, silent);

export const takeOutOfBook = (appID: number, allTestID: number) => call(removeFromBook, { appID, allTestID }, silent);

/** Takes a question off one of the learner's lists: the wrong-answer book, the favourites or the notes. */
export const removeFromList = (appID: number, kind: StudyKind, allTestID: number): Promise<unknown> =>
  kind === 'error' ? takeOutOfBook(appID, allTestID) : kind === 'fav' ? setFavourite(appID, allTestID, false) : writeNote(appID, allTestID, '');

// ---------------------------------------------------------------- URL parameters

export const isStudyKind = (v: string | null): v is StudyKind => v !== null && (STUDY_KINDS as readonly string[]).includes(v);

/** A positive integer id from the URL, or null. */
export function idParam(v: string | null): number | null {
  if (v === null || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** A query string from pairs, leaving out empty values. */
export function qs(pairs: Record<string, string | number | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(pairs)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const KIND_NAMES: Record<StudyKind, string> = { error: '错题本', fav: '收藏', note: '笔记' };

// ---------------------------------------------------------------- text and numbers

export const typeName = (q: Pick<StudyQuestion, 'childTableName'>): string => QUESTION_TYPE_NAMES[q.childTableName];

/** Question text as plain text: key points as their words, images as '[图]'. */
export const plainText = (text: string): string =>
  parseMarkup(text)
    .map((p) => (p.kind === 'image' ? '[图]' : p.text))
    .join('');

export interface HighlightPart {
  text: string;
  hit: boolean;
}

/**
 * Splits plain text around every (case-insensitive) occurrence of the keyword, or of any of several words (全局搜索's
 * searchTerms), for <mark>: from left to right, the earliest match first, the longest of those starting together.
 */
export function highlight(text: string, keyword: string | readonly string[]): HighlightPart[] {
  const words = (typeof keyword === 'string' ? [keyword] : keyword).map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) return [{ text, hit: false }];
  const parts: HighlightPart[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (;;) {
    let start = -1;
    let length = 0;
    for (const w of words) {
      const i = lower.indexOf(w, at);
      if (i >= 0 && (start < 0 || i < start || (i === start && w.length > length))) [start, length] = [i, w.length];
    }
    if (start < 0) break;
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: text.slice(start, start + length), hit: true });
    at = start + length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}

/**
 * The part of a question to show for a search: the stem when it holds the words, else the first option,
 * explanation or knowledge point that does (cut around the match), else the stem.
 */
export function matchExcerpt(q: StudyQuestion, keyword: string, width = 60): { where: string; text: string } {
  const k = keyword.trim().toLowerCase();
  const stem = plainText(q.stem);
  if (!k || stem.toLowerCase().includes(k)) return { where: '', text: stem };
  const candidates: [string, string][] = [
    ...q.options.map((o): [string, string] => [`选项${o.key}`, plainText(o.text)]),
    ['解析', plainText(q.explanation)],
    ...q.points.map((p): [string, string] => ['考点', p]),
  ];
  for (const [where, text] of candidates) {
    const i = text.toLowerCase().indexOf(k);
    if (i < 0) continue;
    const start = Math.max(0, i - Math.floor(width / 3));
    const cut = text.slice(start, start + width);
    return { where, text: `${start > 0 ? '…' : ''}${cut}${start + width < text.length ? '…' : ''}` };
  }
  return { where: '', text: stem };
}

/** The options a question is answered with: its own, the group's (B1) or the true/false pair. */
export function optionsFor(q: StudyQuestion, group: StudyGroup | null | undefined): { key: string; text: string }[] {
  if (q.childTableName === 'TF') return q.options.length > 0 ? q.options : [...TF_OPTIONS];
  if (q.childTableName === 'B1') return group?.options ?? q.options;
  return q.options;
}

/** The correct answer as shown: keys ('ACD') or the canonical text of a FILL question. */
export const answerOf = (q: Pick<StudyQuestion, 'childTableName' | 'answer'>): string => shownAnswer(q);

const two = (n: number) => String(n).padStart(2, '0');
const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** A time for display: '今天 14:30', '明天 08:00', '昨天 …', '3月5日 09:00' (another year: '2025年3月5日'). */
export function formatTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  const days = Math.round((dayStart(d) - dayStart(now)) / 86_400_000);
  if (days === 0) return `今天 ${hm}`;
  if (days === 1) return `明天 ${hm}`;
  if (days === -1) return `昨天 ${hm}`;
  const md = `${d.getMonth() + 1}月${d.getDate()}日`;
  return d.getFullYear() === now.getFullYear() ? `${md} ${hm}` : `${d.getFullYear()}年${md}`;
}

/** When a wrong-answer book item comes back, in plain words: '该复习了' or when to review it. */
export const dueText = (iso: string, now: Date = new Date()): string => (new Date(iso).getTime() <= now.getTime() ? '该复习了' : `${formatTime(iso, now)} 复习`);

/** Seconds as '2小时5分', '12分钟', '不到1分钟'. */
export function formatDuration(seconds: number): string {
  const min = Math.floor(seconds / 60);
  if (min < 1) return seconds > 0 ? '不到1分钟' : '0分钟';
  if (min < 60) return `${min}分钟`;
  const h = Math.floor(min / 60);
  return min % 60 ? `${h}小时${min % 60}分` : `${h}小时`;
}

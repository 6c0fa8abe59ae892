import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  STUDY_PAGE,
  bookLLzs,
  chapterlist,
  cptcontent,
  getCataloglist,
  getErrorTest,
  listQuestionReports,
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

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { SEARCH_LIMITS, SEARCH_MSG, searchAll, textWidth, type DataOf, type SearchItem, type SearchKind } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/**
 * Data of /search_result (docs/search.md): one query for every group, and one group a page at a time. Keys carry
 * the session, so one learner's results (their locks) are never shown to another on the same device.
 */

export type SearchResult = DataOf<typeof searchAll>;
export { SEARCH_KIND_NAMES, SEARCH_KINDS, type SearchGroup, type SearchItem, type SearchKind } from '@kaoshi/contract';

const silent = { silent: true } as const;

export const searchKeys = {
  all: ['search'] as const,
  results: (guid: string, appID: number, keyword: string) => ['search', guid, appID, keyword] as const,
  group: (guid: string, appID: number, keyword: string, kind: SearchKind) => ['search', guid, appID, keyword, kind] as const,
};

/** Every group's first items and counts. */
export const resultsQuery = (appID: number, keyword: string) =>
  queryOptions({
    queryKey: searchKeys.results(getGuid() ?? '', appID, keyword),
    queryFn: () => call(searchAll, { appID, keyword }, silent),
    enabled: keyword !== '',
    staleTime: 60_000,
    retry: false,
  });

/** One group, 20 at a time (全部 N 个). */
export const groupQuery = (appID: number, keyword: string, kind: SearchKind) =>
  infiniteQueryOptions({
    queryKey: searchKeys.group(getGuid() ?? '', appID, keyword, kind),
    queryFn: ({ pageParam }) => call(searchAll, { appID, keyword, kind, page: pageParam }, silent),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResult, pages: SearchResult[]) => {
      const g = last.groups[0];
      return g && pages.length * SEARCH_LIMITS.pageSize < g.total ? pages.length + 1 : undefined;
    },
    enabled: keyword !== '',
    staleTime: 60_000,
    retry: false,
  });

/** What is wrong with a keyword before it is sent (the server checks the same), or null. */
export function keywordProblem(keyword: string): string | null {
  const k = keyword.trim();
  if (k === '') return '请输入要搜索的内容';
  if (textWidth(k) < SEARCH_LIMITS.minWidth) return SEARCH_MSG.tooShort;
  if (textWidth(k) > SEARCH_LIMITS.maxWidth) return SEARCH_MSG.tooLong;
  return null;
}

/**
 * The screen an item opens (subjects are chosen through the subject flow instead: null). A handout found by its text
 * (the reply's excerpt is of its body) opens at the hit: `hit` carries the words searched (docs/reading.md "Search hits").
 */
export function itemPath(kind: SearchKind, item: SearchItem, terms: readonly string[] = []): string | null {
  switch (kind) {
    case 'question':
      return `/testdetails?allTestID=${item.id}`;
    case 'lesson':
      return `${item.extra === 'ej' ? '/videoEjPlay' : '/videoStudy'}?lessonID=${item.id}`;
    case 'handout':
      return `/handoutPage?id=${item.id}${item.excerpt && terms.length > 0 ? `&hit=${encodeURIComponent(terms.join(' '))}` : ''}`;
    case 'point':
      return `/knowlegeInContent?pointID=${item.id}`;
    case 'live':
      return `/livedetail?liveID=${item.id}`;
    default:
      return null;
  }
}

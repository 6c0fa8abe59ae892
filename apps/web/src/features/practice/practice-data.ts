import { queryOptions } from '@tanstack/react-query';
import {
  CHAPTER_TEST_PAGE_MAX,
  chapterMenuList,
  getChapterTestEx,
  type ChapterProgress,
  type DataOf,
  type PracticeQuestion,
} from '@kaoshi/contract';
import { call, isApiError } from '../../api/client';

/**
 * Chapter practice data: the chapter menu and a chapter's questions (docs/practice.md). Both calls are
 * silent: a 403 (chapter practice not open for this learner) is shown by the screens as the buy prompt.
 */

export type ChapterTest = DataOf<typeof getChapterTestEx>;
export type PracticeGroup = ChapterTest['groups'][number];
export type { ChapterProgress, PracticeQuestion };

export const practiceKeys = {
  all: ['practice'] as const,
  menu: (appID: number) => ['practice', 'menu', appID] as const,
  chapter: (appID: number, cptID: number) => ['practice', 'chapter', appID, cptID] as const,
};

export const chapterMenuQuery = (appID: number) =>
  queryOptions({
    queryKey: practiceKeys.menu(appID),
    queryFn: () => call(chapterMenuList, { appID }, { silent: true }),
    retry: false,
  });

/**
 * A chapter's questions, loaded once (one page of up to 500) and kept: the player never refetches while
 * open, so practice goes on offline once loaded.
 */
export const chapterTestQuery = (appID: number, cptID: number) =>
  queryOptions({
    queryKey: practiceKeys.chapter(appID, cptID),
    queryFn: () => call(getChapterTestEx, { appID, cptID, page: 1, pageSize: CHAPTER_TEST_PAGE_MAX }, { silent: true }),
    staleTime: Infinity,
    gcTime: 24 * 60 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export interface UnlockingVersion {
  vn: string;
  vname: string;
}

/** The versions that open chapter practice, when the error is the calls' 403; else null. */
export function deniedVersions(err: unknown): UnlockingVersion[] | null {
  if (!isApiError(err) || err.status !== 403) return null;
  const data = err.data as { unlocking?: unknown } | null;
  return Array.isArray(data?.unlocking) ? (data.unlocking as UnlockingVersion[]) : [];
}

/** Percent for display: 0.6667 → '67%'. */
export const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;

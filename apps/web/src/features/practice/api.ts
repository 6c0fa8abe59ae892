import { queryOptions } from '@tanstack/react-query';
import { resetTestInfo, reviewSummary, updateRecitePoint } from '@kaoshi/contract';
import { call } from '../../api/client';
import { practiceKeys } from '../../entities/practice/api';

/** The wrong-answer book's settings seen from the player (连续答对 N 次移出, for the hint under an answer). */
export const reviewSummaryQuery = (appID: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...practiceKeys.all, 'reviewSummary', appID],
    queryFn: () => call(reviewSummary, { appID }, { quiet: true }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

/** Remembers where recite mode stands in a chapter (quiet and best effort). */
export const saveRecitePoint = (appID: number, cptID: number, allTestID: number) => call(updateRecitePoint, { appID, cptID, allTestID }, { quiet: true }).catch(() => undefined);

/** 清除本章答题记录. */
export const resetChapter = (appID: number, cptID: number) => call(resetTestInfo, { appID, cptID }, { silent: true });

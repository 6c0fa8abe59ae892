import { queryOptions } from '@tanstack/react-query';
import { videoExplain } from '@kaoshi/contract';
import { call } from '../../api/client';

/** 看讲解 (docs/video.md): the lessons that explain a question's knowledge points, read by the practice player and the exam review. */
export const explainQuery = (appID: number, allTestID: number) =>
  queryOptions({
    queryKey: ['video', 'explain', appID, allTestID] as const,
    queryFn: () => call(videoExplain, { appID, allTestID }, { silent: true }),
    retry: false,
    staleTime: 5 * 60_000,
  });

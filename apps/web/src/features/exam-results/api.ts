import { infiniteQueryOptions } from '@tanstack/react-query';
import { EXAM_HISTORY_PAGE, simulationHistory, simulationStart } from '@kaoshi/contract';
import { call } from '../../api/client';
import { examKeys } from '../../entities/exam/api';

/** Every handed-in attempt, newest first, a page at a time (of one paper, of one mode, or all). */
export const historyPagesQuery = (appID: number, paperID: number | null, mode: string | null) =>
  infiniteQueryOptions({
    queryKey: [...examKeys.history(appID, paperID, 0, mode), 'pages'],
    queryFn: ({ pageParam }) =>
      call(simulationHistory, { appID, ...(paperID ? { paperID } : {}), ...(mode ? { testMode: mode } : {}), ...(pageParam > 1 ? { page: pageParam } : {}) }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * EXAM_HISTORY_PAGE < last.total ? last.page + 1 : undefined),
    retry: false,
  });

/** 再练一次: a practice session over the same paper (played in the player). */
export const practisePaper = (appID: number, paperID: number) => call(simulationStart, { appID, paperID, mode: 'practice' }, { silent: true });

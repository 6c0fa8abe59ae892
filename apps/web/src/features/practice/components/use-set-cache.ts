import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { practiceKeys, storeKeyOf } from '../../../entities/practice/api';
import type { QuestionSet, SetQuestion, Source } from '../../../entities/practice/sources';
import { saveSet } from '../../../entities/practice/question-store';
import { PERSIST_DEBOUNCE_MS } from './player-state';

/**
 * The player's question set in the query cache, and the device's copy of it kept in step (answers, marks,
 * recite point), quietly and debounced: `patch` changes one question, `persist` schedules the copy.
 */
export function useSetCache(appID: number, source: Source) {
  const queryClient = useQueryClient();
  const queryKey = practiceKeys.set(appID, source);
  const persistTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const storeKey = storeKeyOf(appID, source);
  const persistNow = useCallback(() => {
    persistTimer.current = null;
    const data = queryClient.getQueryData<QuestionSet>(queryKey);
    if (data) void saveSet(storeKey, data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, storeKey]);
  const persist = useCallback(() => {
    if (persistTimer.current) clearTimeout(persistTimer.current);
    persistTimer.current = setTimeout(persistNow, PERSIST_DEBOUNCE_MS);
  }, [persistNow]);
  useEffect(
    () => () => {
      if (persistTimer.current) {
        clearTimeout(persistTimer.current);
        persistNow();
      }
    },
    [persistNow],
  );

  /** Changes one question in the cached set (and so in the player). */
  const patch = useCallback(
    (allTestID: number, change: (x: SetQuestion) => SetQuestion) => {
      queryClient.setQueryData<QuestionSet>(queryKey, (old) => (old ? { ...old, list: old.list.map((x) => (x.allTestID === allTestID ? change(x) : x)) } : old));
      persist();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, persist, appID, source.kind, source.cptID, source.keyword, source.point],
  );
  return { persist, patch };
}

import { queryOptions } from '@tanstack/react-query';
import { chapterMenuList, type getChapterTestEx, scoreReply, type ChapterProgress, type DataOf, type PracticeQuestion } from '@kaoshi/contract';
import { call, isApiError } from '../../api/client';
import { pendingFor } from '../../lib/outbox/practice';
import { getUserID } from '../../lib/session';
import { loadSet, saveSet, setKey } from './question-store';
import { loadSource, SOURCES, type QuestionSet, type Source } from './sources';
import { sourceKey } from './source-url';

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
  /** A loaded question set (chapter or study list) of the signed-in learner. */
  set: (appID: number, source: Source) => ['practice', 'set', getUserID(), appID, sourceKey(source)] as const,
};

export const chapterMenuQuery = (appID: number) =>
  queryOptions({
    queryKey: practiceKeys.menu(appID),
    queryFn: () => call(chapterMenuList, { appID }, { silent: true }),
    retry: false,
  });

/** The key of the copy of a set kept on this device. */
export const storeKeyOf = (appID: number, source: Source): string => setKey(getUserID(), appID, sourceKey(source));

/** The network (not the server) failed: the kept copy may stand in. A 403 or a refused request never does. */
export function isOfflineError(err: unknown): boolean {
  if (!isApiError(err)) return false;
  return err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'http' && err.status >= 500);
}

/**
 * The learner's answers still waiting in the outbox become the questions' `last` (newest wins), so a
 * question answered offline shows as answered after a reload, before the outbox has synced. For a study
 * list (a fresh round) only answers given after the set was loaded count.
 */
export async function mergePending(appID: number, source: Source, set: QuestionSet): Promise<QuestionSet> {
  let pending;
  try {
    pending = await pendingFor(
      appID,
      set.list.map((q) => q.allTestID),
    );
  } catch {
    return set;
  }
  const since = SOURCES[source.kind].keepsLast ? 0 : set.loadedAt;
  const latest = new Map(pending.filter((p) => p.queuedAt >= since).map((p) => [p.allTestID, p]));
  if (latest.size === 0) return set;
  return {
    ...set,
    list: set.list.map((q) => {
      const p = latest.get(q.allTestID);
      if (!p) return q;
      const { right, score } = scoreReply(q.childTableName, q.answer, p.lastUserReply);
      return { ...q, last: { lastUserReply: p.lastUserReply, right, score, spendTime: p.spendTime, answeredAt: new Date(p.queuedAt).toISOString() } };
    }),
  };
}

/**
 * A source's questions, loaded once (every page, up to the source's cap) and kept: the player never
 * refetches while open, so practice goes on offline once loaded. Each load is also kept on the device
 * (question-store); when the network fails the kept copy opens instead (`offline: true`). `entry` is the
 * history entry opening it: the set is stamped with it (see `isOutdated`).
 */
export const sourceQuery = (appID: number, source: Source, entry?: string) =>
  queryOptions({
    queryKey: practiceKeys.set(appID, source),
    queryFn: async (): Promise<QuestionSet> => {
      const key = storeKeyOf(appID, source);
      let set: QuestionSet;
      try {
        set = await loadSource(appID, source);
        void saveSet(key, set);
      } catch (err) {
        if (!isOfflineError(err)) throw err;
        const kept = await loadSet(key);
        if (!kept) throw err;
        set = { ...kept, offline: true };
      }
      return { ...(await mergePending(appID, source, set)), entry };
    },
    staleTime: Infinity,
    gcTime: 24 * 60 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * A study list (a source that does not keep the server's `last`: the book, its review, favourites, search…) is a
 * fresh round each time it is opened: a set read for another history entry is out of date and is read again, so a
 * review opened again serves what is due now, not the round answered before (issue 32). Coming back to the same
 * entry (from 纠错 or 详情) keeps the set; a chapter keeps its set (its `last` is the server's).
 */
export const isOutdated = (set: QuestionSet | undefined, source: Source, entry: string): boolean => set !== undefined && !SOURCES[source.kind].keepsLast && set.entry !== entry;

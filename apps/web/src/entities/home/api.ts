import { queryOptions } from '@tanstack/react-query';
import { activityClick, messWindow, moduleInfoX, publish, redDotList } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { getGuid } from '../../lib/session';
import { cachedModuleInfo, storeModuleInfo, type SelectedSubject } from '../../lib/subject';

/**
 * The home page's server data, all under the query key ['home', …] so that clearing the homeIndex
 * (lib/subject clearHomeIndex) can reset it in one go.
 */
export const HOME_KEY = ['home'] as const;

/**
 * The module grid of the subject's version. It paints at once from the stored moduleInfoX (initialData,
 * marked stale so it is refreshed), and each reply is stored again.
 */
export const moduleGridQuery = (s: Pick<SelectedSubject, 'AppID' | 'AppVn'>) =>
  queryOptions({
    queryKey: [...HOME_KEY, 'moduleInfoX', s.AppID, s.AppVn],
    queryFn: async () => {
      const data = await call(moduleInfoX, { appID: s.AppID, vn: s.AppVn });
      storeModuleInfo(data);
      return data;
    },
    initialData: () => {
      const cached = cachedModuleInfo(s.AppID);
      return cached && cached.vn === s.AppVn ? cached : undefined;
    },
    initialDataUpdatedAt: 0,
  });

/** Module ids with a red dot (content newer than the learner's last visit). Failures: no dots. */
export const redDotQuery = (appID: number) =>
  queryOptions({
    queryKey: [...HOME_KEY, 'redDot', appID],
    queryFn: async () => {
      try {
        return (await call(redDotList, { appID }, { silent: true })).modules;
      } catch {
        return [] as string[];
      }
    },
  });

/** The subject's home banners. Failures: none. */
export const bannersQuery = (appID: number) =>
  queryOptions({
    queryKey: [...HOME_KEY, 'publish', appID],
    queryFn: async () => {
      try {
        return (await call(publish, { position: 'home', appID, agentCode: currentAgentCode() }, { silent: true })).list;
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });

/**
 * The notice window to show, or null (appID undefined: before a subject is chosen, notices for every subject). The
 * server gives a signed-in learner each notice once, on any device. Failures: none.
 */
export const noticeQuery = (appID: number | undefined) =>
  queryOptions({
    queryKey: [...HOME_KEY, 'messWindow', appID ?? 0, getGuid() ?? ''],
    queryFn: async () => {
      try {
        return (await call(messWindow, { appID, agentCode: currentAgentCode() }, { silent: true })).window;
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });

/** Counts a tap on a banner image or a notice's button (best effort, quiet). */
export const countActivityClick = (where: { appID?: number; manageMentID: number; imageID?: number }) =>
  call(activityClick, { ...where, guid: getGuid() ?? undefined }, { quiet: true }).catch(() => undefined);

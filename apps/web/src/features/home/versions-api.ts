import { queryOptions, useQuery } from '@tanstack/react-query';
import { vipinfo } from '@kaoshi/contract';
import { call } from '../../api/client';
import { cachedVipinfo, type VipinfoData } from '../../lib/subject';

export type VersionItem = VipinfoData['list'][number];

/**
 * The subject's versions as the learner may buy them (vipinfo): painted from the cached vipinfo that
 * chooseSubject stored, then refreshed. Versions marked buyListHide are left out (spec §6).
 */
export const subjectVersionsQuery = (appID: number) =>
  queryOptions({
    queryKey: ['shop', 'vipinfo', appID] as const,
    queryFn: () => call(vipinfo, { appID }, { silent: true }),
    initialData: () => cachedVipinfo(appID) ?? undefined,
    initialDataUpdatedAt: 0,
  });

export const buyableVersions = (list: readonly VersionItem[]): VersionItem[] => list.filter((v) => !v.buyListHide).sort((a, b) => a.vnorder - b.vnorder);

/** What a version opens: its modules' names. */
export const opensText = (v: Pick<VersionItem, 'vnjson'>): string => v.vnjson.map((m) => m.name).join('、');

export function useSubjectVersions(appID: number | null) {
  return useQuery({ ...subjectVersionsQuery(appID ?? 0), enabled: appID !== null });
}

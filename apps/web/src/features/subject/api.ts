import { queryOptions } from '@tanstack/react-query';
import { getKsbClass, publish, searchAppEName, type SubjectEntry } from '@kaoshi/contract';
import { call } from '../../api/client';

/** The subject screens' reads. All are scoped by the tenant's agent code (lib/agent currentAgentCode). */

export const ksbClassQuery = (agentCode: string) =>
  queryOptions({
    queryKey: ['catalog', 'getKsbClass', agentCode],
    // Inline error states with a retry: no alert on top of them.
    queryFn: () => call(getKsbClass, { agentCode }, { silent: true }),
    staleTime: 5 * 60_000,
  });

export const searchQuery = (keyword: string, agentCode: string) =>
  queryOptions({
    queryKey: ['catalog', 'searchAppEName', agentCode, keyword],
    queryFn: () => call(searchAppEName, { keyword, agentCode }, { silent: true }),
    enabled: keyword !== '',
    staleTime: 60_000,
  });

/** The subject switcher's banners. A failure (or a server without banners yet) is simply "no banners". */
export const switchBannersQuery = (agentCode: string) =>
  queryOptions({
    queryKey: ['subject', 'publish', 'switch', agentCode],
    queryFn: async () => {
      try {
        const data = await call(publish, { position: 'switch', agentCode }, { silent: true });
        return Array.isArray(data?.list) ? data.list : [];
      } catch {
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });

/** Spec §9 study levels, as shown beside a subject's name. */
export const LEVEL_NAMES: Record<SubjectEntry['Level'], string> = {
  chuzhongji: '初中级',
  zhiye: '执业资格',
  gaoji: '高级职称',
  jkgls: '健康管理师',
  other: '其他',
};

export const levelName = (level: string): string => LEVEL_NAMES[level as SubjectEntry['Level']] ?? '';

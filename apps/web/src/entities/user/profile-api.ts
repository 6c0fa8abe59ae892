import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { profileGet, type Profile } from '@kaoshi/contract';
import { call } from '../../api/client';
import { userKeys } from './api';
import { getGuid } from '../../lib/session';

/**
 * The signed-in learner's profile (GET /api/profile, docs/profile.md): avatar, nickname, QQ, education, profession.
 * The home header, the 我的 hub and /userInfoPage read this one query; an edit's reply (the new profile) is stored in
 * it, and the getUserInfo query is read again (it shows the nickname too).
 */

export const profileKeys = {
  all: ['profile'] as const,
  mine: (guid: string | null) => ['profile', guid ?? ''] as const,
};

export const profileQuery = () => {
  const guid = getGuid();
  return queryOptions({
    queryKey: profileKeys.mine(guid),
    queryFn: () => call(profileGet, {}, { silent: true }),
    // Only a signed-in learner has a profile (asking without a session would be a 401).
    enabled: guid !== null,
    staleTime: 60_000,
    retry: false,
  });
};

export const useProfileQuery = () => useQuery(profileQuery());

/** The new profile (an edit's reply): every screen shows it at once; the account info is read again. */
export function storeProfile(client: QueryClient, profile: Profile): void {
  client.setQueryData(profileQuery().queryKey, profile);
  void client.invalidateQueries({ queryKey: userKeys.all });
}

/** The name a learner is shown by: the nickname, else the user name. */
export const displayName = (p: Pick<Profile, 'nickName' | 'userName'> | undefined): string => (p ? p.nickName || p.userName : '');

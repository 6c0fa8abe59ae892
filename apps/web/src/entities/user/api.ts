import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/** Every query about the signed-in learner starts with this key (invalidated after account changes). */
export const userKeys = { all: ['user'] as const };

/** The signed-in learner (getUserInfo), shared by the home, settings and account screens. */
export const userInfoQuery = () => {
  const guid = getGuid();
  return queryOptions({
    queryKey: [...userKeys.all, 'getUserInfo', guid],
    queryFn: () => call(getUserInfo, { guid: guid ?? '' }),
    // Never asked without a session (e.g. while a screen is left after logout): that would be a 401.
    enabled: guid !== null,
    staleTime: 60_000,
  });
};

export const useUserInfo = () => useQuery(userInfoQuery());

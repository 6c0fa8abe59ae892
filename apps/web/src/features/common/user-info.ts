import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/** The signed-in learner (getUserInfo), shared by the home, settings and account screens. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: ['user', 'getUserInfo', getGuid()],
    queryFn: () => call(getUserInfo, { guid: getGuid() ?? '' }),
    staleTime: 60_000,
  });

export const useUserInfo = () => useQuery(userInfoQuery());

import { getUserInfo, moduleInfoX } from '@kaoshi/contract';
import { prefetchCall } from '../../api/client';
import type { RouteEntry } from '../../lib/route-entry';
import { getGuid } from '../../lib/session';
import { getSelectedSubject, hasPendingSubject } from '../../lib/subject';

/**
 * The home page opened directly: the learner's header (useUserInfo) and the selected subject's module grid
 * (moduleGridQuery, entities/home/api.ts) start with the screen's code, asked as those queries ask.
 */
function prefetchHome() {
  prefetchCall(getUserInfo, { guid: getGuid() ?? '' });
  const subject = hasPendingSubject() ? null : getSelectedSubject();
  if (subject) prefetchCall(moduleInfoX, { appID: subject.AppID, vn: subject.AppVn });
}

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const homeRoutes: RouteEntry[] = [
  // Home
  { path: '/homePage', load: () => import('./home-screen'), prefetch: prefetchHome },
  { path: '/introduce', load: () => import('./introduce-screen') },
  { path: '/Guidance', load: () => import('./guidance-screen') },
];

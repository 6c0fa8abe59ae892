import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const subjectRoutes: RouteEntry[] = [
  // Subjects (/switchSub is on the spec's guest whitelist; /searchClass is public too: docs/catalog.md)
  { path: '/switchSub', load: () => import('./switch-sub-screen'), public: true },
  { path: '/searchClass', load: () => import('./search-class-screen'), public: true },
  { path: '/switchBanner', load: () => import('./switch-banner-screen') },
  { path: '/appointSub', load: () => import('./appoint-sub-screen') },
];

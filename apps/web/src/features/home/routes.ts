import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const homeRoutes: RouteEntry[] = [
  // Home
  { path: '/homePage', load: () => import('./home-screen') },
  { path: '/introduce', load: () => import('./introduce-screen') },
  { path: '/Guidance', load: () => import('./guidance-screen') },
];

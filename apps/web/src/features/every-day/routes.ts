import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const everyDayRoutes: RouteEntry[] = [
  // 每日一练, 每周一测 and the ranking (docs/daily-ranking.md)
  { path: '/dailyMockTest', load: () => import('./daily-mock-test-screen') },
  { path: '/weekTest', load: () => import('./week-test-screen') },
  { path: '/ranking', load: () => import('./ranking-screen') },
];

import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const clearanceRoutes: RouteEntry[] = [
  // 闯关提分 and 考前抢分 (docs/clearance-grabpoint.md)
  { path: '/tifenGuoguan', load: () => import('./tifen-guoguan-screen') },
  { path: '/randomPassCheck', load: () => import('./random-pass-check-screen') },
];

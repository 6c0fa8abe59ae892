import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const mineRoutes: RouteEntry[] = [
  // 我的 (the bottom tab bar's hub) and the app's own settings and help pages (docs/navigation.md)
  { path: '/mine', load: () => import('./mine-screen') },
  { path: '/currency', load: () => import('./currency-screen') },
  { path: '/abnormal_repair', load: () => import('./repair-screen') },
  { path: '/updateLog', load: () => import('./update-log-screen') },
  { path: '/aboutUs', load: () => import('./about-us-screen') },
];

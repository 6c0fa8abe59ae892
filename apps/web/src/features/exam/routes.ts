import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const examRoutes: RouteEntry[] = [
  // The computer-based exam (机考, docs/exam-screens.md)
  { path: '/computerPaper', load: () => import('./computer-paper-screen') },
];

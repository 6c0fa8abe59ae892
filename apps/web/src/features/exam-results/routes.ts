import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const examResultsRoutes: RouteEntry[] = [
  // Exam results, history and the paper lists (docs/exam-result-screens.md)
  { path: '/examResult', load: () => import('./exam-result-screen') },
  { path: '/examHistory', load: () => import('./exam-history-screen') },
  { path: '/mockExam', load: () => import('./paper-list-screen') },
  { path: '/realPapertest', load: () => import('./paper-list-screen') },
  { path: '/renjilist', load: () => import('./paper-list-screen') },
  { path: '/newLnjtMnsj', load: () => import('./paper-list-screen') },
  { path: '/ytmj', load: () => import('./paper-list-screen') },
  { path: '/BurningExam', load: () => import('./paper-list-screen') },
  { path: '/secretVolumeWay', load: () => import('./paper-list-screen') },
];

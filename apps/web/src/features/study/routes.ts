import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const studyRoutes: RouteEntry[] = [
  // Study tools: wrong-answer book, favourites, notes, recite, weak points, search, one question (docs/study-screens.md)
  { path: '/consolidate', load: () => import('./consolidate-screen') },
  { path: '/consolidate2', load: () => import('./consolidate2-screen') },
  { path: '/memoryAnswer', load: () => import('./memory-answer-screen') },
  { path: '/strengthen', load: () => import('./strengthen-screen') },
  { path: '/searchExam', load: () => import('./search-exam-screen') },
  { path: '/testdetails', load: () => import('./test-details-screen') },
  { path: '/newTestdetails', load: () => import('./new-test-details-screen') },
  { path: '/testfeedback', load: () => import('./test-feedback-screen') },
];

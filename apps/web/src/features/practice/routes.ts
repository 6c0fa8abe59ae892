import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const practiceRoutes: RouteEntry[] = [
  // Chapter practice (章节练习, docs/practice-screens.md)
  { path: '/chapterMenu', load: () => import('./chapter-menu-screen') },
  { path: '/answerTest', load: () => import('./answer-test-screen') },
  { path: '/zyanswer', load: () => import('./answer-test-screen') },
];

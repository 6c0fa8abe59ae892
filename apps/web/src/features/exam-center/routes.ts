import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const examCenterRoutes: RouteEntry[] = [
  // The exam room and the paper redirect, the exam centre and the drawn tests (docs/exam-center.md)
  { path: '/mnkcNew', load: () => import('./exam-room-screen') },
  { path: '/simulationTest', load: () => import('./simulation-test-redirect') },
  { path: '/exam', load: () => import('./exam-center-screen') },
  { path: '/mockTest', load: () => import('./mock-test-screen') },
  { path: '/evaluationChapter', load: () => import('./evaluation-chapter-screen') },
  { path: '/examinationGuide', load: () => import('./exam-guide-screen') },
];

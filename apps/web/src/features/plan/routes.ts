import type { RouteEntry } from '../../lib/route-entry';

/** The study plan (docs/plan.md): every screen loaded lazily; the report's charts load only with /studyFinally. */
export const planRoutes: RouteEntry[] = [
  { path: '/openStudy', load: () => import('./open-study-screen').then((m) => ({ default: m.OpenStudyScreen })) },
  { path: '/studyMain', load: () => import('./study-main-screen').then((m) => ({ default: m.StudyMainScreen })) },
  { path: '/studyFinally', load: () => import('./study-finally-screen').then((m) => ({ default: m.StudyFinallyScreen })) },
];

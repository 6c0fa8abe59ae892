import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const aiRoutes: RouteEntry[] = [
  // AI practice and 重点考点测试 (docs/ai-practice.md)
  { path: '/AICoreExamTest', load: () => import('./ai-core-exam-test-screen') },
  { path: '/AIcard', load: () => import('./ai-card-screen') },
  { path: '/AICorePay', load: () => import('./ai-core-pay-screen') },
  { path: '/focalPointTest', load: () => import('./focal-point-test-screen') },
];

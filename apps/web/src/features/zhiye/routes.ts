import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const zhiyeRoutes: RouteEntry[] = [
  { path: '/lnztgather', load: () => import('./lnzt-gather-screen') },
  { path: '/lnztjpay', load: () => import('./lnzt-pay-screen') },
  { path: '/examAnalyseMenu', load: () => import('./exam-analyse-screen') },
  { path: '/pingshenChapter', load: () => import('./pingshen-chapter-screen') },
  { path: '/zyChapter', load: () => import('./zy-chapter-screen') },
];

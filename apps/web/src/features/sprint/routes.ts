import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const sprintRoutes: RouteEntry[] = [
  // Sprint and zhiye plain sources (docs/sprint-zhiye.md); /zyanswer is the /answerTest player itself
  { path: '/sprintList', load: () => import('./sprint-list-screen') },
  { path: '/fivehundredTest', load: () => import('./five-hundred-screen') },
  { path: '/md60f', load: () => import('./md60f-screen') },
];

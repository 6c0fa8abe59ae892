import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const buyRoutes: RouteEntry[] = [
  // Buying (until the shop exists: activation codes and the tenant's contacts) and the member centre
  { path: '/buyapp', load: () => import('./buy-app-screen') },
  { path: '/memberCenter', load: () => import('./member-center-screen') },
];

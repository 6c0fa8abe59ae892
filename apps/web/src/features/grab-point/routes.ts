import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const grabPointRoutes: RouteEntry[] = [{ path: '/grabPoint', load: () => import('./grab-point-screen') }];

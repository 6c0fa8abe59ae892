import type { RouteEntry } from '../../lib/route-entry';

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const entryRoutes: RouteEntry[] = [
  // Entry and login
  { path: '/', load: () => import('./root-screen'), public: true, noQueries: true },
  { path: '/way', load: () => import('./way-screen'), public: true },
  { path: '/gateway', load: () => import('./gateway-screen'), public: true },
  { path: '/pfway', load: () => import('./pfway-screen'), public: true },
  // Public beyond the spec's whitelist: a campaign link opened by a guest must reach registration (docs/entry-routes.md).
  { path: '/msdbway', load: () => import('./msdbway-screen'), public: true },
  // Reached by the 408 handler, possibly with storage just cleared: no checks (they would call the server).
  { path: '/maintain', load: () => import('./maintain-screen'), public: true, skipChecks: true },
];

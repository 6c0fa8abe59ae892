/**
 * The web build's `route-preload.json` (apps/web/build/route-preload-plugin.ts writes it; the server's
 * platform/page-preload.ts reads it): for each route path, the screen's code and styles that the server asks for
 * in that route's page, beside the entry.
 */
export const ROUTE_PRELOAD_FILE = 'route-preload.json';

/** What the server adds to index.html for one route: the screen's code and styles, asked for with the page. */
export interface RoutePreload {
  js: string[];
  css: string[];
}

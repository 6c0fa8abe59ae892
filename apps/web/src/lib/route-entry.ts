import type { ComponentType } from 'react';

/** A route of a feature: its path and its screen (a default-exported component, loaded lazily). */
export interface RouteEntry {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** A guest may open it (the spec's whitelist, see GUEST_WHITELIST, plus /maintain). */
  public?: boolean;
  /** No guard at all: no guest check, no agent fetch, no ac (spec: /htmlWeChatPay; also /maintain). */
  skipChecks?: boolean;
  /**
   * Rendered outside TanStack Query's provider, so that opening it does not load TanStack Query (for
   * '/', the entry route). Only for screens that use no queries (routes.test.ts checks their imports).
   * The other screens sit under a lazily loaded layout route that provides the query client.
   */
  noQueries?: boolean;
  /**
   * The screen's first calls, started with prefetchCall (api/client.ts) when the app opens on this route, in parallel
   * with the screen's code (app/first-screen.ts). Each must ask exactly what the screen's own call asks.
   */
  prefetch?: (search: URLSearchParams) => void;
}

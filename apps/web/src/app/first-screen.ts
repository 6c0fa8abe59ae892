import { getAgentInfo, type AgentInfo, type Reply } from '@kaoshi/contract';
import { prefetchCall } from '../api/client';
import { cachedAgentCode } from '../lib/ac';
import { readCachedAgent } from '../lib/agent';
import type { RouteEntry } from '../lib/route-entry';
import { isLoggedIn } from '../lib/session';
import { guestRedirect, resolveAc, SKIP_CHECK_PATHS } from './guards';

/**
 * At start-up, before the router runs the root loader: what the first screen needs is asked for at once, in
 * parallel, instead of one after the other (the agent info, then the screen's code, then its data once that code
 * has rendered — three round trips on a slow network). Starts the screen's chunk (and the query layout's), the
 * agent info the root loader awaits on a first visit, and the screen's own first calls (RouteEntry.prefetch). The
 * router then loads the same modules and its calls take the prefetched replies (api/client.ts, prefetchCall).
 * Nothing starts for a path the guards send elsewhere (a guest on a member's screen) or that skips the checks.
 */
export function startFirstScreen(route: RouteEntry | undefined, loc: { pathname: string; search: string }): void {
  if (!route || route.skipChecks || SKIP_CHECK_PATHS.includes(loc.pathname)) return;
  if (guestRedirect(loc.pathname, isLoggedIn(), route) !== null) return;
  // The calls first: starting the code's imports adds a preload link per chunk, which takes the (slow) main thread.
  const ac = resolveAc(loc.search, null, cachedAgentCode());
  const cached = readCachedAgent();
  if (!cached || (ac && cached.AgentCode !== ac)) prefetchCall(getAgentInfo, ac ? { agentCode: ac } : {}, pageAgentReply(ac));
  route.prefetch?.(new URLSearchParams(loc.search));
  // A failed load is the router's to handle (lazy-reload.ts): its own import of the module fails the same way.
  route.load().catch(() => undefined);
  if (!route.noQueries) import('./query-layout').catch(() => undefined);
}

/**
 * The agent info the server put into the page (`<script type="application/json" id="kaoshi-agent">`, apps/server
 * platform/static.ts) when it is for the ac the app would ask with; otherwise the app asks as before.
 */
export function pageAgentReply(ac: string | null): Reply<AgentInfo> | undefined {
  const text = document.getElementById('kaoshi-agent')?.textContent;
  if (!text) return undefined;
  try {
    const page = JSON.parse(text) as { ac: string | null; data: AgentInfo };
    return page.ac === ac && page.data ? { status: 200, msg: '', data: page.data } : undefined;
  } catch {
    return undefined;
  }
}

import { MSG, getAgentInfo, type AgentInfo } from '@kaoshi/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { call } from '../api/client';
import { isApiError } from '../api/errors';
import { acFromSearch, cachedAgentCode, forgetAgentCode, rememberAgentCode, withAc } from '../lib/ac';
import { agentStore, readCachedAgent, writeCachedAgent } from '../lib/agent';
import { isLoggedIn } from '../lib/session';
import { getSelectedSubject, linkAppID } from '../lib/subject';
import { rememberLoginTarget } from '../lib/login-target';
import { alertMsg, toast } from '../ui/dialogs';

export { checkChangeInfo, startChangeInfoPoll, CHANGE_TARGET } from './change-info';
export { lazyWithReload, takeReloadTarget, ScreenLoadError } from './lazy-reload';

/**
 * The global behaviours of spec §2 that run before each navigation, as plain functions, and the root
 * loader that wires them into the router (createGuardLoader). The others live beside this file:
 * lazy-reload.ts (screen load failure), change-info.ts (the 30-second check); 408 → /maintain is in the
 * API client; fade and theme in root-layout.tsx and lib/agent.ts, night mode in lib/night-mode.ts.
 */

/** Spec §2: the routes a guest (no stored guid) may open. Kept whole, whether or not a screen exists yet. */
export const GUEST_WHITELIST: readonly string[] = ['/login', '/forgetpwd', '/', '/way', '/switchSub', '/gateway', '/qRcodePayNew', '/courseList', '/downLoad', '/pfway'];

/** Spec §2: routes that skip every check. */
export const SKIP_CHECK_PATHS: readonly string[] = ['/htmlWeChatPay'];

export interface GuardRoute {
  path: string;
  public?: boolean;
  skipChecks?: boolean;
}

export function isGuestAllowed(pathname: string, route?: GuardRoute): boolean {
  return GUEST_WHITELIST.includes(pathname) || !!route?.public || !!route?.skipChecks;
}

/** (1) Guest guard: the path to send a guest to instead of `pathname`, or null when it may go there. */
export function guestRedirect(pathname: string, hasSession: boolean, route?: GuardRoute): string | null {
  return hasSession || isGuestAllowed(pathname, route) ? null : '/';
}

/** (3) The ac for a navigation: from the target URL, else the previous route, else the cached agent code. */
export function resolveAc(targetSearch: string, previousSearch: string | null, cachedAc: string | null): string | null {
  return acFromSearch(targetSearch) ?? (previousSearch !== null ? acFromSearch(previousSearch) : null) ?? cachedAc;
}

export interface NavigationTarget {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * (1) + (3) for one navigation: where to redirect instead (guest guard, missing ac), or the ac to use.
 */
export function guardTarget(
  target: NavigationTarget,
  ctx: { previousSearch: string | null; cachedAc: string | null; hasSession: boolean; route?: GuardRoute },
): { redirect: string } | { ac: string | null } {
  const ac = resolveAc(target.search, ctx.previousSearch, ctx.cachedAc);
  const guest = guestRedirect(target.pathname, ctx.hasSession, ctx.route);
  const here = `${target.pathname}${target.search}${target.hash}`;
  if (guest !== null) return { redirect: withAc(guest, ac) };
  const wanted = withAc(here, ac);
  return wanted !== here ? { redirect: wanted } : { ac };
}

export type AgentOutcome =
  | { kind: 'ok'; info: AgentInfo }
  /** The server answered that there is no such agent (or the code is malformed). */
  | { kind: 'notFound' }
  | { kind: 'maintenance' }
  /** Network failure, timeout or server error: the default agent is used, nothing cached. */
  | { kind: 'offline' };

/** (2) Agent info: from the session cache when it matches `ac`, else fetched with getAgentInfo. */
export async function ensureAgent(ac: string | null): Promise<AgentOutcome> {
  const cached = readCachedAgent();
  if (cached && (!ac || cached.AgentCode === ac)) {
    if (agentStore.get()?.AgentCode !== cached.AgentCode) agentStore.set(cached);
    return { kind: 'ok', info: cached };
  }
  try {
    const info = await call(getAgentInfo, ac ? { agentCode: ac } : {}, { silent: true });
    writeCachedAgent(info);
    rememberAgentCode(info.AgentCode);
    agentStore.set(info);
    return { kind: 'ok', info };
  } catch (e) {
    if (isApiError(e) && e.kind === 'reply') return e.status === 408 ? { kind: 'maintenance' } : { kind: 'notFound' };
    if (isApiError(e) && e.kind === 'cancelled') return { kind: 'offline' };
    toast(MSG.networkError);
    return { kind: 'offline' };
  }
}

export interface GuardDeps {
  /** The registered route for a path name, if any. */
  findRoute: (pathname: string) => GuardRoute | undefined;
  /** The search string of the route being left (null on the first load). */
  previousSearch: () => string | null;
  /** Called when an unknown agent code was dropped, so the previous route's ac is not re-attached. */
  forgetPrevious: () => void;
}

/**
 * The root route's loader, run before every navigation (shouldRevalidate: () => true):
 * skip-checks routes pass; guest guard and ac re-attachment may redirect; then agent info is ensured —
 * an unknown agent alerts '没有对应代理商信息' and goes to '/' without the bad ac.
 */
export function createGuardLoader(deps: GuardDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const route = deps.findRoute(url.pathname);
    if (route?.skipChecks || SKIP_CHECK_PATHS.includes(url.pathname)) return null;

    const decision = guardTarget(
      { pathname: url.pathname, search: url.search, hash: url.hash },
      { previousSearch: deps.previousSearch(), cachedAc: cachedAgentCode(), hasSession: isLoggedIn(), route },
    );
    if ('redirect' in decision) {
      // A deep link opened while logged out: remembered, and opened after the login (lib/login-target.ts).
      if (!isLoggedIn() && !isGuestAllowed(url.pathname, route)) rememberLoginTarget(`${url.pathname}${url.search}${url.hash}`);
      return redirect(decision.redirect);
    }

    const outcome = await ensureAgent(decision.ac);
    switch (outcome.kind) {
      case 'maintenance':
        return url.pathname === '/maintain' ? null : redirect('/maintain');
      case 'notFound': {
        void alertMsg(MSG.noAgent);
        writeCachedAgent(null);
        forgetAgentCode();
        deps.forgetPrevious();
        // Already on '/' without an ac (the host's own agent is unknown): stay, with the default agent.
        if (url.pathname === '/' && !acFromSearch(url.search)) return null;
        return redirect('/');
      }
      case 'ok':
        // First visit without any ac: attach the agent's code so that it travels from now on.
        if (!decision.ac && outcome.info.AgentCode) {
          return redirect(withAc(`${url.pathname}${url.search}${url.hash}`, outcome.info.AgentCode));
        }
        await subjectForLink(url, route);
        return null;
      case 'offline':
        return null;
    }
  };
}

/** Screens that choose or need no subject (or, /homePage, resolve it themselves). */
export const SUBJECT_FREE_PATHS: readonly string[] = ['/homePage', '/maintain', '/switchSub', '/searchClass', '/appointSub', '/switchBanner', '/setpassword', '/agreementList'];

/**
 * A logged-in learner opening a subject's screen directly (a link, a bookmark, a new device) gets the subject the
 * home page would resolve, or the one the link names, before the screen renders (entities/subject/restore-subject.ts, loaded only
 * when needed). Nothing changes for a learner whose subject is already the one wanted.
 */
async function subjectForLink(url: URL, route: GuardRoute | undefined) {
  if (!isLoggedIn() || isGuestAllowed(url.pathname, route) || SUBJECT_FREE_PATHS.includes(url.pathname)) return;
  const wanted = linkAppID(url.search);
  const selected = getSelectedSubject();
  if (selected && (wanted === null || wanted === selected.AppID)) return;
  const { needsSubject, restoreSubject } = await import('../entities/subject/restore-subject');
  if (needsSubject(wanted)) await restoreSubject(wanted);
}

/** The '*' route: an unknown path goes to '/', keeping its ac. */
export function unknownPathLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(withAc('/', acFromSearch(url.search)));
}

import { acFromSearch, cachedAgentCode, withAc } from './ac';
import { browser, currentPathname, type Navigate } from './navigation';
import { isLoggedIn } from './session';
import { rememberLoginTarget } from './login-target';
import { cookies } from './storage';

/**
 * The login redirect of spec §2, used when a call needs login. In order:
 * 1. a partner build (selected by the LOGIN_TYPE cookie) gets its own behaviour — PARTNER_LOGINS;
 * 2. inside the WeChat mini-program: the mini-program's login page;
 * 3. otherwise, with no session and not already on /login: /login (or opts.path) with ac appended.
 * The partner behaviours are listed in docs/web-shell.md.
 */

export type PartnerLogin =
  /** A full-screen overlay image telling the learner to log in through the partner app. */
  | { kind: 'overlay'; image: string; text: string }
  /** Leave for a URL: a native action URL (custom scheme) or the partner's logout URL. */
  | { kind: 'url'; url: string }
  /** Ask the native shell to return to the app (iOS WKWebView message handler / Android JS interface). */
  | { kind: 'bridge'; handler: string }
  /** The partner's own H5 login page, told where to come back to (returnUrl). */
  | { kind: 'externalPage'; url: string };

const env = import.meta.env;

/** LOGIN_TYPE cookie value → partner behaviour. Data, not code: add a partner by adding a row. */
export const PARTNER_LOGINS: Readonly<Record<string, PartnerLogin>> = {
  /** Doctor app: its native login action. */
  doctor: { kind: 'url', url: env.VITE_PARTNER_DOCTOR_LOGIN_URL || 'ksbdoctor://action/login' },
  /** Baby app: back to the app, which logs in natively. */
  baby: { kind: 'bridge', handler: 'backToApp' },
  /** News site: its logout URL ends the partner session, which brings the learner to its login. */
  news: { kind: 'url', url: env.VITE_PARTNER_NEWS_LOGOUT_URL || '' },
  /** School site: its own H5 login page. */
  school: { kind: 'externalPage', url: env.VITE_PARTNER_SCHOOL_LOGIN_URL || '' },
  /** Embedded in a partner app that handles login itself and cannot be called: an overlay image. */
  inApp: { kind: 'overlay', image: '/partner/login-in-app.svg', text: '请返回APP登录后使用' },
};

export const MINIPROGRAM_LOGIN_PAGE = env.VITE_MINIPROGRAM_LOGIN_PAGE || '/pages/login/login';

export type LoginRedirectResult = 'partner' | 'miniprogram' | 'login' | 'none';

interface WxWindow {
  __wxjs_environment?: string;
  wx?: { miniProgram?: { navigateTo?: (o: { url: string }) => void } };
  webkit?: { messageHandlers?: Record<string, { postMessage: (m: unknown) => void } | undefined> };
  android?: Record<string, unknown>;
}

const OVERLAY_ID = 'partner-login-overlay';

function returnUrl(url: string): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}returnUrl=${encodeURIComponent(window.location.href)}`;
}

function showOverlay(p: { image: string; text: string }): void {
  if (document.getElementById(OVERLAY_ID)) return;
  const el = document.createElement('div');
  el.id = OVERLAY_ID;
  el.className = 'partner-login-overlay';
  el.setAttribute('role', 'dialog');
  el.setAttribute('aria-label', p.text);
  const img = document.createElement('img');
  img.src = p.image;
  img.alt = p.text;
  el.appendChild(img);
  document.body.appendChild(el);
}

/** Runs a partner behaviour; false when it cannot run here (missing URL or bridge) so the default applies. */
export function runPartnerLogin(p: PartnerLogin): boolean {
  const w = window as unknown as WxWindow;
  switch (p.kind) {
    case 'overlay':
      showOverlay(p);
      return true;
    case 'url':
      if (!p.url) return false;
      browser.openUrl(p.url.startsWith('http') ? returnUrl(p.url) : p.url);
      return true;
    case 'externalPage':
      if (!p.url) return false;
      browser.openUrl(returnUrl(p.url));
      return true;
    case 'bridge': {
      const ios = w.webkit?.messageHandlers?.[p.handler];
      if (ios) {
        ios.postMessage({ action: 'login' });
        return true;
      }
      const android = w.android?.[p.handler];
      if (typeof android === 'function') {
        (android as () => void).call(w.android);
        return true;
      }
      return false;
    }
  }
}

export function isMiniProgram(): boolean {
  return (window as unknown as WxWindow).__wxjs_environment === 'miniprogram';
}

/**
 * `returnHere`: the screen an expired session interrupted (a 401) opens again after the login. Not for a
 * guest asked to log in on the way (choosing a subject on /switchSub goes home after the login).
 */
export function redirectToLogin(navigate: Navigate, opts: { path?: string; returnHere?: boolean } = {}): LoginRedirectResult {
  const partner = PARTNER_LOGINS[cookies.get('LOGIN_TYPE') ?? ''];
  if (partner && runPartnerLogin(partner)) return 'partner';

  if (isMiniProgram()) {
    const mp = (window as unknown as WxWindow).wx?.miniProgram;
    if (mp?.navigateTo) {
      mp.navigateTo({ url: MINIPROGRAM_LOGIN_PAGE });
      return 'miniprogram';
    }
  }

  if (isLoggedIn() || currentPathname() === '/login') return 'none';
  if (opts.returnHere) rememberLoginTarget(`${window.location.pathname}${window.location.search}${window.location.hash}`);
  const ac = acFromSearch(window.location.search) ?? cachedAgentCode();
  navigate(withAc(opts.path ?? '/login', ac));
  return 'login';
}

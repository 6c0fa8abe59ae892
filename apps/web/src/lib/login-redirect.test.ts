import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from './navigation';
import { PARTNER_LOGINS, redirectToLogin, runPartnerLogin } from './login-redirect';

const navigate = vi.fn();
type Win = Record<string, unknown>;
const w = window as unknown as Win;

beforeEach(() => navigate.mockReset());
afterEach(() => {
  delete w.__wxjs_environment;
  delete w.wx;
  delete w.webkit;
  delete w.android;
});

describe('login redirect (spec §2)', () => {
  it('goes to /login with ac when there is no session', () => {
    window.history.replaceState(null, '', '/homePage?ac=123');
    expect(redirectToLogin(navigate)).toBe('login');
    expect(navigate).toHaveBeenCalledWith('/login?ac=123');
  });

  it('uses the cached agent code when the URL has none, and a given path', () => {
    window.history.replaceState(null, '', '/homePage');
    localStorage.setItem('ac', '7021004');
    redirectToLogin(navigate, { path: '/chooseUser' });
    expect(navigate).toHaveBeenCalledWith('/chooseUser?ac=7021004');
  });

  it('after an expired session (returnHere) remembers the interrupted screen for after the login; a guest asked on the way is not sent back', () => {
    window.history.replaceState(null, '', '/consolidate?tab=fav&ac=123');
    redirectToLogin(navigate, { returnHere: true });
    expect(localStorage.getItem('targetPath')).toBe('/consolidate?tab=fav&ac=123');
    localStorage.removeItem('targetPath');
    window.history.replaceState(null, '', '/switchSub?ac=123');
    redirectToLogin(navigate);
    expect(localStorage.getItem('targetPath')).toBeNull();
  });

  it('does nothing when already on /login or when a session exists', () => {
    window.history.replaceState(null, '', '/login?ac=1');
    expect(redirectToLogin(navigate)).toBe('none');
    window.history.replaceState(null, '', '/homePage');
    localStorage.setItem('guid', 'g'.repeat(32));
    expect(redirectToLogin(navigate)).toBe('none');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens the mini-program login page inside the mini-program', () => {
    const navigateTo = vi.fn();
    w.__wxjs_environment = 'miniprogram';
    w.wx = { miniProgram: { navigateTo } };
    expect(redirectToLogin(navigate)).toBe('miniprogram');
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/login/login' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to /login in the mini-program when its bridge is missing', () => {
    w.__wxjs_environment = 'miniprogram';
    window.history.replaceState(null, '', '/settings');
    expect(redirectToLogin(navigate)).toBe('login');
  });
});

describe('partner builds (LOGIN_TYPE cookie)', () => {
  it('has a data table of partner behaviours', () => {
    expect(Object.keys(PARTNER_LOGINS).sort()).toEqual(['baby', 'doctor', 'inApp', 'news', 'school']);
    expect(new Set(Object.values(PARTNER_LOGINS).map((p) => p.kind))).toEqual(new Set(['url', 'bridge', 'externalPage', 'overlay']));
  });

  it('doctor app: opens its native login action URL', () => {
    const open = vi.spyOn(browser, 'openUrl').mockImplementation(() => undefined);
    document.cookie = 'LOGIN_TYPE=doctor; path=/';
    expect(redirectToLogin(navigate)).toBe('partner');
    expect(open).toHaveBeenCalledWith('ksbdoctor://action/login');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('baby app: asks the native shell to return to the app (iOS handler, else Android interface)', () => {
    const postMessage = vi.fn();
    w.webkit = { messageHandlers: { backToApp: { postMessage } } };
    document.cookie = 'LOGIN_TYPE=baby; path=/';
    expect(redirectToLogin(navigate)).toBe('partner');
    expect(postMessage).toHaveBeenCalledWith({ action: 'login' });
    delete w.webkit;
    const backToApp = vi.fn();
    w.android = { backToApp };
    expect(redirectToLogin(navigate)).toBe('partner');
    expect(backToApp).toHaveBeenCalled();
  });

  it('falls back to /login when the partner cannot act here (no bridge, no configured URL)', () => {
    window.history.replaceState(null, '', '/settings?ac=9');
    document.cookie = 'LOGIN_TYPE=baby; path=/';
    expect(redirectToLogin(navigate)).toBe('login');
    document.cookie = 'LOGIN_TYPE=school; path=/';
    expect(redirectToLogin(navigate)).toBe('login');
    expect(navigate).toHaveBeenCalledWith('/login?ac=9');
  });

  it('external H5 page and logout URL get a returnUrl', () => {
    const open = vi.spyOn(browser, 'openUrl').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/settings?ac=9');
    expect(runPartnerLogin({ kind: 'externalPage', url: 'https://school.example/login' })).toBe(true);
    expect(open).toHaveBeenCalledWith(`https://school.example/login?returnUrl=${encodeURIComponent(window.location.href)}`);
    expect(runPartnerLogin({ kind: 'url', url: 'https://news.example/logout?x=1' })).toBe(true);
    expect(open).toHaveBeenLastCalledWith(`https://news.example/logout?x=1&returnUrl=${encodeURIComponent(window.location.href)}`);
  });

  it('in-app partner: shows a full-screen overlay image once', () => {
    document.cookie = 'LOGIN_TYPE=inApp; path=/';
    redirectToLogin(navigate);
    redirectToLogin(navigate);
    const overlays = document.querySelectorAll('.partner-login-overlay');
    expect(overlays).toHaveLength(1);
    expect(overlays[0].querySelector('img')?.getAttribute('src')).toBe('/partner/login-in-app.svg');
    expect(navigate).not.toHaveBeenCalled();
  });
});

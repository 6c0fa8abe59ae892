import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetch, json, ok } from '../test/fake-fetch';
import { alertMsg, toast } from '../ui/dialogs';
import { installGlobalErrorHandlers } from './error-report';
import { reportError, resetErrorReports, track } from './tracking';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

let uninstall: (() => void) | null = null;
beforeEach(() => {
  resetErrorReports();
  vi.mocked(alertMsg).mockClear();
  vi.mocked(toast).mockClear();
  window.history.replaceState(null, '', '/homePage?ac=123');
  localStorage.setItem('userID', '42');
  localStorage.setItem('username', '13800000000');
  document.cookie = `SELECTEDAPPNEW=${encodeURIComponent(JSON.stringify({ AppID: 7, AppEName: 'HSZG', AppName: '护士资格', AppVn: 2 }))}; path=/`;
});
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

describe('tracking calls (fire and forget)', () => {
  it('click: /ksbao/userclick with the learner, subject, agent and page', async () => {
    const f = installFetch(() => ok({ recorded: true }));
    track.click({ btnName: '登录', btnNum: '1' });
    await vi.waitFor(() => expect(f.requests()).toHaveLength(1));
    const [req] = f.requests();
    expect(req.path).toBe('/ksbao/userclick');
    expect(Object.fromEntries(req.form!)).toEqual({
      userID: '42',
      appID: '7',
      agentID: '123',
      vn: '2',
      clientType: '6',
      pageName: '/homePage',
      btnName: '登录',
      btnNum: '1',
    });
  });

  it('position (6 for H5), stay (clientType 5, appVer 0), login (codeName agent, clientType 3)', async () => {
    const f = installFetch(() => ok({ recorded: true }));
    track.position({ wpageName: '首页' });
    track.stay({ wpageName: '首页', stayTime: 1200 });
    track.login();
    await vi.waitFor(() => expect(f.requests()).toHaveLength(3));
    const byPath = Object.fromEntries(f.requests().map((r) => [r.path, Object.fromEntries(r.form!)]));
    expect(byPath['/api/yt_ksbao/new/statistics/position']).toMatchObject({ userName: '13800000000', appEName: 'HSZG', clientType: '6', agentCode: '123' });
    expect(byPath['/api/yt_ksbao/stay/time/new']).toMatchObject({ clientType: '5', appVer: '0', stayTime: '1200', userID: '42' });
    expect(byPath['/api/yt_ksbao/new/statistics/login']).toMatchObject({ codeName: 'agent', clientType: '3', userName: '13800000000' });
  });

  it('advertise: /ksbao/advertiseclick for a banner tap, with the subject when the banner is of it', async () => {
    const f = installFetch(() => ok({ recorded: true }));
    track.advertise({ noticeType: 'banner', activeID: 3, childActiveID: 9, btnType: 'open', btnName: '考前冲刺', appID: 7, imgUrl: '/static/banners/a.png' });
    track.advertise({ noticeType: 'notice', activeID: 4, btnType: 'close', btnName: '关闭', appID: 8 });
    await vi.waitFor(() => expect(f.requests()).toHaveLength(2));
    const [banner, notice] = f.requests().map((r) => Object.fromEntries(r.form!));
    expect(f.requests()[0]!.path).toBe('/ksbao/advertiseclick');
    expect(banner).toMatchObject({ activeID: '3', childActiveID: '9', sign: 'banner-3-9', userID: '42', agentCode: '123', appID: '7', appEName: 'HSZG', vn: '2' });
    expect(banner).toMatchObject({
      userType: 'user',
      noticeType: 'banner',
      position: '/homePage',
      clientType: '6',
      btnType: 'open',
      btnName: '考前冲刺',
      imgUrl: '/static/banners/a.png',
    });
    expect(Number.isNaN(Date.parse(banner!.startTime!))).toBe(false);
    // Another subject's notice: its appID only.
    expect(notice).toMatchObject({ sign: 'notice-4', appID: '8', btnType: 'close' });
    expect(notice).not.toHaveProperty('appEName');
  });

  it('tracks a free-trial learner with a guest prefix', async () => {
    document.cookie = 'freeTry=1; path=/';
    const f = installFetch(() => ok({ recorded: true }));
    track.position({ wpageName: '首页' });
    await vi.waitFor(() => expect(f.requests()).toHaveLength(1));
    expect(f.requests()[0].form!.get('userName')).toBe('游客_13800000000');
  });

  it('never alerts, even when the server fails', async () => {
    installFetch(() => json({ status: 500, msg: 'boom', data: null }, 500));
    track.click({ btnName: 'x' });
    await new Promise((r) => setTimeout(r, 10));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    track.click({ btnName: 'y' });
    await new Promise((r) => setTimeout(r, 10));
    expect(alertMsg).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('error report', () => {
  it('sends appid, userid, client_type 3, bug_type, page and detail', async () => {
    const f = installFetch(() => ok({ recorded: true }));
    reportError({ detail: 'TypeError: x is undefined', action: 'render' });
    await vi.waitFor(() => expect(f.requests()).toHaveLength(1));
    expect(Object.fromEntries(f.requests()[0].form!)).toMatchObject({
      appid: '7',
      userid: '42',
      client_type: '3',
      bug_type: '0',
      page: '/homePage',
      action: 'render',
      detail: 'TypeError: x is undefined',
    });
  });

  it('sends an identical report once per 10 s', async () => {
    const f = installFetch(() => ok({ recorded: true }));
    reportError({ detail: 'same' });
    reportError({ detail: 'same' });
    reportError({ detail: 'other' });
    await vi.waitFor(() => expect(f.requests()).toHaveLength(2));
  });

  it('forwards window errors, unhandled rejections and (hooked) console warnings with bug_type 1', async () => {
    const f = installFetch(() => ok({ recorded: true }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    uninstall = installGlobalErrorHandlers({ hookConsoleWarn: true });
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'app.js', lineno: 1, colno: 2 }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nope') });
    window.dispatchEvent(rejection);
    console.warn('deprecated thing');
    await vi.waitFor(() => expect(f.requests()).toHaveLength(3));
    const forms = f.requests().map((r) => Object.fromEntries(r.form!));
    expect(forms[0]).toMatchObject({ bug_type: '0', action: 'window.error' });
    expect(forms[0].detail).toContain('boom (app.js:1:2)');
    expect(forms[1]).toMatchObject({ bug_type: '0', action: 'unhandledrejection' });
    expect(forms[1].detail).toContain('nope');
    expect(forms[2]).toMatchObject({ bug_type: '1', action: 'console.warn', detail: 'deprecated thing' });
    expect(warn).toHaveBeenCalledWith('deprecated thing');
  });
});

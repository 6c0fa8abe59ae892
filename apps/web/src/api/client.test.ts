import { MSG, agentInfo, changePassword, defineCall, getAgentInfo, getChangeInfo, getUserInfo, userlogin } from '@kaoshi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onCallFailure } from '../lib/call-failures';
import { reportError } from '../lib/error-report';
import { setNavigator } from '../lib/navigation';
import { resetErrorReports } from '../lib/tracking';
import { alertMsg, toast } from '../ui/dialogs';
import { installFetch, json, ok, reply } from '../test/fake-fetch';
import { APP_VERSION, call, callReply, encodeParams, inflightCount, isShortTimeoutPath, vToken } from './client';
import { ApiError } from './errors';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

// As the app wires it (installGlobalErrorHandlers): refused calls go to the error report.
onCallFailure(reportError);

const navigate = vi.fn();
const HASH = '0123456789abcdef0123456789abcdef';
const GUID = 'g'.repeat(32);

/** Calls with the short timeout (their real definitions arrive with later issues). */
const moduleInfoX = defineCall({ ...getUserInfo, id: 'test.moduleInfoX', path: '/api/app/moduleInfoX' });

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  navigate.mockReset();
  vi.mocked(alertMsg).mockClear();
  vi.mocked(toast).mockClear();
  setNavigator(navigate);
  resetErrorReports();
});

afterEach(() => {
  setNavigator(null);
});

describe('request building', () => {
  it('adds client, terminalType, clientver, v and _u to every call, and the stored guid', async () => {
    localStorage.setItem('guid', GUID);
    localStorage.setItem('userID', '42');
    const f = installFetch(() => ok({ userID: 42 }));
    await call(getUserInfo, {});
    const [req] = f.requests();
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api/user/getUserInfo');
    expect(req.query.get('client')).toBe('web_pc');
    expect(req.query.get('terminalType')).toBe('3');
    expect(req.query.get('clientver')).toBe(APP_VERSION);
    expect(APP_VERSION).toBe('0.1.0');
    expect(req.query.get('v')).toMatch(/^[0-9a-z]+$/);
    expect(req.query.get('_u')).toBe('42');
    expect(req.query.get('guid')).toBe(GUID);
  });

  it('sends terminalType 8 and client web_h5 inside WeChat, and an empty _u for a guest', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40');
    const f = installFetch(() => ok({}));
    await call(getAgentInfo, { agentCode: '888' });
    const [req] = f.requests();
    expect(req.query.get('terminalType')).toBe('8');
    expect(req.query.get('client')).toBe('web_h5');
    expect(req.query.get('_u')).toBe('');
    expect(req.query.get('agentCode')).toBe('888');
  });

  it('form-encodes the parameters of a POST, keeping them out of the query string', async () => {
    const f = installFetch(() => ok({ guid: GUID }));
    await call(userlogin, { username: '13800000000', password: HASH, timestamp: 5, agentCode: '888' });
    const [req] = f.requests();
    expect(req.method).toBe('POST');
    expect(req.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.form?.get('username')).toBe('13800000000');
    expect(req.form?.get('password')).toBe(HASH);
    expect(req.form?.get('timestamp')).toBe('5');
    expect(req.query.get('username')).toBeNull();
    expect(req.query.get('client')).toBe('web_pc');
  });

  it('adds the guid to the form of a call that needs a session', async () => {
    localStorage.setItem('guid', GUID);
    const f = installFetch(() => ok({ sessionEnded: true }));
    await call(changePassword, { password: HASH, time: '120000' });
    expect(f.requests()[0].form?.get('guid')).toBe(GUID);
  });

  it('encodes values: undefined/null left out, objects as JSON', () => {
    expect(encodeParams({ a: 1, b: undefined, c: null, d: true, e: { x: 1 } }).toString()).toBe('a=1&d=true&e=%7B%22x%22%3A1%7D');
  });

  it('makes the v token from the time', () => {
    expect(vToken(1_700_000_000_000)).toBe((1_700_000_000_000).toString(36));
  });
});

describe('duplicate in-flight requests', () => {
  it("cancels the earlier identical request with '取消重复请求', without alerting; the later one proceeds", async () => {
    localStorage.setItem('guid', GUID);
    let n = 0;
    installFetch(() => (++n === 1 ? 'hang' : ok({ userID: 2 })));
    const first = call(getUserInfo, {});
    const second = call(getUserInfo, {});
    const err = await rejection(first);
    expect(err.msg).toBe(MSG.duplicateRequest);
    expect(err.kind).toBe('cancelled');
    await expect(second).resolves.toEqual({ userID: 2 });
    expect(alertMsg).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(inflightCount()).toBe(0);
  });

  it('does not cancel requests with different parameters', async () => {
    installFetch(() => ok({}));
    await expect(Promise.all([call(userlogin, { username: 'a1', password: HASH }), call(userlogin, { username: 'a2', password: HASH })])).resolves.toHaveLength(2);
  });

  it('lets identical requests run when allowedRepeat is set in the options or in the call definition', async () => {
    localStorage.setItem('guid', GUID);
    installFetch(() => ok({}));
    await expect(Promise.all([call(getUserInfo, {}, { allowedRepeat: true }), call(getUserInfo, {}, { allowedRepeat: true })])).resolves.toHaveLength(2);
    expect(getAgentInfo.allowedRepeat).toBe(true);
    await expect(Promise.all([call(getAgentInfo, {}), call(getAgentInfo, {})])).resolves.toHaveLength(2);
  });
});

describe('timeouts', () => {
  it("alerts '加载超时' after 60000 ms", async () => {
    vi.useFakeTimers();
    localStorage.setItem('guid', GUID);
    installFetch(() => 'hang');
    const p = call(getUserInfo, {});
    const settled = vi.fn();
    p.catch(settled);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = await rejection(p);
    expect(err.kind).toBe('timeout');
    expect(err.msg).toBe(MSG.timeout);
    expect(alertMsg).toHaveBeenCalledWith('加载超时');
    expect(toast).not.toHaveBeenCalled();
  });

  it("toasts '网络加载异常，请稍后重试' after 15000 ms for moduleInfoX, pricelist and vipinfo", async () => {
    vi.useFakeTimers();
    installFetch(() => 'hang');
    const p = call(moduleInfoX, { guid: GUID });
    const settled = vi.fn();
    p.catch(settled);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = await rejection(p);
    expect(err.msg).toBe('网络加载异常，请稍后重试');
    expect(toast).toHaveBeenCalledWith('网络加载异常，请稍后重试');
    expect(alertMsg).not.toHaveBeenCalled();
    expect(['/api/app/moduleInfoX', '/api/pricelist', '/api/user/vipinfo'].every(isShortTimeoutPath)).toBe(true);
    expect(isShortTimeoutPath('/api/user/getUserInfo')).toBe(false);
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    localStorage.setItem('guid', GUID);
    installFetch(() => 'hang');
    const p = call(getUserInfo, {}, { timeoutMs: 1000, silent: true });
    p.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await rejection(p)).kind).toBe('timeout');
    expect(alertMsg).not.toHaveBeenCalled();
  });
});

describe('error catalogue (spec §8)', () => {
  it('treats 200–299 as success; callReply gives the whole reply (getChangeInfo 202)', async () => {
    localStorage.setItem('guid', GUID);
    installFetch(() => reply(202, { changes: [] }, 'none'));
    await expect(callReply(getChangeInfo, {})).resolves.toEqual({ status: 202, msg: 'none', data: { changes: [] } });
  });

  it('treats 300 as success and logs it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    installFetch(() => reply(300, { exists: true }, 'logged'));
    await expect(call(getAgentInfo, {})).resolves.toEqual({ exists: true });
    expect(info).toHaveBeenCalledWith(expect.stringContaining('300'));
    expect(alertMsg).not.toHaveBeenCalled();
  });

  it('on 401 alerts, clears local storage but keeps the wechat type, then goes to login with ac', async () => {
    window.history.replaceState(null, '', '/homePage?ac=7021004');
    localStorage.setItem('guid', GUID);
    localStorage.setItem('userID', '9');
    localStorage.setItem('vipinfo', '{}');
    localStorage.setItem('wechatType', '2');
    localStorage.setItem('recentAccounts', '["13800000000"]');
    installFetch(() => reply(401, null, '登录已失效，请重新登录'));
    const err = await rejection(call(getUserInfo, {}));
    expect(err.status).toBe(401);
    expect(alertMsg).toHaveBeenCalledWith('登录已失效，请重新登录');
    expect(localStorage.getItem('guid')).toBeNull();
    expect(localStorage.getItem('userID')).toBeNull();
    expect(localStorage.getItem('vipinfo')).toBeNull();
    expect(localStorage.getItem('wechatType')).toBe('2');
    expect(localStorage.getItem('recentAccounts')).toBe('["13800000000"]');
    expect(navigate).toHaveBeenCalledWith('/login?ac=7021004');
  });

  it('still applies 401 handling for a silent call', async () => {
    localStorage.setItem('guid', GUID);
    installFetch(() => reply(401, null, '请先登录'));
    await rejection(call(getUserInfo, {}, { silent: true }));
    expect(localStorage.getItem('guid')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on 408 clears storage and goes to /maintain', async () => {
    window.history.replaceState(null, '', '/homePage');
    localStorage.setItem('guid', GUID);
    sessionStorage.setItem('agentInfo', '{}');
    installFetch(() => reply(408, null, '系统维护中，请稍后再试'));
    const err = await rejection(call(getAgentInfo, {}, { silent: true }));
    expect(err.status).toBe(408);
    expect(localStorage.getItem('guid')).toBeNull();
    expect(sessionStorage.getItem('agentInfo')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/maintain', { replace: true });
    expect(alertMsg).not.toHaveBeenCalled();
  });

  it.each([403, 404, 502])('reports body status %i to the error report without alerting', async (status) => {
    const f = installFetch((req) => (req.path === '/api/v2/ksbao/frontend' ? ok({ recorded: true }) : reply(status, null, `bad ${status}`)));
    const err = await rejection(call(getAgentInfo, { agentCode: '1' }));
    expect(err.status).toBe(status);
    expect(alertMsg).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(f.to('/api/v2/ksbao/frontend')).toHaveLength(1));
    const report = f.to('/api/v2/ksbao/frontend')[0].form!;
    expect(report.get('detail')).toContain(`status ${status}`);
    expect(report.get('action')).toBe('/api/agentInfo/getAgentInfo');
  });

  it('alerts the message of other non-2xx statuses and rejects', async () => {
    installFetch(() => reply(400, null, '手机号格式不正确'));
    const err = await rejection(call(userlogin, { username: 'x', password: HASH }));
    expect(err).toMatchObject({ status: 400, msg: '手机号格式不正确', kind: 'reply' });
    expect(alertMsg).toHaveBeenCalledWith('手机号格式不正确');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not alert a silent call (the screen shows the message inline)', async () => {
    installFetch(() => reply(429, { retryAfter: 60 }, '密码错误次数过多'));
    const err = await rejection(call(userlogin, { username: 'x', password: HASH }, { silent: true }));
    expect(err).toMatchObject({ status: 429, msg: '密码错误次数过多', data: { retryAfter: 60 } });
    expect(alertMsg).not.toHaveBeenCalled();
  });

  it("toasts '网络加载异常，请稍后重试' on a network failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await rejection(call(getAgentInfo, {}));
    expect(err).toMatchObject({ kind: 'network', msg: MSG.networkError });
    expect(toast).toHaveBeenCalledWith(MSG.networkError);
  });

  it('alerts a non-2xx HTTP answer and redirects to login when it is HTTP 401', async () => {
    window.history.replaceState(null, '', '/settings');
    installFetch(() => new Response('Unauthorized', { status: 401 }));
    const err = await rejection(call(getAgentInfo, {}));
    expect(err).toMatchObject({ kind: 'http', status: 401 });
    expect(alertMsg).toHaveBeenCalledWith(MSG.serverError);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('alerts a non-2xx HTTP answer with its reply message and stays', async () => {
    installFetch(() => json({ status: 500, msg: '服务器开小差了，请稍后重试', data: null }, 500));
    const err = await rejection(call(getAgentInfo, {}));
    expect(err).toMatchObject({ kind: 'http', status: 500 });
    expect(alertMsg).toHaveBeenCalledWith('服务器开小差了，请稍后重试');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never alerts, navigates or reports for a quiet (fire-and-forget) call', async () => {
    localStorage.setItem('guid', GUID);
    const f = installFetch(() => reply(401, null, 'x'));
    await rejection(call(getUserInfo, {}, { quiet: true }));
    expect(alertMsg).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('guid')).toBe(GUID);
    expect(f.requests()).toHaveLength(1);
  });

  it('parses the reply data as sent (no client-side schema work)', async () => {
    const data = agentInfo.parse({
      AgentCode: '888',
      AgentName: 'a',
      QQ: '',
      TelePhone: '',
      WeiXinContact: '',
      Alipay: '',
      PhonePayUrl: '',
      WeiXinPayUrl: '',
      WeiXinPay: '',
      IsWeiXinPay: 0,
      DownloadAddress: '',
      ThemeColor: '#5bb8ff',
      Subdomain: '',
      StoreName: '考试宝典',
      Flags: { contactOnly: false, ackOnly: false, buyDisabled: false, customStyle: false, customPayment: false },
    });
    installFetch(() => ok(data));
    await expect(call(getAgentInfo, {})).resolves.toEqual(data);
  });
});

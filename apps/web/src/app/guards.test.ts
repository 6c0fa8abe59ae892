import { MSG } from '@kaoshi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentStore } from '../lib/agent';
import { setNavigator } from '../lib/navigation';
import { installFetch, reply } from '../test/fake-fetch';
import { agentData, agentServer, here, makeRouter, settled } from '../test/router';
import { alertMsg } from '../ui/dialogs';
import { GUEST_WHITELIST, guardTarget, guestRedirect, isGuestAllowed, resolveAc } from './guards';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

const GUID = 'g'.repeat(32);
const login = () => localStorage.setItem('guid', GUID);

beforeEach(() => {
  vi.mocked(alertMsg).mockClear();
  agentStore.set(null);
});
afterEach(() => setNavigator(null));

describe('guest guard (spec §2 whitelist)', () => {
  it('lets a guest open exactly the whitelisted routes', () => {
    expect([...GUEST_WHITELIST].sort()).toEqual(['/login', '/forgetpwd', '/', '/way', '/switchSub', '/gateway', '/qRcodePayNew', '/courseList', '/downLoad', '/pfway'].sort());
    for (const path of GUEST_WHITELIST) expect(guestRedirect(path, false)).toBeNull();
    for (const path of ['/homePage', '/settings', '/chooseUser', '/bindphone', '/msdbway', '/buyapp']) {
      expect(guestRedirect(path, false)).toBe('/');
      expect(guestRedirect(path, true)).toBeNull();
    }
    expect(isGuestAllowed('/maintain', { path: '/maintain', public: true })).toBe(true);
  });

  it("sends a guest opening a gated route to '/', keeping ac", async () => {
    installFetch(agentServer);
    const router = makeRouter('/homePage?ac=123');
    await settled(router);
    expect(here(router)).toBe('/?ac=123');
  });

  it('remembers the deep link a guest opened (targetPath), so the login can go there; not for whitelisted routes', async () => {
    installFetch(agentServer);
    const router = makeRouter('/settings?tab=2&ac=123');
    await settled(router);
    expect(here(router)).toBe('/?ac=123');
    expect(localStorage.getItem('targetPath')).toBe('/settings?tab=2&ac=123');

    localStorage.removeItem('targetPath');
    await router.navigate('/switchSub?ac=123');
    await settled(router);
    expect(localStorage.getItem('targetPath')).toBeNull();
  });

  it('lets a guest open /login and /maintain, and a signed-in learner open /homePage', async () => {
    installFetch(agentServer);
    const router = makeRouter('/login?ac=888');
    await settled(router);
    expect(here(router)).toBe('/login?ac=888');
    await router.navigate('/maintain');
    await settled(router);
    expect(router.state.location.pathname).toBe('/maintain');
    login();
    await router.navigate('/homePage?ac=888');
    await settled(router);
    expect(here(router)).toBe('/homePage?ac=888');
  });

  it('skips every check for /htmlWeChatPay (no agent fetch, no guest redirect)', async () => {
    const f = installFetch(agentServer);
    const router = makeRouter('/htmlWeChatPay?orderID=1');
    await settled(router);
    expect(here(router)).toBe('/htmlWeChatPay?orderID=1');
    expect(f.requests()).toHaveLength(0);
  });
});

describe('agent info', () => {
  it('is fetched when not cached, then served from the session cache', async () => {
    const f = installFetch(agentServer);
    login();
    const router = makeRouter('/homePage?ac=123');
    await settled(router);
    expect(f.to('/api/agentInfo/getAgentInfo')).toHaveLength(1);
    expect(f.to('/api/agentInfo/getAgentInfo')[0].query.get('agentCode')).toBe('123');
    expect(JSON.parse(sessionStorage.getItem('agentInfo')!).AgentCode).toBe('123');
    expect(agentStore.get()?.AgentCode).toBe('123');
    expect(document.documentElement.style.getPropertyValue('--theme-brand')).toBe('#ff6600');
    await router.navigate('/settings');
    await settled(router);
    expect(f.to('/api/agentInfo/getAgentInfo')).toHaveLength(1);
  });

  it('is fetched again when the ac differs from the cached agent', async () => {
    sessionStorage.setItem('agentInfo', JSON.stringify(agentData('888')));
    const f = installFetch(agentServer);
    const router = makeRouter('/?ac=123');
    await settled(router);
    expect(f.to('/api/agentInfo/getAgentInfo')).toHaveLength(1);
    expect(agentStore.get()?.AgentCode).toBe('123');
  });

  it("alerts '没有对应代理商信息' for an unknown agent and goes to '/' without it", async () => {
    installFetch(agentServer);
    login();
    const router = makeRouter('/settings?ac=999');
    await settled(router);
    expect(alertMsg).toHaveBeenCalledWith(MSG.noAgent);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).not.toContain('999');
    expect(document.cookie).not.toContain('AGENTCODE=999');
  });

  it('attaches the agent code on a first visit without any ac', async () => {
    installFetch(agentServer);
    const router = makeRouter('/');
    await settled(router);
    expect(here(router)).toBe('/?ac=888');
    expect(document.cookie).toContain('AGENTCODE=888');
    expect(localStorage.getItem('ac')).toBe('888');
  });

  it('goes to /maintain when the agent call answers 408', async () => {
    installFetch(() => reply(408, null, MSG.maintenance));
    const router = makeRouter('/login?ac=888');
    await settled(router);
    expect(router.state.location.pathname).toBe('/maintain');
  });
});

describe('ac re-attachment', () => {
  it('takes ac from the URL, else the previous route, else the cached agent code', () => {
    expect(resolveAc('?ac=1', '?ac=2', '3')).toBe('1');
    expect(resolveAc('', '?ac=2', '3')).toBe('2');
    expect(resolveAc('?x=1', '?y=1', '3')).toBe('3');
    expect(resolveAc('', null, null)).toBeNull();
    const ctx = { previousSearch: '?ac=2', cachedAc: '3', hasSession: true };
    expect(guardTarget({ pathname: '/settings', search: '?tab=1', hash: '#a' }, ctx)).toEqual({ redirect: '/settings?tab=1&ac=2#a' });
    expect(guardTarget({ pathname: '/settings', search: '?ac=1', hash: '' }, ctx)).toEqual({ ac: '1' });
  });

  it('keeps the ac of the URL', async () => {
    installFetch(agentServer);
    login();
    const router = makeRouter('/homePage?ac=123');
    await settled(router);
    await router.navigate('/settings?ac=7021004');
    await settled(router);
    expect(here(router)).toBe('/settings?ac=7021004');
  });

  it('re-attaches the ac of the previous route', async () => {
    installFetch(agentServer);
    login();
    const router = makeRouter('/homePage?ac=123');
    await settled(router);
    document.cookie = 'AGENTCODE=888; path=/';
    localStorage.setItem('ac', '888');
    await router.navigate('/settings?tab=2');
    await settled(router);
    expect(here(router)).toBe('/settings?tab=2&ac=123');
  });

  it('re-attaches the cached agent code (AGENTCODE cookie, else local ac) on a first load', async () => {
    installFetch(agentServer);
    login();
    document.cookie = 'AGENTCODE=7021004; path=/';
    const router = makeRouter('/settings');
    await settled(router);
    expect(here(router)).toBe('/settings?ac=7021004');

    document.cookie = 'AGENTCODE=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    localStorage.setItem('ac', '123');
    const second = makeRouter('/homePage');
    await settled(second);
    expect(here(second)).toBe('/homePage?ac=123');
  });
});

describe('unknown paths', () => {
  it("redirect to '/' preserving ac", async () => {
    installFetch(agentServer);
    login();
    const router = makeRouter('/no-such-page?ac=123');
    await settled(router);
    expect(here(router)).toBe('/?ac=123');
  });
});

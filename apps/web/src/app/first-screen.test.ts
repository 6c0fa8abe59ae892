import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { getAgentInfo } from '@kaoshi/contract';
import { DEFAULT_AGENT, writeCachedAgent } from '../lib/agent';
import type { RouteEntry } from '../lib/route-entry';
import { installFetch, ok } from '../test/fake-fetch';
import { startFirstScreen } from './first-screen';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

const screen = () => Promise.resolve({ default: () => null });
const entry = (over: Partial<RouteEntry> = {}): RouteEntry => ({ path: '/answerTest', load: vi.fn(screen), prefetch: vi.fn(), ...over });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'AGENTCODE=; max-age=0; path=/';
});

afterEach(() => {
  document.getElementById('kaoshi-agent')?.remove();
  localStorage.clear();
  sessionStorage.clear();
});

describe('startFirstScreen (the first screen asked for at start-up)', () => {
  it("for a member: starts the screen's code, its own calls (with the URL's search) and the agent info the guard will ask", async () => {
    localStorage.setItem('guid', 'f'.repeat(32));
    localStorage.setItem('ac', '888');
    const f = installFetch(() => ok({ ...DEFAULT_AGENT, AgentCode: '888' }));
    const route = entry();
    startFirstScreen(route, { pathname: '/answerTest', search: '?cptID=7' });
    expect(route.load).toHaveBeenCalledTimes(1);
    expect(route.prefetch).toHaveBeenCalledWith(new URLSearchParams('cptID=7'));
    expect(f.requests().map((r) => [r.path, r.query.get('agentCode')])).toEqual([['/api/agentInfo/getAgentInfo', '888']]);
    // The root loader's own call (ensureAgent) takes that reply.
    await call(getAgentInfo, { agentCode: '888' }, { silent: true });
    expect(f.requests()).toHaveLength(1);
  });

  it('asks no agent info when the session holds the agent of that code', () => {
    localStorage.setItem('guid', 'f'.repeat(32));
    writeCachedAgent({ ...DEFAULT_AGENT, AgentCode: '888' });
    const f = installFetch(() => ok(DEFAULT_AGENT));
    startFirstScreen(entry(), { pathname: '/answerTest', search: '?cptID=7&ac=888' });
    expect(f.requests()).toHaveLength(0);
  });

  it('starts nothing for a guest on a member screen (the guard sends them to /) nor for a route that skips the checks', () => {
    const f = installFetch(() => ok(DEFAULT_AGENT));
    const member = entry();
    startFirstScreen(member, { pathname: '/answerTest', search: '?cptID=7' });
    const skip = entry({ path: '/maintain', skipChecks: true, public: true });
    localStorage.setItem('guid', 'f'.repeat(32));
    startFirstScreen(skip, { pathname: '/maintain', search: '' });
    startFirstScreen(undefined, { pathname: '/nowhere', search: '' });
    expect(member.load).not.toHaveBeenCalled();
    expect(member.prefetch).not.toHaveBeenCalled();
    expect(skip.load).not.toHaveBeenCalled();
    expect(f.requests()).toHaveLength(0);
  });

  it('takes the agent info the page carries when it is for the same ac, and asks the server otherwise', async () => {
    const carried = { ...DEFAULT_AGENT, AgentCode: '6001', AgentName: '页面里的代理' };
    const page = (ac: string | null) => {
      document.getElementById('kaoshi-agent')?.remove();
      const el = document.createElement('script');
      el.type = 'application/json';
      el.id = 'kaoshi-agent';
      el.textContent = JSON.stringify({ ac, data: carried });
      document.head.append(el);
    };
    const f = installFetch(() => ok({ ...DEFAULT_AGENT, AgentCode: '6001' }));
    page('6001');
    startFirstScreen(entry({ path: '/login', public: true }), { pathname: '/login', search: '?ac=6001' });
    expect(f.requests()).toHaveLength(0);
    // The root loader's call takes the page's reply.
    expect((await call(getAgentInfo, { agentCode: '6001' }, { silent: true })).AgentName).toBe('页面里的代理');
    expect(f.requests()).toHaveLength(0);
    // The page was made for another ac (here: none): the app asks for the one it wants.
    page(null);
    startFirstScreen(entry({ path: '/login', public: true }), { pathname: '/login', search: '?ac=7002' });
    expect(f.requests().map((r) => r.query.get('agentCode'))).toEqual(['7002']);
  });
});

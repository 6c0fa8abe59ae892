import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createAppRouter } from '../app/routes';
import type { RouteEntry } from '../lib/route-entry';
import { DEFAULT_AGENT } from '../lib/agent';
import { setNavigator } from '../lib/navigation';
import { ok, reply, type FakeRequest } from './fake-fetch';

/** Helpers to run the real route registry machinery (guards, lazy screens) on a memory router. */

export const fakeScreen = (name: string) => async () => ({ default: () => <p>{name}</p> });

/** A small registry shaped like the real one. */
export function testEntries(extra: RouteEntry[] = []): RouteEntry[] {
  return [
    { path: '/', load: fakeScreen('root'), public: true },
    { path: '/login', load: fakeScreen('login'), public: true },
    { path: '/maintain', load: fakeScreen('maintain'), public: true, skipChecks: true },
    { path: '/htmlWeChatPay', load: fakeScreen('pay'), skipChecks: true },
    { path: '/homePage', load: fakeScreen('home') },
    { path: '/settings', load: fakeScreen('settings') },
    ...extra,
  ];
}

export function makeRouter(initial: string, entries: RouteEntry[] = testEntries()) {
  const router = createAppRouter(entries, (routes, opts) => createMemoryRouter(routes, { ...opts, initialEntries: [initial] }));
  setNavigator((to, opts) => void router.navigate(to, opts));
  return router;
}

type TestRouter = ReturnType<typeof makeRouter>;

/** Resolves when the router has finished its current navigation (and its redirects). */
export async function settled(router: TestRouter): Promise<void> {
  await vi.waitFor(
    () => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle') throw new Error('navigating');
    },
    { timeout: 2000, interval: 5 },
  );
}

export const here = (router: TestRouter): string => `${router.state.location.pathname}${router.state.location.search}`;

export function agentData(code: string, color = '#5bb8ff') {
  return { ...DEFAULT_AGENT, AgentCode: code, AgentName: `代理${code}`, ThemeColor: color };
}

/** A fake server: agents 888 (host default), 123 and 7021004 exist; any other code is unknown. */
export function agentServer(req: FakeRequest): Response {
  if (req.path === '/api/agentInfo/getAgentInfo') {
    const code = req.query.get('agentCode') ?? '888';
    return ['888', '123', '7021004'].includes(code) ? ok(agentData(code, code === '123' ? '#ff6600' : '#5bb8ff')) : reply(404, null, '没有对应代理商信息');
  }
  return ok({ recorded: true });
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentStore } from '../lib/agent';
import { setNavigator } from '../lib/navigation';
import { installFetch } from '../test/fake-fetch';
import { agentServer, fakeScreen, here, makeRouter, settled, testEntries } from '../test/router';

vi.mock('../ui/dialogs'); // ui/__mocks__/dialogs.ts

const GUID = 'g'.repeat(32);
const entries = () =>
  testEntries([
    { path: '/plain', load: fakeScreen('plain'), noQueries: true },
    { path: '/item/:id', load: fakeScreen('item') },
  ]);

type Router = ReturnType<typeof makeRouter>;
/** The paths the router knows under the root and under the query layout. */
const known = (router: Router) => {
  const root = router.routes[0]!.children!;
  const queries = root.find((r) => r.id === 'queries')!;
  return { root: root.filter((r) => r.id !== 'queries').map((r) => r.path), queries: (queries.children ?? []).map((r) => r.path) };
};

beforeEach(() => {
  agentStore.set(null);
  localStorage.setItem('guid', GUID);
  installFetch(agentServer);
});
afterEach(() => setNavigator(null));

describe('the router learns each screen as it is reached (createAppRouter)', () => {
  it('starts with the first screen only, under the query layout, and shows it', async () => {
    const router = makeRouter('/settings?ac=888', entries());
    await settled(router);
    expect(here(router)).toBe('/settings?ac=888');
    expect(known(router)).toEqual({ root: ['*'], queries: ['/settings'] });
  });

  it('adds a noQueries screen under the root, and each screen once (paths match without regard to case)', async () => {
    const router = makeRouter('/plain?ac=888', entries());
    await settled(router);
    expect(known(router)).toEqual({ root: ['*', '/plain'], queries: [] });
    await router.navigate('/homePage?ac=888');
    await settled(router);
    await router.navigate('/HOMEPAGE?ac=888');
    await settled(router);
    await router.navigate('/plain?ac=888');
    await settled(router);
    expect(here(router)).toBe('/plain?ac=888');
    expect(known(router)).toEqual({ root: ['*', '/plain'], queries: ['/homePage'] });
  });

  it('finds a route with a parameter by its pattern, once', async () => {
    const router = makeRouter('/item/5?ac=888', entries());
    await settled(router);
    expect(here(router)).toBe('/item/5?ac=888');
    await router.navigate('/item/6?ac=888');
    await settled(router);
    expect(here(router)).toBe('/item/6?ac=888');
    expect(router.state.matches.at(-1)?.params).toEqual({ id: '6' });
    expect(known(router)).toEqual({ root: ['*'], queries: ['/item/:id'] });
  });

  it("sends a path of no screen to '/' through '*', adding only '/'", async () => {
    const router = makeRouter('/nope?ac=888', entries());
    await settled(router);
    expect(here(router)).toBe('/?ac=888');
    expect(known(router)).toEqual({ root: ['*'], queries: ['/'] });
  });
});

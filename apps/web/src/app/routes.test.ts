import { describe, expect, it } from 'vitest';
import { GUEST_WHITELIST, SKIP_CHECK_PATHS } from './guards';
import { findRoute, routes } from './routes';

describe('route registry', () => {
  it('registers exactly the screens built so far, each lazily loaded', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/', '/way', '/gateway', '/pfway', '/msdbway', '/maintain',
      '/login', '/forgetpwd', '/chooseUser', '/settings', '/bindphone', '/setpassword', '/homePage',
    ]);
  });

  it('marks as public the whitelisted routes and /maintain, nothing else', () => {
    const publicPaths = routes.filter((r) => r.public).map((r) => r.path).sort();
    const expected = [...routes.map((r) => r.path).filter((p) => GUEST_WHITELIST.includes(p)), '/maintain'].sort();
    expect(publicPaths).toEqual(expected);
    expect(SKIP_CHECK_PATHS).toEqual(['/htmlWeChatPay']);
  });

  it('loads a default-exported component for every route', async () => {
    for (const r of routes) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe('function');
    }
  }, 30_000);

  it('matches paths like the router (trailing slash, case)', () => {
    expect(findRoute(routes, '/homePage/')?.path).toBe('/homePage');
    expect(findRoute(routes, '/homepage')?.path).toBe('/homePage');
    expect(findRoute(routes, '/nope')).toBeUndefined();
  });
});

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { knownMigrations, readinessProbe } from './health.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ deps: { logger: { level: 'info', stream: { write: (l) => void lines.push(l) } } } });
});
afterAll(() => t.close());

describe('health and readiness probes (docs/operations.md)', () => {
  it('/healthz answers 200 without a session, never cached, and leaves no line in the log', async () => {
    const before = lines.length;
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([r.statusCode, r.json(), r.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
    expect(lines.slice(before).filter((l) => l.includes('/healthz'))).toEqual([]);
  });

  it('/readyz: ready when the database answers with every migration applied; Redis is off without REDIS_URL', async () => {
    const before = lines.length;
    const r = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([r.statusCode, r.json()]).toEqual([200, { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'off' } }]);
    expect(lines.slice(before).filter((l) => l.includes('/readyz'))).toEqual([]);
    expect(knownMigrations()).toBeGreaterThan(30);
  });

  it('is not ready when the database lacks a migration of this build, and says so in English in the log', async () => {
    const said: string[] = [];
    const probe = readinessProbe(t.db, undefined, (m) => said.push(m), knownMigrations() + 1);
    expect(await probe()).toEqual({ ready: false, checks: { database: 'ok', migrations: 'behind', redis: 'off' } });
    expect(said).toEqual([`readiness: ${knownMigrations()} of ${knownMigrations() + 1} migrations applied`]);
  });

  it('asks the database at most once a second, however many probes come', async () => {
    let asked = 0;
    const counting = new Proxy(t.db, {
      get: (target, key, receiver) =>
        key === 'execute' ? (...a: unknown[]) => (asked++, (target.execute as (...x: unknown[]) => unknown)(...a)) : Reflect.get(target, key, receiver),
    });
    const probe = readinessProbe(counting, undefined, () => undefined);
    const now = Date.now();
    await Promise.all(Array.from({ length: 50 }, () => probe(now)));
    await probe(now + 999);
    expect(asked).toBe(1);
    await probe(now + 1000);
    expect(asked).toBe(2);
  });

  it('is not ready when Redis does not answer (which part, and why in the log)', async () => {
    const redis = new Redis('redis://127.0.0.1:9', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const said: string[] = [];
    try {
      expect(await readinessProbe(t.db, redis, (m) => said.push(m))()).toEqual({ ready: false, checks: { database: 'ok', migrations: 'ok', redis: 'failed' } });
      expect(said).toEqual([expect.stringMatching(/^readiness: Redis did not answer/)]);
    } finally {
      redis.disconnect();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('is ready with a Redis that answers', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      expect(await readinessProbe(t.db, redis, () => undefined)()).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    } finally {
      redis.disconnect();
    }
  });
});

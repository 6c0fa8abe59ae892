import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendcode } from '@kaoshi/contract';
import { createTestApp, testClock, type TestApp } from '../../test/helpers.ts';
import { createDbRateLimiter } from './db-store.ts';
import type { RateLimiter } from './limiter.ts';
import { createRedisRateLimiter } from './redis.ts';

/** The behaviour both implementations share. */
function behaves(name: string, make: () => { limiter: RateLimiter; advance(ms: number): Promise<void> | void }) {
  describe(name, () => {
    it('counts hits in a window that opens at the first hit', async () => {
      const { limiter } = make();
      const key = `k:${Math.random()}`;
      expect((await limiter.peek(key)).count).toBe(0);
      expect((await limiter.hit(key, 60_000)).count).toBe(1);
      expect((await limiter.hit(key, 60_000)).count).toBe(2);
      expect((await limiter.peek(key)).count).toBe(2);
    });

    it('counts parallel hits exactly once each', async () => {
      const { limiter } = make();
      const key = `k:${Math.random()}`;
      const counts = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(key, 60_000)));
      expect(counts.map((w) => w.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it('gives back released hits, never below zero, within the same window', async () => {
      const { limiter } = make();
      const key = `k:${Math.random()}`;
      await Promise.all(Array.from({ length: 6 }, () => limiter.hit(key, 60_000)));
      await Promise.all(Array.from({ length: 4 }, () => limiter.release(key)));
      expect((await limiter.peek(key)).count).toBe(2);
      await Promise.all(Array.from({ length: 5 }, () => limiter.release(key)));
      expect((await limiter.peek(key)).count).toBe(0);
      expect((await limiter.hit(key, 60_000)).count).toBe(1);
      await limiter.release(`k:${Math.random()}`); // an unknown key stays unknown
    });

    it('opens a new window after the old one closed, and forgets a reset key', async () => {
      const ctx = make();
      const key = `k:${Math.random()}`;
      await ctx.limiter.hit(key, 300);
      await ctx.limiter.hit(key, 300);
      await ctx.advance(400);
      expect((await ctx.limiter.peek(key)).count).toBe(0);
      expect((await ctx.limiter.hit(key, 300)).count).toBe(1);
      await ctx.limiter.reset(key);
      expect((await ctx.limiter.peek(key)).count).toBe(0);
    });
  });
}

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

behaves('database rate limiter', () => ({
  limiter: createDbRateLimiter(t.db, () => clock.now),
  advance: (ms) => clock.advance(ms),
}));

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('with TEST_REDIS_URL', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl!);
  });
  afterAll(() => redis.quit());
  behaves('redis rate limiter', () => ({
    limiter: createRedisRateLimiter(redis, `test:${process.pid}:`),
    advance: (ms) => new Promise((r) => setTimeout(r, ms)),
  }));

  it('the app keeps its limits in Redis when REDIS_URL is set', async () => {
    const app = await createTestApp({ config: { REDIS_URL: redisUrl } });
    try {
      // Redis outlives the test run: a random phone and random IPs keep runs apart.
      const rnd = (n: number) => Math.floor(Math.random() * n);
      const phone = `135${String(rnd(1e8)).padStart(8, '0')}`;
      const ip = () => `172.${16 + rnd(16)}.${rnd(256)}.${rnd(256)}`;
      expect((await app.call(sendcode, { phone }, { ip: ip() })).status).toBe(200);
      expect((await app.call(sendcode, { phone }, { ip: ip() })).status).toBe(429);
      expect(Number(await redis.get(`rl:sms:min:phone:${phone}`))).toBe(1); // the refused send was not counted
    } finally {
      await app.close();
    }
  });
});

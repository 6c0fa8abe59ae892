import type { Redis } from 'ioredis';
import type { RateLimiter } from './limiter.ts';

// INCR, start the window on the first hit, and report the time left, in one atomic step.
const HIT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}
`;

// DECR an existing key above 0, keeping its expiry.
const RELEASE = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return c
`;

/** Rate limits in Redis (REDIS_URL): keys 'rl:<key>' expiring with their window. Uses Redis's clock. */
export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetAt: Date.now() + ttl };
    },
    async peek(key) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then((r) => [r?.[0]?.[1], r?.[1]?.[1]]);
      const n = Number(count ?? 0);
      return n > 0 && Number(ttl) > 0 ? { count: n, resetAt: Date.now() + Number(ttl) } : { count: 0, resetAt: Date.now() };
    },
    async release(key) {
      await redis.eval(RELEASE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { rateCounters } from '../../db/schema/index.ts';
import type { Clock } from '../clock.ts';
import type { RateLimiter, RateWindow } from './limiter.ts';

/** Rate limits in the rate_counters table: one atomic upsert per hit (PGlite and PostgreSQL alike). */
export function createDbRateLimiter(db: Database, clock: Clock): RateLimiter & { purge(): Promise<void> } {
  const toWindow = (row: { count: number; resetAt: Date } | undefined): RateWindow => (row ? { count: row.count, resetAt: row.resetAt.getTime() } : { count: 0, resetAt: clock() });

  return {
    async hit(key, windowMs) {
      const now = new Date(clock()).toISOString();
      const resetAt = new Date(clock() + windowMs);
      const [row] = await db
        .insert(rateCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`CASE WHEN ${rateCounters.resetAt} <= ${now}::timestamptz THEN 1 ELSE ${rateCounters.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateCounters.resetAt} <= ${now}::timestamptz THEN excluded.reset_at ELSE ${rateCounters.resetAt} END`,
          },
        })
        .returning({ count: rateCounters.count, resetAt: rateCounters.resetAt });
      return toWindow(row);
    },

    async peek(key) {
      const [row] = await db.select({ count: rateCounters.count, resetAt: rateCounters.resetAt }).from(rateCounters).where(eq(rateCounters.key, key));
      return row && row.resetAt.getTime() > clock() ? toWindow(row) : toWindow(undefined);
    },

    async release(key) {
      await db
        .update(rateCounters)
        .set({ count: sql`GREATEST(${rateCounters.count} - 1, 0)` })
        .where(eq(rateCounters.key, key));
    },

    async reset(key) {
      await db.delete(rateCounters).where(eq(rateCounters.key, key));
    },

    /** Delete windows closed for more than a day. */
    async purge() {
      await db.delete(rateCounters).where(lt(rateCounters.resetAt, new Date(clock() - 24 * 3600_000)));
    },
  };
}

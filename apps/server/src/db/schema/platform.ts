import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters of the database rate limiter (one row per key, upserted atomically). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * When each timed job (a sweep, a purge) last ran, whichever process or machine ran it: a process runs a job only
 * after claiming it here (platform/module.ts runJobs), so with several processes each job runs once per period.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});

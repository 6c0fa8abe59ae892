import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { jobRuns } from '../db/schema/index.ts';

/**
 * Claims a job's run for this process: true when no process (of any machine on this database) ran it within most
 * of its period. One statement on the database's clock (job_runs), so processes with skewed clocks agree.
 */
export type JobClaim = (job: { name: string; everyMs: number }) => Promise<boolean>;

export function createJobClaim(db: Database): JobClaim {
  return async (job) => {
    // A tenth of the period of slack: timers of several processes drift, and a run must not be skipped for it.
    const seconds = (job.everyMs * 0.9) / 1000;
    const rows = await db.execute<{ name: string }>(sql`
      insert into ${jobRuns} (name, ran_at) values (${job.name}, now())
      on conflict (name) do update set ran_at = excluded.ran_at
      where ${jobRuns.ranAt} <= now() - make_interval(secs => ${seconds})
      returning name`);
    return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length > 0;
  };
}

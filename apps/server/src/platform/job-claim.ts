import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { jobRuns } from '../db/schema/index.ts';

/** A claimed run: held until `release` (renewed meanwhile); `lost` once another process could take it over. */
export interface Held {
  readonly lost: boolean;
  release(): Promise<void>;
}

/**
 * Claims a job's run for this process (docs/server.md, "Several processes and several machines"): a hold when no
 * process (of any machine on this database) started it within most of its period and none holds it now, else null.
 * One statement on the database's clock (job_runs), so processes with skewed clocks agree. `everyMs: 0` is a
 * one-off (a replay remake): held while it runs, claimable again once released.
 */
export type JobClaim = (job: { name: string; everyMs: number }) => Promise<Held | null>;

/** How long a hold lasts without renewal: a process that died holding a job lets it go after this. */
export const LEASE_MS = 2 * 60_000;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * While a run goes on, its row's ran_at is in the future (now + the lease, renewed every third of it), so no other
 * process claims the job however long it runs; the release puts back the start, so the period counts from there.
 * The row's ran_at doubles as the holder's token: a renewal or release changes the row only while it still has
 * the value this process wrote (another process that took over a lapsed hold wrote its own).
 */
export function createJobClaim(db: Database, opts: { leaseMs?: number; onLost?: (name: string) => void } = {}): JobClaim {
  const leaseS = (opts.leaseMs ?? LEASE_MS) / 1000;
  return async (job) => {
    // A tenth of the period of slack: timers of several processes drift, and a run must not be skipped for it.
    const seconds = (job.everyMs * 0.9) / 1000;
    const [claimed] = rowsOf<{ token: string; started: string }>(
      await db.execute(sql`
        insert into ${jobRuns} (name, ran_at) values (${job.name}, now() + make_interval(secs => ${leaseS}))
        on conflict (name) do update set ran_at = excluded.ran_at
        where ${jobRuns.ranAt} <= now() - make_interval(secs => ${seconds})
        returning ran_at::text as token, now()::text as started`),
    );
    if (!claimed) return null;
    let token: string | null = claimed.token;
    const renew = async () => {
      if (token === null) return;
      const [row] = rowsOf<{ token: string }>(
        await db.execute(sql`
          update ${jobRuns} set ran_at = now() + make_interval(secs => ${leaseS})
          where name = ${job.name} and ran_at = ${token}::timestamptz
          returning ran_at::text as token`),
      );
      if (row) token = row.token;
      else if (token !== null) {
        token = null;
        opts.onLost?.(job.name);
      }
    };
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => (renewing = renewing.then(renew, renew).catch(() => undefined)), (leaseS * 1000) / 3);
    timer.unref();
    return {
      get lost() {
        return token === null;
      },
      async release() {
        clearInterval(timer);
        await renewing;
        const mine = token;
        token = null;
        if (mine === null) return;
        if (job.everyMs === 0) await db.execute(sql`delete from ${jobRuns} where name = ${job.name} and ran_at = ${mine}::timestamptz`);
        else await db.execute(sql`update ${jobRuns} set ran_at = ${claimed.started}::timestamptz where name = ${job.name} and ran_at = ${mine}::timestamptz`);
      },
    };
  };
}

/**
 * Claims a one-off hold, waiting for another process's to end (polled every `pollMs`); null when `stopped()` turns
 * true first (the app closes).
 */
export async function claimWaiting(claim: JobClaim, name: string, stopped: () => boolean, pollMs = 2000): Promise<Held | null> {
  for (;;) {
    if (stopped()) return null;
    const held = await claim({ name, everyMs: 0 });
    if (held) return held;
    await new Promise((r) => setTimeout(r, pollMs).unref());
  }
}

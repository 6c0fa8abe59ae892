import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { jobRuns } from '../db/schema/index.ts';
import { HOUR, type Job } from './module.ts';

/** A machine counts as serving the database when it noted itself within this long (it does so every hour). */
export const MACHINE_SEEN_MS = 2 * HOUR;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Notes this machine in job_runs (`machine:<host name>`, now) and answers the other machines that noted themselves
 * within MACHINE_SEEN_MS: the machines serving this database, declared in MACHINES or not.
 */
export async function noteMachine(db: Database, name = hostname()): Promise<string[]> {
  const me = `machine:${name}`;
  await db.execute(sql`insert into ${jobRuns} (name, ran_at) values (${me}, now()) on conflict (name) do update set ran_at = now()`);
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      select name from ${jobRuns}
      where name like 'machine:%' and name <> ${me} and ran_at > now() - make_interval(secs => ${MACHINE_SEEN_MS / 1000})
      order by name`),
  );
  return rows.map((r) => r.name.slice('machine:'.length));
}

/**
 * Every hour (and at start) on each machine: note it, and warn when other machines serve this database while media
 * are in a folder of this machine only (docs/operations.md, "Several machines") — MACHINES undeclared or wrong.
 */
export function machineCheckJob(deps: { db: Database; config: Pick<Config, 'MEDIA_S3_BUCKET' | 'MEDIA_SHARED'>; log: FastifyBaseLogger }, name = hostname()): Job {
  return {
    name: `machine check ${name}`,
    everyMs: HOUR,
    atReady: true,
    async run() {
      const others = await noteMachine(deps.db, name);
      if (others.length === 0 || deps.config.MEDIA_S3_BUCKET || deps.config.MEDIA_SHARED) return;
      deps.log.warn(
        `media: other machines serve this database (${others.join(', ')}) but media are in a folder of this machine only: uploads and lessons written on one are missing on the others; set MEDIA_S3_BUCKET or MEDIA_SHARED=on, and MACHINES (docs/operations.md, "Several machines")`,
      );
    },
  };
}

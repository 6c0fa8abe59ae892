import type { CacheBus } from './cache/bus.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { CallHandler } from './calls.ts';
import type { ItemLoader } from './items.ts';
import type { Clock } from './clock.ts';
import type { JobClaim } from './job-claim.ts';
import type { RateLimiter } from './rate-limit/limiter.ts';

/** What the platform hands every module: the database, the clock, the config, the rate limiter and a logger. */
export interface Platform {
  db: Database;
  clock: Clock;
  config: Config;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Cache invalidations (platform/cache): what a module caches, it drops on the bus's events. */
  bus: CacheBus;
}

/** A timer of a module (a sweep, a purge): run every `everyMs`, and once when the server is ready if `atReady`. */
export interface Job {
  name: string;
  everyMs: number;
  atReady?: boolean;
  run(): Promise<unknown>;
}

/**
 * The face of a server module (docs/adding-a-domain.md): the handlers of its contract calls, routes outside the
 * contract (`install`: images, payment notifications, websockets), its timers and the loaders of its items. A module's index.ts builds its
 * store and service and returns this, plus the interface other modules may use.
 */
export interface ServerModule {
  name: string;
  handlers: readonly CallHandler[];
  install?(app: FastifyInstance): void | Promise<void>;
  jobs?: readonly Job[];
  /** Loaders of the item kinds this module owns (platform/items.ts): the registrar loads the items calls name by id. */
  items?: readonly ItemLoader[];
}

export const HOUR = 3600_000;
export const MINUTE = 60_000;

/**
 * Start the modules' jobs on the app; each failure is logged (in English) and the timer goes on. Every process
 * keeps the timers, and a run goes ahead only where `claim` says so: with several processes or machines on one
 * database each job runs once per period, and when the process that ran it last stops, another takes over. The
 * claim is held (renewed) while the run lasts: a run longer than its period is not started a second time.
 */
export function runJobs(app: FastifyInstance, jobs: readonly Job[], claim: JobClaim, observe?: (job: string, result: 'ok' | 'failed' | 'skipped', seconds?: number) => void): void {
  const running = new Set<Promise<void>>();
  let closing = false;
  const safe = (job: Job) => () => {
    if (closing) return;
    const run = once(job).finally(() => running.delete(run));
    running.add(run);
  };
  const once = async (job: Job) => {
    const started = performance.now();
    try {
      const held = await claim(job);
      if (!held) return observe?.(job.name, 'skipped');
      try {
        await job.run();
      } finally {
        await held.release();
      }
      observe?.(job.name, 'ok', (performance.now() - started) / 1000);
    } catch (err) {
      observe?.(job.name, 'failed', (performance.now() - started) / 1000);
      app.log.warn({ err }, `${job.name} failed`);
    }
  };
  const timers = jobs.map((job) => setInterval(safe(job), job.everyMs).unref());
  app.addHook('onReady', async () => {
    for (const job of jobs) if (job.atReady) safe(job)();
  });
  // A close waits for the runs under way (they use the database, which closes after the app): a run cut off by the
  // database going away may never settle, and its claim's renewal timer would keep the whole app alive.
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearInterval(t);
    await Promise.allSettled(running);
  });
}

/** A module's face: its ServerModule part checked, the interface it gives other modules kept as typed. */
export const serverModule = <T extends ServerModule>(m: T): T => m;

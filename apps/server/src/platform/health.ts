import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/index.ts';
import { MIGRATIONS_DIR } from '../db/index.ts';

/** A readiness answer is reused this long: a flood of probes costs one database round trip a second. */
const READY_MEMO_MS = 1000;
/** A check that takes longer than this counts as failed (a probe must answer fast, even when a part hangs). */
const CHECK_TIMEOUT_MS = 2000;

type Check = 'ok' | 'off' | 'failed' | 'behind';
export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; redis: Check };
}

/** The migrations this build has (drizzle's journal). */
export function knownMigrations(dir = MIGRATIONS_DIR): number {
  return (JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
}

const within = <T>(p: Promise<T>): Promise<T> => Promise.race([p, new Promise<never>((_, fail) => setTimeout(() => fail(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);

/**
 * Readiness: the database answers and has every migration of this build applied, and Redis (when configured)
 * answers PING. Errors are summed up as 'failed' (the reason goes to the log in English, not to the caller).
 */
export function readinessProbe(db: Database, redis: Redis | undefined, log: (msg: string) => void, expected = knownMigrations()) {
  let memo: { at: number; value: Promise<Readiness> } | undefined;
  const check = async (): Promise<Readiness> => {
    const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', redis: redis ? 'ok' : 'off' };
    try {
      const rows = await within(db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      const applied = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      if (applied < expected) {
        checks.migrations = 'behind';
        log(`readiness: ${applied} of ${expected} migrations applied`);
      }
    } catch (err) {
      checks.database = 'failed';
      checks.migrations = 'failed';
      log(`readiness: the database did not answer (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
    }
    if (redis) {
      try {
        await within(redis.ping());
      } catch (err) {
        checks.redis = 'failed';
        log(`readiness: Redis did not answer (${err instanceof Error ? err.message : String(err)})`);
      }
    }
    return { ready: Object.values(checks).every((c) => c === 'ok' || c === 'off'), checks };
  };
  return (now = Date.now()): Promise<Readiness> => {
    if (!memo || now - memo.at >= READY_MEMO_MS) memo = { at: now, value: check() };
    return memo.value;
  };
}

/**
 * GET /healthz: the process is up and its event loop turns (200, no dependency asked). GET /readyz: it can serve
 * (readinessProbe): 200 or 503 with which part failed. Both unauthenticated, cheap, not logged per call, never
 * cached by a proxy; a load balancer or systemd watchdog probes them (docs/operations.md).
 */
export function installHealth(app: FastifyInstance, probe: () => Promise<Readiness>) {
  const quiet = { logLevel: 'silent' as const };
  app.get('/healthz', quiet, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (_request, reply) => {
    const r = await probe();
    void reply.header('cache-control', 'no-store').code(r.ready ? 200 : 503);
    return { status: r.ready ? 'ready' : 'not ready', checks: r.checks };
  });
}

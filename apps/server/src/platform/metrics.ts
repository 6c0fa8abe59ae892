import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { Database } from '../db/index.ts';
import type { SmsProvider } from './sms/provider.ts';

/** Seconds: a call's latency buckets (most calls answer in milliseconds; hand-ins and uploads take longer). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A call's reply begins `{"status":NNN`: the contract's status, read without parsing the body. */
const STATUS = /^\{"status":(\d{3})/;

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The server's Prometheus metrics (docs/operations.md, "Metrics"), on a registry of its own (each app, each test):
 * the process (prom-client's defaults: CPU, memory, event loop lag, GC), every contract call's count by status and
 * latency, job runs, SMS sent and failed per provider, and gauges read at scrape time (database pool, open orders,
 * the reconciliation backlog, open payment flags, pending replays, live rooms and sockets).
 */
/**
 * prom-client's process metrics, collected once per process: their GC observer cannot be stopped, and one per app
 * would keep every closed app (its registry and gauges) alive, which a test process building hundreds of apps
 * cannot afford. Each app's registry lists them beside its own.
 */
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'kaoshi_' });
  }
  // prom-client types these as plain objects; they are the metrics themselves.
  return processRegistry.getMetricsAsArray() as unknown as Metric[];
};

/** One route's answers: counts by status, and its latencies in BUCKETS (each bucket alone; cumulated when scraped). */
interface RouteTally {
  byStatus: Map<string, number>;
  inBucket: Float64Array;
  sum: number;
  count: number;
}

/**
 * Every call's count by status and its latency histogram (kaoshi_calls_total, kaoshi_call_duration_seconds), kept
 * as plain numbers per route and turned into prom-client's metric objects only when scraped. Counted on every
 * reply: prom-client's Counter and Histogram hash their label object on each inc and observe, which cost a
 * moduleInfoX reply about 3 µs of its 75 µs under load (bench/log-bench.ts); a map lookup and two increments are
 * well under one. The text a scrape reads is the same as theirs.
 */
class CallTally {
  private routes = new Map<string, RouteTally>();

  add(route: string, status: string, seconds: number) {
    let t = this.routes.get(route);
    if (!t) this.routes.set(route, (t = { byStatus: new Map(), inBucket: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 }));
    t.byStatus.set(status, (t.byStatus.get(status) ?? 0) + 1);
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++;
    t.inBucket[i]! += 1;
    t.sum += seconds;
    t.count += 1;
  }

  counter(): Metric {
    const meta = {
      name: 'kaoshi_calls_total',
      help: 'Answered requests by route (a contract call id, else the route pattern) and status (the contract status of a call, else HTTP)',
      type: 'counter',
      aggregator: 'sum',
    } as const;
    return this.metric(meta, () => {
      const values: MetricValue[] = [];
      for (const [route, t] of this.routes) for (const [status, n] of t.byStatus) values.push({ labels: { route, status }, value: n });
      return values;
    });
  }

  histogram(): Metric {
    const name = 'kaoshi_call_duration_seconds';
    const meta = { name, help: 'Time to answer, by route', type: 'histogram', aggregator: 'sum' } as const;
    return this.metric(meta, () => {
      const values: MetricValue[] = [];
      for (const [route, t] of this.routes) {
        let below = 0;
        BUCKETS.forEach((le, i) => {
          below += t.inBucket[i]!;
          values.push({ metricName: `${name}_bucket`, labels: { le, route }, value: below });
        });
        values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', route }, value: t.count });
        values.push({ metricName: `${name}_sum`, labels: { route }, value: t.sum });
        values.push({ metricName: `${name}_count`, labels: { route }, value: t.count });
      }
      return values;
    });
  }

  /** A metric the registry can hold: prom-client's registry asks only for its name, help, type and values. */
  private metric(meta: { name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum' }, values: () => MetricValue[]): Metric {
    return { ...meta, get: async () => ({ ...meta, values: values() }), reset: () => this.routes.clear() } as unknown as Metric;
  }
}
type MetricValue = { labels: Record<string, string | number>; value: number; metricName?: string };

export function createMetrics() {
  const registry = new Registry();
  for (const metric of processMetrics()) registry.registerMetric(metric);
  const calls = new CallTally();
  registry.registerMetric(calls.counter());
  registry.registerMetric(calls.histogram());
  const jobs = new Counter({
    name: 'kaoshi_job_runs_total',
    help: 'Background job runs by job and result (ok, failed, skipped: another process holds it)',
    labelNames: ['job', 'result'],
    registers: [registry],
  });
  const jobTime = new Histogram({
    name: 'kaoshi_job_duration_seconds',
    help: 'Background job run time, by job',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers: [registry],
  });
  const sms = new Counter({
    name: 'kaoshi_sms_total',
    help: 'SMS by provider, kind (code or notice) and result (sent, failed)',
    labelNames: ['provider', 'kind', 'result'],
    registers: [registry],
  });
  return {
    registry,
    /** Counts every answered request (onResponse: after the reply went out, off the learner's time). */
    install(app: FastifyInstance) {
      // Callback hooks, not async ones: they run on every reply, and an async hook costs a promise each time.
      app.addHook('onSend', (request, reply, payload, done) => {
        if ((request.routeOptions.config as { callId?: string } | undefined)?.callId) {
          // A reply is a string, or a buffer when its data was already JSON (platform/json-bytes.ts).
          const head = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('latin1', 0, 13) : '';
          (reply as unknown as { callStatus?: string }).callStatus = STATUS.exec(head)?.[1];
        }
        done(null, payload);
      });
      app.addHook('onResponse', (request, reply, done) => {
        const route = (request.routeOptions.config as { callId?: string } | undefined)?.callId ?? request.routeOptions.url ?? 'unmatched';
        calls.add(route, (reply as unknown as { callStatus?: string }).callStatus ?? String(reply.statusCode), reply.elapsedTime / 1000);
        done();
      });
    },
    /** Wraps a job's run: counted and timed. */
    job(name: string, result: 'ok' | 'failed' | 'skipped', seconds?: number) {
      jobs.inc({ job: name, result });
      if (seconds !== undefined) jobTime.observe({ job: name }, seconds);
    },
    /** The SMS provider, counted per send (a failure is counted and thrown on). */
    countSms(provider: SmsProvider): SmsProvider {
      const counted =
        <A extends unknown[]>(kind: string, f: (...a: A) => Promise<void>) =>
        async (...a: A) => {
          try {
            await f(...a);
            sms.inc({ provider: provider.name, kind, result: 'sent' });
          } catch (err) {
            sms.inc({ provider: provider.name, kind, result: 'failed' });
            throw err;
          }
        };
      return {
        name: provider.name,
        send: counted('code', provider.send.bind(provider)),
        ...(provider.notify && { notify: counted('notice', provider.notify.bind(provider)) }),
        ...(provider.lastCode && { lastCode: provider.lastCode.bind(provider) }),
      };
    },
    /** Gauges read at scrape time from the database and the process. */
    gauges(db: Database, live: () => { rooms: number; sockets: number }, pool?: () => PoolStats) {
      new Gauge({
        name: 'kaoshi_backlog',
        help: 'Work waiting, by kind: orders_open (created, not paid or closed), orders_unreconciled (closed on timeout, the provider not asked yet), payment_flags_open, live_replays_pending, exam_sheets_grading (handed in, not graded yet)',
        labelNames: ['kind'],
        registers: [registry],
        async collect() {
          const r = await db.execute(sql`select
            (select count(*)::int from orders where status = 'created') as orders_open,
            (select count(*)::int from orders where status = 'closed' and closed_reason = 'timeout' and reconciled_at is null) as orders_unreconciled,
            (select count(*)::int from payment_flags where resolved_at is null) as payment_flags_open,
            (select count(*)::int from live_sessions where replay_state = 'pending') as live_replays_pending,
            (select count(*)::int from exam_sessions where status = 'sealed') as exam_sheets_grading`);
          const row = (r as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
          for (const [kind, n] of Object.entries(row)) this.set({ kind }, Number(n));
        },
      });
      new Gauge({
        name: 'kaoshi_live',
        help: 'Live rooms open in this process, and their sockets',
        labelNames: ['what'],
        registers: [registry],
        collect() {
          const s = live();
          this.set({ what: 'rooms' }, s.rooms);
          this.set({ what: 'sockets' }, s.sockets);
        },
      });
      if (pool) {
        new Gauge({
          name: 'kaoshi_db_pool',
          help: 'PostgreSQL pool clients: total, idle, waiting (queued for a client)',
          labelNames: ['state'],
          registers: [registry],
          collect() {
            const s = pool();
            this.set({ state: 'total' }, s.total);
            this.set({ state: 'idle' }, s.idle);
            this.set({ state: 'waiting' }, s.waiting);
          },
        });
      }
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /metrics (Prometheus text). With METRICS_TOKEN: only with `Authorization: Bearer <token>` (compared in constant
 * time), from anywhere. Without: only from loopback, judged by the socket's own address, never a forwarded one (a
 * reverse proxy on the same machine must not pass /metrics on: deploy/nginx.conf refuses it). Refusals are 404, as
 * if there were nothing. Not logged per scrape.
 */
export function installMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', { logLevel: 'silent' }, async (request, reply) => {
    const allowed = expected
      ? (() => {
          const got = Buffer.from(String(request.headers.authorization ?? ''));
          return got.length === expected.length && timingSafeEqual(got, expected);
        })()
      : LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
    if (!allowed) return reply.code(404).send({ status: 404, msg: 'Not Found', data: null });
    void reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

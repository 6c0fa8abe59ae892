import { failureClass } from '../../platform/error-class.ts';
import type { PayType } from '@kaoshi/contract';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { HOUR, MINUTE } from '../../platform/module.ts';
import { queryReportId, type PaymentEvent } from './payment-event.ts';
import type { PaymentProvider } from './providers.ts';
import { createReconcileStore } from './reconcile-store.ts';
import type { ShopStore } from './store.ts';

/** An unpaid order is asked of its provider once it is this old (a notification that never came). */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
/** An order closed by timeout while its provider could not answer is asked again for this long. */
export const RECHECK_WITHIN_MS = 24 * HOUR;
/** Orders one run looks at, oldest first: the unpaid ones, then the closed ones to ask again. */
export const SWEEP_BATCH = 200;
/** One provider query gives up after this long (the SDKs' own timeouts are as long; this one never waits more). */
export const QUERY_TIMEOUT_MS = 10_000;
/** Queries in flight at once for one provider; each provider has its own lane, so a slow one holds up no other. */
export const LANE_WIDTH = 4;
/** After a failure a provider is not asked for 1 min, doubling with each failure in a row, up to 30 min. */
export const BACKOFF_FIRST_MS = MINUTE;
export const BACKOFF_MAX_MS = 30 * MINUTE;

/** How one provider is doing, as the reconciler sees it (shop.providerHealth(); a later issue makes it metrics). */
export interface ProviderHealth {
  id: PayType;
  up: boolean;
  consecutiveFailures: number;
  lastFailureAt: Date | null;
  /** The class of the last failure: 'timeout', a network code (ECONNREFUSED …) or an error's name; never a message. */
  lastError: string | null;
  /** While down: when its orders are asked again. */
  nextTryAt: Date | null;
}

/** applied: payments the providers held, granted (closed orders re-opened among them); closed: expired orders; failed: queries that failed or timed out; deferred: orders left for a later run (provider in backoff). */
export interface SweepResult {
  applied: number;
  closed: number;
  failed: number;
  deferred: number;
}

export interface ReconcilerDeps {
  store: Pick<ShopStore, 'close' | 'transaction'>;
  providers: ReadonlyMap<PayType, PaymentProvider>;
  clock: Clock;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void; info?(o: object, msg: string): void };
  /** payments.ts applyPayment: the one way a payment is applied, exactly once. */
  applyPayment(provider: PayType, reportId: string, e: PaymentEvent): Promise<unknown>;
  /** QUERY_TIMEOUT_MS unless a test says otherwise. */
  timeoutMs?: number;
}

class QueryTimeout extends Error {
  constructor() {
    super('timeout');
    this.name = 'QueryTimeout';
  }
}

/** The class of a provider's failure (platform/error-class.ts), 'timeout' for a query that ran out of time. */
export const errorClass = (err: unknown): string => (err instanceof QueryTimeout ? 'timeout' : failureClass(err));

interface Lane {
  failures: number;
  lastFailureAt: number | null;
  lastError: string | null;
  nextTryAt: number | null;
  /** Bumped by each change of state: a query that started before it is not counted again. */
  epoch: number;
}

/**
 * Reconciliation and expiry (docs/shop.md): the job asks each unpaid order's provider whether it holds a payment,
 * each order on its own with a timeout, in one lane per provider. A provider that fails is left alone for a
 * backoff (its orders wait; no other provider's do), and an expired order whose provider cannot answer is closed
 * anyway, then asked again for a day once the provider answers. The health and backoff are this process's
 * memory: with several processes, each that runs the job keeps its own.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { store, providers, clock, log, applyPayment } = deps;
  const timeoutMs = deps.timeoutMs ?? QUERY_TIMEOUT_MS;
  const sql = createReconcileStore(store.transaction);
  const lanes = new Map<PayType, Lane>();
  const lane = (id: PayType): Lane => {
    let l = lanes.get(id);
    if (!l) lanes.set(id, (l = { failures: 0, lastFailureAt: null, lastError: null, nextTryAt: null, epoch: 0 }));
    return l;
  };
  const askable = (id: PayType, now: number) => providers.has(id) && (lane(id).nextTryAt ?? 0) <= now;

  function failed(id: PayType, epoch: number, error: string) {
    const l = lane(id);
    if (l.epoch !== epoch) return; // in flight when another query's failure was counted: the same outage
    const now = clock();
    l.failures++;
    l.lastFailureAt = now;
    l.lastError = error;
    l.nextTryAt = now + Math.min(BACKOFF_FIRST_MS * 2 ** (l.failures - 1), BACKOFF_MAX_MS);
    l.epoch++;
    if (l.failures === 1)
      log.warn(
        { provider: id, error, retryAt: new Date(l.nextTryAt).toISOString() },
        'payment provider unhealthy: its orders wait (backoff) and expired ones close without asking it',
      );
  }

  function answered(id: PayType, epoch: number) {
    const l = lane(id);
    if (l.failures === 0 || l.epoch !== epoch) return;
    const fields = { provider: id, failures: l.failures, lastError: l.lastError };
    if (log.info) log.info(fields, 'payment provider recovered: its orders are asked again');
    else log.warn(fields, 'payment provider recovered: its orders are asked again');
    l.failures = 0;
    l.nextTryAt = null;
    l.epoch++;
  }

  /**
   * The provider's answer for an order, translated by its adapter ({ trade: null }: it holds no trade of it), or null
   * when it failed, timed out, or answered of another order.
   */
  async function ask(provider: PaymentProvider, orderNo: string): Promise<{ trade: PaymentEvent | null } | null> {
    const epoch = lane(provider.id).epoch;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueryTimeout()), timeoutMs);
    });
    try {
      const trade = await Promise.race([provider.query(orderNo), timeout]);
      if (trade && trade.orderNo !== orderNo) throw new Error('provider answered of another order');
      answered(provider.id, epoch);
      return { trade };
    } catch (err) {
      failed(provider.id, epoch, errorClass(err));
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Close an expired order; reconciledAt when its provider answered that it holds no payment. */
  async function expire(o: OrderRow, now: number, reconciledAt: Date | null): Promise<boolean> {
    if (!(await store.close(o.orderNo, 'timeout', new Date(now)))) return false;
    if (reconciledAt) await sql.reconciled(o.orderNo, reconciledAt);
    return true;
  }

  async function settle(o: OrderRow, now: number, r: SweepResult): Promise<void> {
    const id = o.payType as PayType;
    const provider = providers.get(id);
    const expired = o.status === 'created' && o.expiresAt.getTime() <= now;
    if (!provider || !askable(id, clock())) {
      if (!expired) r.deferred++;
      else if (await expire(o, now, null)) r.closed++;
      return;
    }
    const answer = await ask(provider, o.orderNo);
    if (!answer) {
      r.failed++;
      if (expired && (await expire(o, now, null))) r.closed++;
    } else if (answer.trade?.kind === 'paid') {
      // The provider's own translation of its answer, applied as a notification of it would be.
      if ((await applyPayment(id, queryReportId(answer.trade.providerTradeNo), answer.trade)) === 'granted') r.applied++;
    } else if (o.status === 'closed') await sql.reconciled(o.orderNo, new Date(clock()));
    else if (expired && (await expire(o, now, new Date(clock())))) r.closed++;
  }

  /** `width` orders at a time; one order's error is logged and never stops the others. */
  async function inTurn(list: OrderRow[], width: number, fn: (o: OrderRow) => Promise<void>) {
    let next = 0;
    const worker = async () => {
      for (let o = list[next++]; o; o = list[next++]) {
        const order = o.id;
        await fn(o).catch((err: unknown) => log.error({ err, order }, 'order not reconciled; the next run tries again'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(width, list.length) }, worker));
  }

  async function run(): Promise<SweepResult> {
    const now = clock();
    const ask = [...providers.keys()].filter((id) => askable(id, now));
    const open = await sql.open(new Date(now - RECONCILE_AFTER_MS), new Date(now), ask, SWEEP_BATCH);
    const again = await sql.unreconciled(new Date(now - RECHECK_WITHIN_MS), ask, SWEEP_BATCH - open.length);
    const r: SweepResult = { applied: 0, closed: 0, failed: 0, deferred: 0 };
    // Expired orders of a provider not asked now are closed at once; each asked provider has its own lane.
    const unasked: OrderRow[] = [];
    const byProvider = new Map<string, OrderRow[]>();
    for (const o of [...open, ...again]) {
      if (!ask.includes(o.payType as PayType)) unasked.push(o);
      else byProvider.set(o.payType, [...(byProvider.get(o.payType) ?? []), o]);
    }
    const settleEach = (o: OrderRow) => settle(o, now, r);
    await Promise.all([inTurn(unasked, 1, settleEach), ...[...byProvider.values()].map((list) => inTurn(list, LANE_WIDTH, settleEach))]);
    return r;
  }

  let running: Promise<SweepResult> | null = null;

  return {
    /** One run (the job, every minute); a call while one is running joins it. */
    sweep(): Promise<SweepResult> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },

    /** Each configured provider's health. */
    health(): ProviderHealth[] {
      const at = (ms: number | null) => (ms === null ? null : new Date(ms));
      return [...providers.keys()].map((id) => {
        const l = lane(id);
        return {
          id,
          up: l.failures === 0,
          consecutiveFailures: l.failures,
          lastFailureAt: at(l.lastFailureAt),
          lastError: l.lastError,
          nextTryAt: l.failures === 0 ? null : at(l.nextTryAt),
        };
      });
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;

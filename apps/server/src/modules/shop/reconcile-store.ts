import { and, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { orders, type OrderRow } from '../../db/schema/index.ts';

/** How the reconciler reaches the database: the shop store's transaction (each call below is one short one). */
export type RunInTx = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * The SQL of reconciliation and expiry (reconcile.ts, docs/shop.md "Reconciliation and expiry"). `ask` is the
 * providers that may be asked now (configured and not in backoff); the orders of the others wait, except that an
 * expired one is still listed, to be closed without asking.
 */
export function createReconcileStore(run: RunInTx) {
  return {
    /**
     * Unpaid orders created before `before`, oldest first: those of a provider in `ask`, and every one past its
     * expiry (orders_open_idx: status; the created orders are the last half hour's and the expired not yet closed).
     */
    open(before: Date, now: Date, ask: readonly string[], limit: number): Promise<OrderRow[]> {
      const expired = lte(orders.expiresAt, now);
      return run((tx) =>
        tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, 'created'), lt(orders.createdAt, before), ask.length > 0 ? or(inArray(orders.payType, [...ask]), expired) : expired))
          .orderBy(orders.createdAt, orders.id)
          .limit(limit),
      );
    },

    /**
     * Orders closed by timeout since `since` whose provider never answered "not paid" (it was down or in backoff
     * then), oldest first, of the providers in `ask` (orders_unreconciled_idx, a partial index of exactly these).
     */
    unreconciled(since: Date, ask: readonly string[], limit: number): Promise<OrderRow[]> {
      if (ask.length === 0 || limit <= 0) return Promise.resolve([]);
      return run((tx) =>
        tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, 'closed'), eq(orders.closedReason, 'timeout'), isNull(orders.reconciledAt), gt(orders.closedAt, since), inArray(orders.payType, [...ask])))
          .orderBy(orders.closedAt)
          .limit(limit),
      );
    },

    /** The provider answered that it holds no payment of this closed order: it is not asked again. */
    async reconciled(orderNo: string, at: Date): Promise<boolean> {
      const rows = await run((tx) =>
        tx
          .update(orders)
          .set({ reconciledAt: at })
          .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'closed')))
          .returning({ id: orders.id }),
      );
      return rows.length === 1;
    },
  };
}

export type ReconcileStore = ReturnType<typeof createReconcileStore>;

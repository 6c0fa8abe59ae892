import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OrderState } from '@kaoshi/contract';
import type { Database, Tx } from '../../db/index.ts';
import { discounts, groups, orders, paymentFlags, paymentNotifications, userCoupons, type OrderRow, type PaymentFlagRow, type PriceRow } from '../../db/schema/index.ts';
import { accountCards, withAccounts } from '../user/index.ts';
import { pricesOf } from './readers.ts';
import { nextState, type OrderEvent } from './order-machine.ts';

export type NewOrder = typeof orders.$inferInsert;

/** Prices, orders and provider notifications: the only SQL of the shop (the sandbox provider has its own). */
export function createShopStore(db: Database) {
  return {
    /** The price rows of a subject, of every agent (pricing.ts picks the agent's, else the default agent's). */
    pricesOf: (appId: number): Promise<PriceRow[]> => pricesOf(db, appId),

    /**
     * Insert the order, or find the one the same learner already created with this requestId (fresh: false). Two
     * orders of one second can draw the same order number (six random digits, `newOrderNo`): the number is drawn
     * again (`renumber`), never answered as a failure.
     */
    async insertOrder(tx: Tx, row: NewOrder, renumber: () => string): Promise<{ row: OrderRow; fresh: boolean }> {
      for (let attempt = 0; ; attempt++) {
        // Any unique conflict (the learner's requestId, the order number) leaves the transaction usable.
        const [created] = await tx.insert(orders).values(row).onConflictDoNothing().returning();
        if (created) return { row: created, fresh: true };
        const [existing] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, row.userId), eq(orders.requestId, row.requestId)));
        if (existing) return { row: existing, fresh: false };
        if (attempt >= 4) throw new Error('No free order number after five draws');
        row = { ...row, orderNo: renumber() };
      }
    },

    /** The order's share token, made once (the first share wins; later ones read it). */
    async shareToken(orderNo: string, token: string): Promise<string | undefined> {
      await db
        .update(orders)
        .set({ shareToken: token })
        .where(and(eq(orders.orderNo, orderNo), isNull(orders.shareToken)));
      const [row] = await db.select({ token: orders.shareToken }).from(orders).where(eq(orders.orderNo, orderNo));
      return row?.token ?? undefined;
    },

    async withPhone(orderNo: string) {
      const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const account = order && (await accountCards(db, [order.userId])).get(order.userId);
      return account && { order, phone: account.phone };
    },

    async byRequest(userId: number, requestId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.requestId, requestId)));
      return row;
    },

    async setPayUrl(orderNo: string, payUrl: string): Promise<void> {
      await db.update(orders).set({ payUrl }).where(eq(orders.orderNo, orderNo));
    },

    async byOrderNo(orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      return row;
    },

    listOf(userId: number, offset: number, limit: number): Promise<OrderRow[]> {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).offset(offset).limit(limit);
    },

    /**
     * Close an unpaid order: a compare-and-set from created, and its coupon goes back to the learner and the use
     * of its discount code it holds (if it still does) to the code, in one transaction; false when it was paid (or closed) meanwhile.
     */
    close(orderNo: string, reason: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const to = nextState('created', 'close')!;
        const [before] = await tx
          .select({ discountId: orders.discountId, discountHeld: orders.discountHeld })
          .from(orders)
          .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'created')))
          .for('update');
        if (!before) return false;
        const rows = await tx
          .update(orders)
          .set({ status: to, closedReason: reason, closedAt: at, discountHeld: false })
          .where(and(eq(orders.orderNo, orderNo), eq(orders.status, 'created')))
          .returning({ id: orders.id });
        if (rows.length === 0) return false;
        const { discountId, discountHeld } = before;
        if (discountId !== null && discountHeld)
          await tx
            .update(discounts)
            .set({ used: sql`greatest(${discounts.used} - 1, 0)` })
            .where(eq(discounts.id, discountId));
        await tx
          .update(userCoupons)
          .set({ orderNo: null })
          .where(and(eq(userCoupons.orderNo, orderNo), isNull(userCoupons.usedAt)));
        return true;
      });
    },

    /** A payment re-opened a closed order: its discount code's use, given back at closing, is taken again (the money is in, whatever the limit). */
    async retakeDiscount(tx: Tx, discountId: number): Promise<void> {
      await tx
        .update(discounts)
        .set({ used: sql`${discounts.used} + 1` })
        .where(eq(discounts.id, discountId));
    },

    /** Whether this (provider, id) was taken before (a replay is answered without a transaction). */
    async seenNotification(provider: string, notificationId: string): Promise<boolean> {
      const rows = await db
        .select({ id: paymentNotifications.notificationId })
        .from(paymentNotifications)
        .where(and(eq(paymentNotifications.provider, provider), eq(paymentNotifications.notificationId, notificationId)))
        .limit(1);
      return rows.length === 1;
    },

    /** Record a provider notification once: false when this (provider, id) was taken before. */
    async takeNotification(tx: Tx, provider: string, notificationId: string, orderNo: string, outcome: string, at: Date): Promise<boolean> {
      const rows = await tx
        .insert(paymentNotifications)
        .values({ provider, notificationId, orderNo, outcome, receivedAt: at })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.notificationId });
      return rows.length === 1;
    },

    /** The order, locked for the rest of the transaction (payments of one order are applied one at a time). */
    async lockOrder(tx: Tx, orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
      return row;
    },

    /** Apply `event` to an order in `from` as compare-and-set; the new row, or undefined when it had moved. */
    async transition(tx: Tx, orderNo: string, from: OrderState, event: OrderEvent, set: Partial<NewOrder>): Promise<OrderRow | undefined> {
      const to = nextState(from, event);
      if (!to) return undefined;
      const [row] = await tx
        .update(orders)
        .set({ ...set, status: to })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.status, from)))
        .returning();
      return row;
    },

    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** The learner's fulfilled upgrades from `fromVn` whose grant runs past `at` (a refund of what they built on unwinds them). */
    upgradesFrom(tx: Tx, userId: number, appId: number, fromVn: string, at: Date): Promise<OrderRow[]> {
      return tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.appId, appId),
            eq(orders.kind, 'upgrade'),
            eq(orders.fromVn, fromVn),
            eq(orders.status, 'fulfilled'),
            gt(orders.grantUntil, at),
            gt(orders.grantedSeconds, 0),
          ),
        )
        .orderBy(orders.id)
        .for('update');
    },

    /** An upgrade was unwound: it now runs to `grantUntil`, having granted `grantedSeconds`. */
    async setUpgradeGrant(tx: Tx, orderNo: string, grantUntil: Date, grantedSeconds: number): Promise<void> {
      await tx.update(orders).set({ grantUntil, grantedSeconds }).where(eq(orders.orderNo, orderNo));
    },

    /** A paid member of an open group was refunded: their seat is free again (never below 0). */
    async freeSeat(tx: Tx, groupId: number): Promise<void> {
      await tx
        .update(groups)
        .set({ paidCount: sql`${groups.paidCount} - 1` })
        .where(and(eq(groups.id, groupId), eq(groups.status, 'open'), gt(groups.paidCount, 0)));
    },

    /** Money an operator must refund (payment_flags), kept once per provider transaction: false when it was already. */
    async flag(tx: Tx, row: Omit<PaymentFlagRow, 'id' | 'resolvedAt'>): Promise<boolean> {
      const rows = await tx.insert(paymentFlags).values(row).onConflictDoNothing().returning({ id: paymentFlags.id });
      return rows.length === 1;
    },

    /** Flagged payments not yet refunded, oldest first (the console, part 1, and the bench). */
    openFlags(limit = 100): Promise<PaymentFlagRow[]> {
      return db.select().from(paymentFlags).where(isNull(paymentFlags.resolvedAt)).orderBy(paymentFlags.id).limit(limit);
    },

    /**
     * The latest delivered orders of a subject sold by an agent, with the buyer's phone (masked by the caller), newest
     * delivery first. Delivered (fulfilled), not only paid: a group-buy order is paid long before its group forms,
     * and is announced only once it has (refunded ones never are).
     */
    async recentBuyers(agentCode: string, appId: number, offset: number, limit: number) {
      const rows = await db
        .select({ userId: orders.userId, vn: orders.vn, at: orders.fulfilledAt })
        .from(orders)
        .where(and(eq(orders.agentCode, agentCode), eq(orders.appId, appId), eq(orders.status, 'fulfilled')))
        .orderBy(desc(orders.fulfilledAt))
        .offset(offset)
        .limit(limit);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, vn, at }) => ({ phone: account.phone, vn, at }));
    },

    /** Orders per status (the bench and operators). */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
  };
}

export type ShopStore = ReturnType<typeof createShopStore>;

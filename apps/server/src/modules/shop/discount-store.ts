import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { discounts, orders, spreadVisits, type DiscountRow } from '../../db/schema/index.ts';

/** The discount codes' table (docs/shop.md, "Discount codes and promotion links"). */
export function createDiscountStore(db: Database) {
  return {
    async byCode(code: string): Promise<DiscountRow | undefined> {
      const [row] = await db.select().from(discounts).where(eq(discounts.code, code.trim().toUpperCase()));
      return row;
    },
    async byId(id: number): Promise<DiscountRow | undefined> {
      const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
      return row;
    },
    /** Listed codes running at `now` for an agent's learners. */
    listed(agentCode: string, now: Date): Promise<DiscountRow[]> {
      return db
        .select()
        .from(discounts)
        .where(and(eq(discounts.listed, true), lte(discounts.startsAt, now), gt(discounts.endsAt, now), or(isNull(discounts.agentCode), eq(discounts.agentCode, agentCode))))
        .orderBy(discounts.endsAt);
    },
    /** Whether an unpaid order of this learner holds a use of the code. */
    async heldBy(discountId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.discountId, discountId), eq(orders.status, 'created'), eq(orders.discountHeld, true)))
        .limit(1);
      return rows.length === 1;
    },

    /**
     * A new order of the learner holds one use of the code (docs/shop.md): the code's row is locked first, so the
     * learner's orders with it are settled one at a time; a use held by another unpaid order of the learner moves to
     * the new one, else one more use is taken while any is left (compare-and-set on the limit). False when none is.
     */
    async hold(tx: Tx, id: number, userId: number, orderNo: string): Promise<boolean> {
      await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.id, id)).for('update');
      const moved = await tx
        .update(orders)
        .set({ discountHeld: false })
        .where(and(eq(orders.userId, userId), eq(orders.discountId, id), eq(orders.status, 'created'), eq(orders.discountHeld, true), ne(orders.orderNo, orderNo)))
        .returning({ id: orders.id });
      // One hold moves; more than one (held before this rule) are given back.
      if (moved.length > 1)
        await tx
          .update(discounts)
          .set({ used: sql`greatest(${discounts.used} - ${moved.length - 1}, 0)` })
          .where(eq(discounts.id, id));
      if (moved.length > 0) return true;
      const rows = await tx
        .update(discounts)
        .set({ used: sql`${discounts.used} + 1` })
        .where(and(eq(discounts.id, id), or(isNull(discounts.maxUses), lt(discounts.used, discounts.maxUses))))
        .returning({ id: discounts.id });
      return rows.length === 1;
    },

    /**
     * Unpaid orders hold a use for DISCOUNT_HOLD_MS at most: older holds are given back to their codes in one
     * transaction (the orders stay payable; a payment takes a use again). Returns how many were released.
     */
    releaseStale(before: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const released = await tx
          .update(orders)
          .set({ discountHeld: false })
          .where(and(eq(orders.status, 'created'), eq(orders.discountHeld, true), lt(orders.createdAt, before)))
          .returning({ discountId: orders.discountId });
        const perCode = new Map<number, number>();
        for (const r of released) if (r.discountId !== null) perCode.set(r.discountId, (perCode.get(r.discountId) ?? 0) + 1);
        for (const [id, n] of perCode)
          await tx
            .update(discounts)
            .set({ used: sql`greatest(${discounts.used} - ${n}, 0)` })
            .where(eq(discounts.id, id));
        return released.length;
      });
    },

    /** A learner opened a promoter's link: the first visit is kept. */
    async visit(discountId: number, userId: number, at: Date): Promise<void> {
      await db.insert(spreadVisits).values({ discountId, userId, firstAt: at }).onConflictDoNothing();
    },
  };
}

export type DiscountStore = ReturnType<typeof createDiscountStore>;

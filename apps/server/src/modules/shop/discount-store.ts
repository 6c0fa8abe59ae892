import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { discounts, spreadVisits, type DiscountRow } from '../../db/schema/index.ts';

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
    /** An order holds one use (compare-and-set on the limit): false when they are all taken. */
    async hold(tx: Tx, id: number): Promise<boolean> {
      const rows = await tx
        .update(discounts)
        .set({ used: sql`${discounts.used} + 1` })
        .where(and(eq(discounts.id, id), or(isNull(discounts.maxUses), lt(discounts.used, discounts.maxUses))))
        .returning({ id: discounts.id });
      return rows.length === 1;
    },
    /** A learner opened a promoter's link: the first visit is kept. */
    async visit(discountId: number, userId: number, at: Date): Promise<void> {
      await db.insert(spreadVisits).values({ discountId, userId, firstAt: at }).onConflictDoNothing();
    },
  };
}

export type DiscountStore = ReturnType<typeof createDiscountStore>;

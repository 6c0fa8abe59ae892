import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { orders, prices, type PriceRow } from '../../db/schema/index.ts';

/** The price rows of a subject, of every agent (docs/tables.md: `prices` is this module's; the campaign page reads them). */
export function pricesOf(db: Database, appId: number): Promise<PriceRow[]> {
  return db.select().from(prices).where(eq(prices.appId, appId));
}

/**
 * The learner's orders still open, as an account deletion warns of them (docs/account-deletion.md): paid books not
 * received yet, and unpaid orders not expired at `now`.
 */
export async function openOrdersOf(db: Database, userId: number, now: Date): Promise<number> {
  const [o] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.deliveryStatus, ['waiting', 'shipped'])));
  const [u] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'created'), gt(orders.expiresAt, now)));
  return (o?.n ?? 0) + (u?.n ?? 0);
}

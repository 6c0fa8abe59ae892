import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { addresses, orders } from '../../db/schema/index.ts';

/**
 * The learner's delivery addresses go; their orders stay for accounting, without the delivery address and the share token (docs/account-deletion.md, "What is erased"): part of an account's erasure, in the erasure's
 * transaction (modules/account). `addresses` and `orders` are this module's (docs/tables.md).
 */
export async function eraseShopOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
  await tx.update(orders).set({ delivery: null, shareToken: null }).where(eq(orders.userId, userId));
}

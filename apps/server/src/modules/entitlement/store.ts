import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { activationCodes, purchases, type ActivationCodeRow, type PurchaseRow } from '../../db/schema/index.ts';
import { logChange } from '../change-log/index.ts';

export interface Grant {
  userId: number;
  appId: number;
  vn: string;
  vnOrder: number;
  endTime: Date;
  source: 'code' | 'order' | 'seed';
  at: Date;
}

/**
 * Every purchase of a learner, of every subject, expired ones too (docs/tables.md: `purchases` is this module's):
 * for the modules that list or count them (account deletion's losses, 已购 and the last subject, the live broadcast).
 */
export function purchasesOf(db: Database, userId: number): Promise<PurchaseRow[]> {
  return db.select().from(purchases).where(eq(purchases.userId, userId));
}

/** Purchases and activation codes: the only SQL of entitlements. */
export function createEntitlementStore(db: Database) {
  return {
    /** Every purchase of a learner, of every subject (expired ones too). */
    purchasesOf: (userId: number): Promise<PurchaseRow[]> => purchasesOf(db, userId),

    async code(codeHash: string): Promise<ActivationCodeRow | undefined> {
      const [row] = await db.select().from(activationCodes).where(eq(activationCodes.codeHash, codeHash));
      return row;
    },

    async addCode(row: typeof activationCodes.$inferInsert): Promise<void> {
      await db.insert(activationCodes).values(row);
    },

    /**
     * In one transaction: claim the code (only while unused and unexpired — one of two parallel redemptions
     * wins), grant or extend the purchase, and write the change-log row getChangeInfo reports.
     * Returns the purchase, or undefined when the code was no longer claimable.
     */
    redeem(codeHash: string, grant: Grant, changeDetail: string): Promise<PurchaseRow | undefined> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(activationCodes)
          .set({ usedAt: grant.at, usedBy: grant.userId })
          .where(and(eq(activationCodes.codeHash, codeHash), isNull(activationCodes.usedAt), gt(activationCodes.expiresAt, grant.at)))
          .returning({ codeHash: activationCodes.codeHash });
        if (claimed.length === 0) return undefined;
        const [purchase] = await tx
          .insert(purchases)
          .values({ ...grant, createdAt: grant.at })
          .onConflictDoUpdate({
            target: [purchases.userId, purchases.appId, purchases.vn],
            set: { endTime: sql`greatest(${purchases.endTime}, excluded.end_time)`, vnOrder: grant.vnOrder },
          })
          .returning();
        await logChange(tx, { userId: grant.userId, kind: 'purchase', detail: changeDetail, createdAt: grant.at });
        return purchase;
      });
    },
  };
}

export type EntitlementStore = ReturnType<typeof createEntitlementStore>;

/** A version bought in an order: granted in the transaction that marks the order paid (modules/shop). */
export interface OrderGrant {
  userId: number;
  appId: number;
  vn: string;
  vnOrder: number;
  validityDays: number;
  at: Date;
  /** An upgrade: the version runs to this time (the held version's end) instead of for validityDays. */
  until?: Date | null;
}

/**
 * Grant or extend the purchase of an order inside the caller's transaction, and write the change-log row that
 * getChangeInfo reports to the learner's other devices. A purchase of the same version still valid runs on from
 * its end (the days bought add up); an expired one, or none, runs from now; an upgrade runs to `until` (docs/shop.md).
 */
export async function grantFromOrder(tx: Tx, g: OrderGrant, changeDetail: string): Promise<{ purchase: PurchaseRow; addedSeconds: number }> {
  const [before] = await tx
    .select({ endTime: purchases.endTime })
    .from(purchases)
    .where(and(eq(purchases.userId, g.userId), eq(purchases.appId, g.appId), eq(purchases.vn, g.vn)))
    .for('update');
  const endTime = g.until ?? new Date(g.at.getTime() + g.validityDays * 86_400_000);
  const [purchase] = await tx
    .insert(purchases)
    .values({ userId: g.userId, appId: g.appId, vn: g.vn, vnOrder: g.vnOrder, endTime, source: 'order', createdAt: g.at })
    .onConflictDoUpdate({
      target: [purchases.userId, purchases.appId, purchases.vn],
      set: {
        endTime: g.until
          ? sql`greatest(${purchases.endTime}, excluded.end_time)`
          : sql`greatest(${purchases.endTime}, excluded.created_at) + make_interval(days => ${g.validityDays}::int)`,
        vnOrder: g.vnOrder,
        source: 'order',
      },
    })
    .returning();
  await logChange(tx, { userId: g.userId, kind: 'purchase', detail: changeDetail, createdAt: g.at });
  // What this order added: from the later of the old end and now, to the new end (taken back by a refund).
  const from = Math.max(before?.endTime.getTime() ?? 0, g.at.getTime());
  return { purchase: purchase!, addedSeconds: Math.max(0, Math.floor((purchase!.endTime.getTime() - from) / 1000)) };
}

/**
 * A refunded order takes back the time it added to the purchase (never ending it before now), and writes the
 * change-log row that tells the learner's devices, in the caller's transaction (docs/shop.md, "Refunds").
 */
export async function revokeForOrder(tx: Tx, r: { userId: number; appId: number; vn: string; seconds: number; at: Date }, changeDetail: string): Promise<PurchaseRow | undefined> {
  const [purchase] = await tx
    .update(purchases)
    .set({ endTime: sql`greatest(${r.at}::timestamptz, ${purchases.endTime} - make_interval(secs => ${r.seconds}::int))` })
    .where(and(eq(purchases.userId, r.userId), eq(purchases.appId, r.appId), eq(purchases.vn, r.vn)))
    .returning();
  await logChange(tx, { userId: r.userId, kind: 'refund', detail: changeDetail, createdAt: r.at });
  return purchase;
}

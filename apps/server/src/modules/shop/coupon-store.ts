import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { coupons, userCoupons, type CouponRow, type UserCouponRow } from '../../db/schema/index.ts';

export type HeldCoupon = UserCouponRow & { coupon: CouponRow };

/** Coupons and learners' coupons: the SQL of coupons. */
export function createCouponStore(db: Database) {
  const mine = (userId: number, where: SQL | undefined) =>
    db
      .select()
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
      .where(and(eq(userCoupons.userId, userId), where))
      .orderBy(desc(userCoupons.id))
      .limit(200)
      .then((rows) => rows.map((r): HeldCoupon => ({ ...r.user_coupons, coupon: r.coupons })));

  return {
    /** Coupons of an agent (and of every agent) whose claim window is open at `now`. */
    claimable(agentCode: string, now: Date): Promise<CouponRow[]> {
      return db
        .select()
        .from(coupons)
        .where(and(or(isNull(coupons.agentCode), eq(coupons.agentCode, agentCode)), lte(coupons.claimFrom, now), gt(coupons.claimUntil, now)))
        .orderBy(coupons.id);
    },

    async byId(id: number): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row;
    },

    /** The coupon ids this learner has claimed. */
    async claimedIds(userId: number): Promise<Set<number>> {
      const rows = await db.select({ id: userCoupons.couponId }).from(userCoupons).where(eq(userCoupons.userId, userId));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Claim: count one off the stock (only while the window is open and stock is left) and give the learner the
     * coupon, in one transaction; 'soldOut' or 'already' when either fails (nothing changes then).
     */
    claim(c: CouponRow, userId: number, now: Date): Promise<UserCouponRow | 'soldOut' | 'already'> {
      return db
        .transaction(async (tx) => {
          const [taken] = await tx
            .update(coupons)
            .set({ claimed: sql`${coupons.claimed} + 1` })
            .where(and(eq(coupons.id, c.id), or(isNull(coupons.total), sql`${coupons.claimed} < ${coupons.total}`), lte(coupons.claimFrom, now), gt(coupons.claimUntil, now)))
            .returning({ id: coupons.id });
          if (!taken) return 'soldOut' as const;
          const [row] = await tx
            .insert(userCoupons)
            .values({ couponId: c.id, userId, claimedAt: now, expiresAt: new Date(now.getTime() + c.validDays * 86_400_000) })
            .onConflictDoNothing()
            .returning();
          if (!row) throw new AlreadyClaimed();
          return row;
        })
        .catch((err: unknown) => {
          if (err instanceof AlreadyClaimed) return 'already' as const;
          throw err;
        });
    },

    /** Usable now: not used, not expired, not held by an unpaid order. */
    usable: (userId: number, now: Date) => mine(userId, and(isNull(userCoupons.usedAt), isNull(userCoupons.orderNo), gt(userCoupons.expiresAt, now))),
    used: (userId: number) => mine(userId, sql`${userCoupons.usedAt} IS NOT NULL`),
    expired: (userId: number, now: Date) => mine(userId, and(isNull(userCoupons.usedAt), lte(userCoupons.expiresAt, now))),

    /** Hold the coupon for an order (compare-and-set: one of two parallel orders gets it). */
    async hold(tx: Tx, userCouponId: number, userId: number, orderNo: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(userCoupons)
        .set({ orderNo })
        .where(and(eq(userCoupons.id, userCouponId), eq(userCoupons.userId, userId), isNull(userCoupons.orderNo), isNull(userCoupons.usedAt), gt(userCoupons.expiresAt, now)))
        .returning({ id: userCoupons.id });
      return rows.length === 1;
    },

    /** An order was paid: its coupon is used (also when it was returned at closing and is still free). */
    async use(tx: Tx, userCouponId: number, orderNo: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(userCoupons)
        .set({ usedAt: at, orderNo })
        .where(and(eq(userCoupons.id, userCouponId), isNull(userCoupons.usedAt), or(isNull(userCoupons.orderNo), eq(userCoupons.orderNo, orderNo))))
        .returning({ id: userCoupons.id });
      return rows.length === 1;
    },
  };
}

class AlreadyClaimed extends Error {}

export type CouponStore = ReturnType<typeof createCouponStore>;

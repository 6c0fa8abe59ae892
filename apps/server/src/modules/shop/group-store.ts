import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { groupBuys, groups, orders, type GroupBuyRow, type GroupRow, type OrderRow } from '../../db/schema/index.ts';
import { withAccounts } from '../user/index.ts';

/** Group-buy offers, groups and their orders: the SQL of group buys. */
export function createGroupStore(db: Database) {
  return {
    offers(agentCode: string, appId: number): Promise<GroupBuyRow[]> {
      return db
        .select()
        .from(groupBuys)
        .where(and(eq(groupBuys.appId, appId), eq(groupBuys.listed, true), or(isNull(groupBuys.agentCode), eq(groupBuys.agentCode, agentCode))))
        .orderBy(groupBuys.id);
    },

    async offer(id: number, tx: Tx | Database = db): Promise<GroupBuyRow | undefined> {
      const [row] = await tx.select().from(groupBuys).where(eq(groupBuys.id, id));
      return row;
    },

    /** Open groups of offers that one may join now (a member paid, not full, not over), with the leader's phone. */
    async joinable(offerIds: number[], now: Date) {
      if (offerIds.length === 0) return [];
      const rows = await db
        .select({ group: groups, size: groupBuys.size })
        .from(groups)
        .innerJoin(groupBuys, eq(groupBuys.id, groups.groupBuyId))
        .where(
          and(inArray(groups.groupBuyId, offerIds), eq(groups.status, 'open'), gt(groups.expiresAt, now), gt(groups.paidCount, 0), sql`${groups.paidCount} < ${groupBuys.size}`),
        )
        .orderBy(groups.expiresAt)
        .limit(50);
      return (await withAccounts(db, rows, (r) => r.group.leaderId)).map(({ account, ...r }) => ({ ...r, phone: account.phone }));
    },

    async group(id: number, tx: Tx | Database = db): Promise<GroupRow | undefined> {
      const [row] = await tx.select().from(groups).where(eq(groups.id, id));
      return row;
    },

    async startGroup(tx: Tx, g: typeof groups.$inferInsert): Promise<GroupRow> {
      const [row] = await tx.insert(groups).values(g).returning();
      return row!;
    },

    async attach(tx: Tx, orderNo: string, groupId: number): Promise<void> {
      await tx.update(orders).set({ groupId }).where(eq(orders.orderNo, orderNo));
    },

    /** A learner's live order (unpaid or paid) in a group, if any. */
    async memberOrder(groupId: number, userId: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.groupId, groupId), eq(orders.userId, userId), inArray(orders.status, ['created', 'paid', 'fulfilled'])))
        .limit(1);
      return row;
    },

    /** Count one paid member (compare-and-set while open and not full): the group after it, or undefined. */
    async countPaid(tx: Tx, groupId: number, size: number, at: Date): Promise<GroupRow | undefined> {
      const [row] = await tx
        .update(groups)
        .set({ paidCount: sql`${groups.paidCount} + 1` })
        .where(and(eq(groups.id, groupId), eq(groups.status, 'open'), gt(groups.expiresAt, at), sql`${groups.paidCount} < ${size}`))
        .returning();
      return row;
    },

    async close(groupId: number, status: 'full' | 'failed', at: Date, tx: Tx | Database = db): Promise<boolean> {
      const rows = await tx
        .update(groups)
        .set({ status, closedAt: at })
        .where(and(eq(groups.id, groupId), eq(groups.status, 'open')))
        .returning({ id: groups.id });
      return rows.length === 1;
    },

    paidOrders(groupId: number, tx: Tx | Database = db): Promise<OrderRow[]> {
      return tx
        .select()
        .from(orders)
        .where(and(eq(orders.groupId, groupId), eq(orders.status, 'paid')));
    },

    unpaidOrders(groupId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.groupId, groupId), eq(orders.status, 'created')));
    },

    /** Paid group orders left waiting in a group that is over (full or failed): refunds still due (retried by the job). */
    stranded(limit: number): Promise<OrderRow[]> {
      return db
        .select({ order: orders })
        .from(orders)
        .innerJoin(groups, eq(groups.id, orders.groupId))
        .where(and(eq(orders.kind, 'group'), eq(orders.status, 'paid'), inArray(groups.status, ['full', 'failed'])))
        .limit(limit)
        .then((rows) => rows.map((r) => r.order));
    },

    /** Open groups whose time is over. */
    overdue(now: Date, limit: number): Promise<GroupRow[]> {
      return db
        .select()
        .from(groups)
        .where(and(eq(groups.status, 'open'), lte(groups.expiresAt, now)))
        .limit(limit);
    },

    /** The learner's group orders with their groups and offers, newest first. */
    mine(userId: number) {
      return db
        .select({ order: orders, group: groups, offer: groupBuys })
        .from(orders)
        .innerJoin(groups, eq(groups.id, orders.groupId))
        .innerJoin(groupBuys, eq(groupBuys.id, groups.groupBuyId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.id))
        .limit(100);
    },
  };
}

export type GroupStore = ReturnType<typeof createGroupStore>;

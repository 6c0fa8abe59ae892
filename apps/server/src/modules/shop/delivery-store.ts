import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { addresses, books, orders, type AddressRow, type BookRow, type DeliveryAddress, type OrderRow } from '../../db/schema/index.ts';

export type NewAddress = Pick<AddressRow, 'name' | 'phone' | 'region' | 'details'> & { isDefault: boolean };
export const MAX_ADDRESSES = 20;

/** Printed books, the address book and the delivery columns of orders: the SQL of delivery. */
export function createDeliveryStore(db: Database) {
  /** Make one address the learner's only default, in the caller's transaction. */
  const onlyDefault = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], userId: number, id: number) =>
    tx
      .update(addresses)
      .set({ isDefault: sql`${addresses.id} = ${id}` })
      .where(eq(addresses.userId, userId));

  return {
    booksOf(appId: number): Promise<BookRow[]> {
      return db
        .select()
        .from(books)
        .where(and(eq(books.appId, appId), eq(books.listed, true)))
        .orderBy(books.id);
    },

    addressesOf(userId: number): Promise<AddressRow[]> {
      return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.id));
    },

    async address(userId: number, id: number): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      return row;
    },

    /** Add an address (undefined past MAX_ADDRESSES); the first, or one marked default, becomes the only default. */
    add(userId: number, a: NewAddress, at: Date): Promise<AddressRow | undefined> {
      return db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(addresses)
          .where(eq(addresses.userId, userId));
        if (n >= MAX_ADDRESSES) return undefined;
        const [row] = await tx
          .insert(addresses)
          .values({ userId, name: a.name, phone: a.phone, region: a.region, details: a.details, isDefault: false, createdAt: at })
          .returning();
        if (a.isDefault || n === 0) await onlyDefault(tx, userId, row!.id);
        return { ...row!, isDefault: a.isDefault || n === 0 };
      });
    },

    /** Change one of the learner's addresses; undefined when it is not theirs. */
    update(userId: number, id: number, a: NewAddress): Promise<AddressRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(addresses)
          .set({ name: a.name, phone: a.phone, region: a.region, details: a.details })
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning();
        if (!row) return undefined;
        if (a.isDefault) await onlyDefault(tx, userId, id);
        return { ...row, isDefault: a.isDefault || row.isDefault };
      });
    },

    /** Delete one of the learner's addresses; the newest other one becomes the default when it was. */
    remove(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning();
        if (!gone) return false;
        if (gone.isDefault) {
          const [next] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(and(eq(addresses.userId, userId), ne(addresses.id, id)))
            .orderBy(desc(addresses.id))
            .limit(1);
          if (next) await onlyDefault(tx, userId, next.id);
        }
        return true;
      });
    },

    /** Set where an order's books go, while they are not shipped (compare-and-set on the delivery status). */
    async setDelivery(orderNo: string, userId: number, delivery: DeliveryAddress): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ delivery })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), eq(orders.deliveryStatus, 'waiting')))
        .returning();
      return row;
    },

    /** Paid orders of the learner with printed books, newest first. */
    deliveriesOf(userId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), ne(orders.deliveryStatus, 'none'), sql`${orders.status} in ('paid', 'fulfilled')`))
        .orderBy(desc(orders.id))
        .limit(100);
    },

    /** An operator ships a paid order's books (waiting → shipped); undefined when it cannot be. */
    async ship(orderNo: string, courier: string, trackingNo: string, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ deliveryStatus: 'shipped', courier, trackingNo, shippedAt: at })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.deliveryStatus, 'waiting'), sql`${orders.status} in ('paid', 'fulfilled')`, sql`${orders.delivery} is not null`))
        .returning();
      return row;
    },

    /** The learner confirms receipt (shipped → received); undefined when it was not shipped. */
    async receive(orderNo: string, userId: number, at: Date): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ deliveryStatus: 'received', receivedAt: at })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), eq(orders.deliveryStatus, 'shipped')))
        .returning();
      return row;
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;

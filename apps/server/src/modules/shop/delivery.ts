import { DELIVERY_MSG, SHOP_MSG, type AddressEntry, type DeliveryView } from '@kaoshi/contract';
import type { AddressRow, BookRow, OrderRow } from '../../db/schema/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, forbidden, notFound } from '../../platform/errors.ts';
import { MINUTE } from '../../platform/module.ts';
import type { DeliveryStore, NewAddress } from './delivery-store.ts';
import type { ShopStore } from './store.ts';

interface AddressInput {
  userName: string;
  phone: string;
  address: string;
  details: string;
  isdefault?: boolean;
}

const toEntry = (a: AddressRow): AddressEntry => ({ id: a.id, userName: a.name, phone: a.phone, address: a.region, details: a.details, isdefault: a.isDefault ? 1 : 0 });
const toNew = (a: AddressInput): NewAddress => ({ name: a.userName, phone: a.phone, region: a.address, details: a.details, isDefault: a.isdefault === true });

export function deliveryOf(o: OrderRow): DeliveryView {
  return {
    orderID: o.orderNo,
    status: o.deliveryStatus as DeliveryView['status'],
    books: o.books.map((b) => ({ bookID: b.bookId, title: b.title, price: b.priceFen })),
    address: o.delivery ? { userName: o.delivery.name, phone: o.delivery.phone, address: o.delivery.region, details: o.delivery.details } : null,
    courier: o.courier,
    trackingNo: o.trackingNo,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    receivedAt: o.receivedAt?.toISOString() ?? null,
  };
}

/**
 * Printed books and their delivery (docs/shop.md): the books a subject sells, the learner's address book, where an
 * order's books go, the courier's number once shipped, and 确认收货.
 */
export function createDelivery(deps: { store: DeliveryStore; orders: ShopStore; clock: Clock; bus: CacheBus }) {
  const { store, orders, clock, bus } = deps;
  const booksHeld = createMemo<number, BookRow[]>(bus, { max: 2_000, ttlMs: 10 * MINUTE });
  bus.on('catalog', () => booksHeld.clear());

  async function own(userId: number, orderNo: string): Promise<OrderRow> {
    const o = await orders.byOrderNo(orderNo);
    if (!o) throw notFound(SHOP_MSG.orderUnknown);
    if (o.userId !== userId) throw forbidden(SHOP_MSG.notYourOrder);
    return o;
  }

  /** The subject's books named in `list` (comma-separated ids), as they are sold now, and their sum. */
  async function pick(appId: number, list: string | undefined) {
    const ids = [
      ...new Set(
        (list ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) return { books: [], booksFen: 0 };
    const offered = await booksHeld.get(appId, () => store.booksOf(appId));
    const chosen = ids.map((id) => offered.find((b) => String(b.id) === id));
    if (chosen.some((b) => !b)) throw badInput(DELIVERY_MSG.bookUnknown);
    const picked = chosen.map((b) => ({ bookId: b!.id, title: b!.title, priceFen: b!.priceFen }));
    return { books: picked, booksFen: picked.reduce((sum, b) => sum + b.priceFen, 0) };
  }

  return {
    books: (appId: number) => booksHeld.get(appId, () => store.booksOf(appId)),

    pick,

    /** The books of a new order and a copy of the learner's address they go to (needed when there are books). */
    async forOrder(userId: number, appId: number, list: string | undefined, addressId: number | undefined) {
      const { books: picked, booksFen } = await pick(appId, list);
      if (picked.length === 0) return { books: picked, booksFen, delivery: null };
      if (addressId === undefined) throw badInput(DELIVERY_MSG.needAddress);
      const a = await store.address(userId, addressId);
      if (!a) throw badInput(DELIVERY_MSG.addressUnknown);
      return { books: picked, booksFen, delivery: { name: a.name, phone: a.phone, region: a.region, details: a.details } };
    },

    list: async (userId: number) => ({ list: (await store.addressesOf(userId)).map(toEntry) }),

    async add(userId: number, a: AddressInput) {
      const row = await store.add(userId, toNew(a), new Date(clock()));
      if (!row) throw badInput(DELIVERY_MSG.tooManyAddresses);
      return toEntry(row);
    },

    async update(userId: number, id: number, a: AddressInput) {
      const row = await store.update(userId, id, toNew(a));
      if (!row) throw notFound(DELIVERY_MSG.addressUnknown);
      return toEntry(row);
    },

    async remove(userId: number, id: number) {
      if (!(await store.remove(userId, id))) throw notFound(DELIVERY_MSG.addressUnknown);
      return { id };
    },

    async setAddress(userId: number, orderNo: string, addressId: number) {
      const o = await own(userId, orderNo);
      if (o.deliveryStatus === 'none') throw badInput(DELIVERY_MSG.noBooks);
      const a = await store.address(userId, addressId);
      if (!a) throw badInput(DELIVERY_MSG.addressUnknown);
      const row = await store.setDelivery(orderNo, userId, { name: a.name, phone: a.phone, region: a.region, details: a.details });
      if (!row) throw badInput(DELIVERY_MSG.shipped);
      return deliveryOf(row);
    },

    async details(userId: number, orderNo: string) {
      return deliveryOf(await own(userId, orderNo));
    },

    all: async (userId: number) => ({ list: (await store.deliveriesOf(userId)).map(deliveryOf) }),

    async take(userId: number, orderNo: string) {
      const o = await own(userId, orderNo);
      if (o.deliveryStatus === 'none') throw badInput(DELIVERY_MSG.noBooks);
      const row = await store.receive(orderNo, userId, new Date(clock()));
      if (!row) throw badInput(o.deliveryStatus === 'received' ? '已确认收货' : DELIVERY_MSG.notShipped);
      return deliveryOf(row);
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;

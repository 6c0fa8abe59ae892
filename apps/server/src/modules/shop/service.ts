import { CATALOG_MSG, DEFAULT_AGENT_CODE, HUABEI_MSG, HUABEI_PAY_TYPES, SHOP_MSG, type OrderState, type OrderView, type PayType } from '@kaoshi/contract';
import type { AgentRow, OrderRow, PriceRow } from '../../db/schema/index.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import { badInput, notFound, tooMany } from '../../platform/errors.ts';
import { maskPhone } from '../../platform/crypto.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MINUTE } from '../../platform/module.ts';
import { hiddenFor } from '../entitlement/index.ts';
import { createDelivery } from './delivery.ts';
import { createCoupons } from './coupons.ts';
import { createOrdering } from './ordering.ts';
import { HUABEI_MIN_FEN, huabeiPlans } from './huabei.ts';
import { createPayments } from './payments.ts';
import { paymentStateOf } from './order-machine.ts';
import { buyingOff, customPayUrl, methodsFor, priceFor, saleItems } from './pricing.ts';
import { createGroups } from './groups.ts';
import { createSale } from './sale.ts';
import { createDiscounts } from './discounts.ts';

export { ORDER_LIMIT, ORDER_TTL_MS } from './ordering.ts';
const PAGE_SIZE = 20;

import type { ShopDeps } from './deps.ts';

export type { ShopDeps };

/** queryUserOrder per learner and minute (/buyCallback polls every 1.5 s, /qRcodePay every 2 s). */
export const ORDER_QUERY_LIMIT = { perUser: 120, windowMs: MINUTE };
/** An unpaid order holds a use of its discount code this long at most (it stays payable for ORDER_TTL_MS). */
export const DISCOUNT_HOLD_MS = 10 * MINUTE;

/** The shop (docs/shop.md): prices, coupons, orders, payments. */
export function createShopService(deps: ShopDeps) {
  const { store, catalog, entitlements, providers, clock, bus } = deps;
  // Prices of a subject for every agent: rarely changed, dropped with the catalog (the prices trigger notifies it).
  const priceRows = createMemo<number, PriceRow[]>(bus, { max: 2_000, ttlMs: 10 * MINUTE });
  bus.on('catalog', () => priceRows.clear());
  const coupons = createCoupons({ store: deps.couponStore, catalog, clock });
  const discounts = createDiscounts({ store: deps.discountStore, clock, limiter: deps.limiter });
  const delivery = createDelivery({ store: deps.deliveryStore, orders: store, clock, bus });

  async function offer(userId: number, agent: AgentRow, appId: number) {
    const subject = await catalog.subject(appId);
    if (!subject?.listed || !(await catalog.sells(agent.code, appId))) throw notFound(CATALOG_MSG.unknownSubject);
    const [versions, held, rows] = await Promise.all([catalog.versions(appId), entitlements.holdings(userId, appId), priceRows.get(appId, () => store.pricesOf(appId))]);
    const items = saleItems(versions, rows, { valid: held.valid, hidden: hiddenFor(versions, held.valid) }, agent.code, DEFAULT_AGENT_CODE);
    return { subject, versions, items, rows };
  }

  async function view(o: OrderRow): Promise<OrderView> {
    const [subject, versions] = await Promise.all([catalog.subject(o.appId), catalog.versions(o.appId)]);
    const open = o.status === 'created' && o.expiresAt.getTime() > clock();
    return {
      orderID: o.orderNo,
      appID: o.appId,
      appName: subject?.appName ?? '',
      vn: o.vn,
      vname: versions.find((v) => v.vn === o.vn)?.vname ?? o.vn,
      kind: o.kind === 'upgrade' || o.kind === 'group' ? o.kind : 'buy',
      groupID: o.groupId,
      fromVn: o.fromVn,
      fromVname: o.fromVn === null ? null : (versions.find((v) => v.vn === o.fromVn)?.vname ?? o.fromVn),
      amount: o.amountFen,
      originalAmount: o.listFen,
      couponOff: o.couponOffFen,
      discountOff: o.discountOffFen,
      booksAmount: o.booksFen,
      deliveryStatus: o.deliveryStatus as OrderView['deliveryStatus'],
      payType: o.payType as PayType,
      instalments: o.instalments,
      status: o.status as OrderState,
      paymentState: paymentStateOf(o.status as OrderState, o.kind),
      closedReason: o.closedReason,
      createdAt: o.createdAt.toISOString(),
      expiresAt: o.expiresAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      payUrl: open && o.payUrl ? o.payUrl : null,
    };
  }

  const ordering = createOrdering({ ...deps, coupons, discounts, delivery, offer, view });
  const versionPrice = async (agent: AgentRow, appId: number, vn: string) =>
    priceFor(await priceRows.get(appId, () => store.pricesOf(appId)), agent.code, DEFAULT_AGENT_CODE, vn)?.priceFen;
  const groups = createGroups({ ...deps, view, versionPrice });
  const payments = createPayments({ ...deps, groups: groups.hook });
  const upgradeBase = (userId: number, agent: AgentRow, appId: number, fromVn: string, vn: string) =>
    ordering.details(userId, agent, { appID: appId, vn, fromVn }).then(
      (q) => q.base,
      () => null,
    );
  const sale = createSale({ store, offer, upgradeBase });

  return {
    async priceList(userId: number, agent: AgentRow, appId: number, equipment?: string) {
      const [{ subject, items }, bookRows] = await Promise.all([offer(userId, agent, appId), delivery.books(appId)]);
      const books = bookRows.map((b) => ({ bookID: b.id, title: b.title, description: b.description, price: b.priceFen }));
      const off = buyingOff(agent);
      const custom = off ? null : customPayUrl(agent);
      return { appID: appId, appName: subject.appName, items, books, payTypes: methodsFor(agent, providers, equipment).map((p) => p.id), customPayUrl: custom, buyDisabled: off };
    },

    details: ordering.details,
    createOrder: ordering.createOrder,

    /** getHuabeiPrice: the instalment plans of what the order would cost now, where Alipay is offered and from ¥100. */
    async huabei(userId: number, agent: AgentRow, w: Parameters<typeof ordering.details>[2] & { equipment?: string }) {
      const { amount } = await ordering.details(userId, agent, w);
      const alipay = methodsFor(agent, providers, w.equipment).some((p) => HUABEI_PAY_TYPES.includes(p.id));
      const reason = !alipay ? HUABEI_MSG.noAlipay : amount < HUABEI_MIN_FEN ? HUABEI_MSG.tooSmall : null;
      return { amount, available: reason === null, reason, plans: reason === null ? huabeiPlans(amount) : [] };
    },

    /** One of the learner's own orders: another's and an unknown one are the same 404, and lookups are limited. */
    async order(userId: number, orderNo: string): Promise<OrderView> {
      if ((await deps.limiter.hit(`order-query:user:${userId}`, ORDER_QUERY_LIMIT.windowMs)).count > ORDER_QUERY_LIMIT.perUser) throw tooMany(SHOP_MSG.queryTooMany);
      const o = await store.byOrderNo(orderNo);
      if (!o || o.userId !== userId) throw notFound(SHOP_MSG.orderUnknown);
      return view(o);
    },

    /** The learner's agent (prices, coupons, codes and group buys are its, whatever the request's ac). */
    agentOf: deps.agentOfUser,

    /** Unpaid orders' holds of discount codes older than DISCOUNT_HOLD_MS go back to their codes (a job). */
    releaseDiscountHolds: () => deps.discountStore.releaseStale(new Date(clock() - DISCOUNT_HOLD_MS)),

    /** 请人代付: the token of the order's /qRcodePayNew link (made once; only for the owner's unpaid order). */
    async share(userId: number, orderNo: string) {
      const o = await store.byOrderNo(orderNo);
      if (!o || o.userId !== userId) throw notFound(SHOP_MSG.orderUnknown);
      if (o.status !== 'created' || o.expiresAt.getTime() <= clock()) throw badInput(SHOP_MSG.notShareable);
      const token = await store.shareToken(orderNo, randomBytes(18).toString('base64url'));
      return { orderID: orderNo, token: token! };
    },

    /** A shared order for anyone with its token (compared in constant time); unknown and wrong look the same. */
    async shared(orderNo: string, token: string) {
      const row = await store.withPhone(orderNo);
      const expected = row?.order.shareToken;
      if (!row || !expected || expected.length !== token.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(token))) throw notFound(SHOP_MSG.shareUnknown);
      const v = await view(row.order);
      return {
        orderID: v.orderID,
        appName: v.appName,
        vname: v.vname,
        amount: v.amount,
        status: v.status,
        expiresAt: v.expiresAt,
        payUrl: v.payUrl,
        requester: maskPhone(row.phone ?? ''),
      };
    },

    async orders(userId: number, page = 1) {
      const rows = await store.listOf(userId, (page - 1) * PAGE_SIZE, PAGE_SIZE + 1);
      return { list: await Promise.all(rows.slice(0, PAGE_SIZE).map(view)), hasMore: rows.length > PAGE_SIZE };
    },

    coupons,
    delivery,
    groups,
    sale,
    discounts,
    buyers: async (agent: AgentRow, appId: number, page?: number) => sale.buyers(agent, appId, await catalog.versions(appId), page),
    ...payments,
    /** Group buys over their time and short of members fail; their payers are refunded (a job). */
    groupSweep: () => groups.sweep(payments.refund),
  };
}

export type ShopService = ReturnType<typeof createShopService>;

import { randomInt } from 'node:crypto';
import { CATALOG_MSG, DEFAULT_AGENT_CODE, SHOP_MSG, type OrderState, type OrderView, type PayType } from '@kaoshi/contract';
import type { AgentRow, OrderRow, PriceRow } from '../../db/schema/index.ts';
import type { CacheBus } from '../../platform/cache/bus.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, forbidden, notFound, tooMany } from '../../platform/errors.ts';
import { MINUTE } from '../../platform/module.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { CatalogStore } from '../catalog/index.ts';
import { hiddenFor, type EntitlementService } from '../entitlement/index.ts';
import { createPayments } from './payments.ts';
import { saleItems } from './pricing.ts';
import type { PaymentProvider } from './providers.ts';
import type { ShopStore } from './store.ts';

/** An unpaid order closes after this (its provider is asked first). */
export const ORDER_TTL_MS = 30 * MINUTE;
/** Orders a learner may create per window. */
export const ORDER_LIMIT = { perUser: 20, windowMs: 10 * MINUTE };
const PAGE_SIZE = 20;

export interface ShopDeps {
  store: ShopStore;
  catalog: CatalogStore;
  entitlements: EntitlementService;
  providers: ReadonlyMap<PayType, PaymentProvider>;
  clock: Clock;
  limiter: RateLimiter;
  bus: CacheBus;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

const two = (n: number) => String(n).padStart(2, '0');
/** KS + the local (UTC+8) date and time to the second + 6 random digits: unique by the table's index. */
function newOrderNo(now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const stamp = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return `KS${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The shop (docs/shop.md): prices, orders, payments. */
export function createShopService(deps: ShopDeps) {
  const { store, catalog, entitlements, providers, clock, limiter, bus } = deps;
  // Prices of a subject for every agent: read rarely changed, dropped with the catalog (the prices trigger notifies it).
  const priceRows = createMemo<number, PriceRow[]>(bus, { max: 2_000, ttlMs: 10 * MINUTE });
  bus.on('catalog', () => priceRows.clear());
  const payments = createPayments(deps);

  const buyingOff = (agent: AgentRow) => agent.buyDisabled || agent.contactOnly;
  const customPayUrl = (agent: AgentRow) => (agent.customPayment ? agent.phonePayUrl || agent.weixinPayUrl || null : null);

  async function offer(userId: number, agent: AgentRow, appId: number) {
    const subject = await catalog.subject(appId);
    if (!subject?.listed || !(await catalog.sells(agent.code, appId))) throw notFound(CATALOG_MSG.unknownSubject);
    const [versions, held, rows] = await Promise.all([catalog.versions(appId), entitlements.holdings(userId, appId), priceRows.get(appId, () => store.pricesOf(appId))]);
    const items = saleItems(versions, rows, { valid: held.valid, hidden: hiddenFor(versions, held.valid) }, agent.code, DEFAULT_AGENT_CODE);
    return { subject, versions, items };
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
      amount: o.amountFen,
      originalAmount: o.listFen,
      payType: o.payType as PayType,
      status: o.status as OrderState,
      closedReason: o.closedReason,
      createdAt: o.createdAt.toISOString(),
      expiresAt: o.expiresAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      payUrl: open && o.payUrl ? o.payUrl : null,
    };
  }

  return {
    async priceList(userId: number, agent: AgentRow, appId: number) {
      const { subject, items } = await offer(userId, agent, appId);
      const off = buyingOff(agent);
      const custom = off ? null : customPayUrl(agent);
      return {
        appID: appId,
        appName: subject.appName,
        items,
        payTypes: off || custom ? [] : [...providers.keys()],
        customPayUrl: custom,
        buyDisabled: off,
      };
    },

    async createOrder(userId: number, agent: AgentRow, input: { appID: number; vn: string; payType: PayType; equipment?: string; requestId: string }): Promise<OrderView> {
      if (buyingOff(agent)) throw badInput(SHOP_MSG.buyDisabled);
      if (customPayUrl(agent)) throw badInput(SHOP_MSG.customPayment);
      const provider = providers.get(input.payType);
      if (!provider) throw badInput(SHOP_MSG.payTypeOff);
      const { versions, items } = await offer(userId, agent, input.appID);
      const item = items.find((i) => i.vn === input.vn);
      if (!item) {
        const held = await entitlements.holdings(userId, input.appID);
        const hidden = hiddenFor(versions, held.valid).has(input.vn);
        throw badInput(hidden ? SHOP_MSG.hiddenVersion : SHOP_MSG.notOnSale);
      }
      const window = await limiter.hit(`order:user:${userId}`, ORDER_LIMIT.windowMs);
      if (window.count > ORDER_LIMIT.perUser) throw tooMany(SHOP_MSG.tooMany);

      const now = clock();
      const order = await store.createOrder({
        orderNo: newOrderNo(now),
        userId,
        agentCode: agent.code,
        appId: input.appID,
        vn: item.vn,
        amountFen: item.price,
        listFen: item.originalPrice,
        payType: provider.id,
        equipment: input.equipment ?? '',
        requestId: input.requestId,
        status: 'created',
        createdAt: new Date(now),
        expiresAt: new Date(now + ORDER_TTL_MS),
      });
      if (order.status === 'created' && !order.payUrl) {
        const pv = providers.get(order.payType as PayType) ?? provider;
        const subject = await catalog.subject(order.appId);
        const { payUrl } = await pv.start({
          orderNo: order.orderNo,
          amountFen: order.amountFen,
          description: `${subject?.appName ?? ''} ${item.vname}`.trim(),
          returnUrl: `/buyCallback?orderID=${encodeURIComponent(order.orderNo)}`,
        });
        await store.setPayUrl(order.orderNo, payUrl);
        order.payUrl = payUrl;
      }
      return view(order);
    },

    async order(userId: number, orderNo: string): Promise<OrderView> {
      const o = await store.byOrderNo(orderNo);
      if (!o) throw notFound(SHOP_MSG.orderUnknown);
      if (o.userId !== userId) throw forbidden(SHOP_MSG.notYourOrder);
      return view(o);
    },

    async orders(userId: number, page = 1) {
      const rows = await store.listOf(userId, (page - 1) * PAGE_SIZE, PAGE_SIZE + 1);
      return { list: await Promise.all(rows.slice(0, PAGE_SIZE).map(view)), hasMore: rows.length > PAGE_SIZE };
    },

    ...payments,
  };
}

export type ShopService = ReturnType<typeof createShopService>;

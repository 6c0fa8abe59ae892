import { randomInt } from 'node:crypto';
import { DISCOUNT_MSG, HUABEI_MSG, HUABEI_PAY_TYPES, SHOP_MSG, DEFAULT_AGENT_CODE, upgradable, type OrderView, type PayType, type PriceItem } from '@kaoshi/contract';
import type { AgentRow, OrderRow, PriceRow, VersionRow } from '../../db/schema/index.ts';
import { badInput, tooMany } from '../../platform/errors.ts';
import { MINUTE } from '../../platform/module.ts';
import { hiddenFor } from '../entitlement/index.ts';
import type { Coupons } from './coupons.ts';
import type { Delivery } from './delivery.ts';
import type { CouponStore } from './coupon-store.ts';
import { discountTerms, type Discounts } from './discounts.ts';
import { priceFor, providerFor } from './pricing.ts';
import { HUABEI_MIN_FEN, instalmentTerms } from './huabei.ts';
import { equipmentKind, type PaymentProvider } from './providers.ts';
import { planUpgrade, quote, type UpgradePrices } from './quote.ts';
import type { ShopDeps } from './deps.ts';
import { chinaSecond } from '../../platform/china-time.ts';

/** An unpaid order closes after this (its provider is asked first). */
export const ORDER_TTL_MS = 30 * MINUTE;
/** Orders a learner may create per window. */
export const ORDER_LIMIT = { perUser: 20, windowMs: 10 * MINUTE };

/** KS + the China date and time to the second (YYYYMMDDHHmmss) + 6 random digits: unique by the table's index. */
export function newOrderNo(now: number): string {
  const stamp = chinaSecond(now).replace(/\D/g, '');
  return `KS${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** One more order of this learner in the window (any kind: a purchase, an upgrade, a group buy); refused past the limit. */
export async function countOrder(d: Pick<ShopDeps, 'limiter' | 'orderLimit'>, userId: number): Promise<void> {
  const window = await d.limiter.hit(`order:user:${userId}`, ORDER_LIMIT.windowMs);
  if (window.count > (d.orderLimit ?? ORDER_LIMIT.perUser)) throw tooMany(SHOP_MSG.tooMany);
}

/**
 * Start the provider's payment of a new order (once: an order that has its pay URL, or is no longer unpaid, is left
 * as it is) and keep where the learner pays.
 */
export async function startPayment(d: Pick<ShopDeps, 'store'>, provider: PaymentProvider, order: OrderRow, description: string, ip = '') {
  if (order.status !== 'created' || order.payUrl) return;
  const { payUrl } = await provider.start({
    orderNo: order.orderNo,
    amountFen: order.amountFen,
    description: description.trim(),
    returnUrl: `/buyCallback?orderID=${encodeURIComponent(order.orderNo)}`,
    equipment: equipmentKind(order.equipment),
    clientIp: ip,
    expiresAt: order.expiresAt,
    instalmentTerms: instalmentTerms(order.instalments),
  });
  await d.store.setPayUrl(order.orderNo, payUrl);
  order.payUrl = payUrl;
}

export interface Offer {
  versions: VersionRow[];
  items: PriceItem[];
  rows: PriceRow[];
  subject: { appName: string };
}

export interface OrderingDeps extends ShopDeps {
  coupons: Coupons;
  couponStore: CouponStore;
  discounts: Discounts;
  delivery: Delivery;
  offer(userId: number, agent: AgentRow, appId: number): Promise<Offer>;
  view(o: OrderRow): Promise<OrderView>;
}

export interface Wanted {
  appID: number;
  vn: string;
  /** An upgrade from this held version. */
  fromVn?: string;
  couponUserID?: number;
  /** The discount code as presented (the spec's discountID carries the code). */
  discountID?: string;
}

/**
 * Working out an order (docs/shop.md, "Amounts"): the version's price, or an upgrade's daily difference for the
 * days left, then the coupon. Creating it: one transaction inserts the order (or finds the one of this requestId)
 * and holds the coupon by compare-and-set, so a coupon goes to one of two parallel orders.
 */
export function createOrdering(d: OrderingDeps) {
  async function plan(userId: number, agent: AgentRow, w: Wanted, listCoupons = false) {
    const { versions, items, rows, subject } = await d.offer(userId, agent, w.appID);
    const item = items.find((i) => i.vn === w.vn);
    const held = await d.entitlements.holdings(userId, w.appID);
    if (!item) throw badInput(hiddenFor(versions, held.valid).has(w.vn) ? SHOP_MSG.hiddenVersion : SHOP_MSG.notOnSale);
    const now = d.clock();
    let base = item.price;
    let list = item.originalPrice;
    let endsAt = new Date(Math.max(now, item.heldUntil ? Date.parse(item.heldUntil) : now) + item.validityDays * 86_400_000);
    let from: { vn: string; vname: string } | null = null;
    let terms: UpgradePrices | null = null;
    if (w.fromVn !== undefined) {
      if (w.fromVn === w.vn) throw badInput(SHOP_MSG.upgradeSame);
      const current = held.valid.find((p) => p.vn === w.fromVn);
      const fromVersion = versions.find((v) => v.vn === w.fromVn);
      const toVersion = versions.find((v) => v.vn === item.vn);
      if (!current || !fromVersion || !toVersion) throw badInput(SHOP_MSG.upgradeNotHeld);
      if (item.vnorder <= fromVersion.vnorder) throw badInput(SHOP_MSG.upgradeDown);
      if (!upgradable({ vnorder: fromVersion.vnorder, modules: fromVersion.vnjson }, { vnorder: toVersion.vnorder, modules: toVersion.vnjson }))
        throw badInput(SHOP_MSG.upgradeNotContained);
      terms = {
        fromPriceFen: priceFor(rows, agent.code, DEFAULT_AGENT_CODE, w.fromVn)?.priceFen ?? 0,
        fromValidityDays: fromVersion.validityDays,
        toPriceFen: item.price,
        toValidityDays: item.validityDays,
      };
      const up = planUpgrade(terms, current.endTime.getTime(), item.heldUntil ? Date.parse(item.heldUntil) : null, now);
      if (!up) throw badInput(SHOP_MSG.upgradeNothing);
      base = up.priceFen;
      list = base;
      endsAt = new Date(up.grantUntil);
      from = { vn: fromVersion.vn, vname: fromVersion.vname };
    }
    // The learner's coupons are read for a quote (all of them, with what each takes off) or when one is chosen.
    const coupons = listCoupons || w.couponUserID !== undefined ? await d.coupons.forQuote(userId, agent, w.appID, w.vn, base) : [];
    const chosen = w.couponUserID === undefined ? undefined : coupons.find((c) => c.held.id === w.couponUserID);
    if (w.couponUserID !== undefined && (!chosen || chosen.reason)) throw badInput(SHOP_MSG.couponUnusable);
    const discount = w.discountID === undefined ? undefined : await d.discounts.forOrder(userId, agent, w.discountID, w.appID, item.vn);
    const q = quote(
      base,
      chosen ? { kind: chosen.held.coupon.kind === 'percent' ? 'percent' : 'amount', value: chosen.held.coupon.value, minSpendFen: chosen.held.coupon.minSpendFen } : undefined,
      discount ? discountTerms(discount) : undefined,
    );
    if (discount && q.discountOffFen === 0) throw badInput(DISCOUNT_MSG.minSpend);
    return { item, subject, from, terms, list, endsAt, q, coupons, couponId: chosen?.held.id ?? null, discount };
  }

  async function create(
    userId: number,
    agent: AgentRow,
    w: Wanted & { payType: PayType; equipment?: string; requestId: string; branchBookList?: string; addressID?: number; ip?: string; instalments?: number },
  ): Promise<OrderView> {
    const provider = providerFor(agent, d.providers, w.payType, w.equipment);
    // The same attempt again (a double tap, a retry after a lost reply): its order as it is, whatever changed since
    // (its coupon is held by it now, so planning it again would refuse the coupon).
    const again = await d.store.byRequest(userId, w.requestId);
    if (again && (again.status !== 'created' || again.payUrl)) return d.view(again);
    const p = await plan(userId, agent, w);
    // Printed books are added at their price (a coupon is for the version only) and go to a copy of the address.
    const b = w.fromVn === undefined ? await d.delivery.forOrder(userId, w.appID, w.branchBookList, w.addressID) : { books: [], booksFen: 0, delivery: null };
    const instalments = w.instalments ?? 0;
    if (instalments > 0 && !HUABEI_PAY_TYPES.includes(provider.id)) throw badInput(HUABEI_MSG.noAlipay);
    if (instalments > 0 && p.q.amountFen + b.booksFen < HUABEI_MIN_FEN) throw badInput(HUABEI_MSG.tooSmall);
    await countOrder(d, userId);

    const now = d.clock();
    const at = new Date(now);
    const order = await d.store.transaction(async (tx) => {
      const made = await d.store.insertOrder(
        tx,
        {
          orderNo: newOrderNo(now),
          userId,
          agentCode: agent.code,
          appId: w.appID,
          vn: p.item.vn,
          kind: p.from ? 'upgrade' : 'buy',
          fromVn: p.from?.vn ?? null,
          amountFen: p.q.amountFen + b.booksFen,
          baseFen: p.q.baseFen,
          listFen: p.list,
          couponOffFen: p.q.couponOffFen,
          userCouponId: p.couponId,
          discountId: p.discount?.id ?? null,
          discountOffFen: p.q.discountOffFen,
          discountHeld: p.discount !== undefined,
          grantUntil: p.from ? p.endsAt : null,
          upgradeTerms: p.terms,
          books: b.books,
          booksFen: b.booksFen,
          delivery: b.delivery,
          deliveryStatus: b.books.length > 0 ? 'waiting' : 'none',
          payType: provider.id,
          instalments,
          equipment: w.equipment ?? '',
          requestId: w.requestId,
          status: 'created',
          createdAt: at,
          expiresAt: new Date(now + ORDER_TTL_MS),
        },
        () => newOrderNo(now),
      );
      if (made.fresh && p.couponId !== null && !(await d.couponStore.hold(tx, p.couponId, userId, made.row.orderNo, at))) throw badInput(SHOP_MSG.couponUnusable);
      if (made.fresh && p.discount && !(await d.discountStore.hold(tx, p.discount.id, userId, made.row.orderNo))) throw badInput(DISCOUNT_MSG.usedUp);
      return made.row;
    });
    if (p.discount) await d.discounts.visited(p.discount, userId);
    const description = `${p.subject.appName} ${p.from ? `${p.from.vname}→` : ''}${p.item.vname}${b.books.length > 0 ? ` + 教材${b.books.length}本` : ''}`;
    await startPayment(d, d.providers.get(order.payType as PayType) ?? provider, order, description, w.ip);
    return d.view(order);
  }

  return {
    /** pricedetails: what the order would cost now, with the learner's coupons. */
    async details(userId: number, agent: AgentRow, w: Wanted & { branchBookList?: string }) {
      const p = await plan(userId, agent, w, true);
      const b = w.fromVn === undefined ? await d.delivery.pick(w.appID, w.branchBookList) : { booksFen: 0 };
      return {
        kind: p.from ? ('upgrade' as const) : ('buy' as const),
        vn: p.item.vn,
        vname: p.item.vname,
        fromVn: p.from?.vn ?? null,
        fromVname: p.from?.vname ?? null,
        originalPrice: p.list,
        base: p.q.baseFen,
        couponOff: p.q.couponOffFen,
        discountOff: p.q.discountOffFen,
        discountTitle: p.discount?.title ?? null,
        booksAmount: b.booksFen,
        amount: p.q.amountFen + b.booksFen,
        couponUserID: p.couponId,
        endsAt: p.endsAt.toISOString(),
        coupons: p.coupons.map((c) => ({ couponUserID: c.held.id, title: c.held.coupon.title, off: c.off, usable: c.reason === null, reason: c.reason })),
      };
    },
    createOrder: create,
  };
}

import type { OrderState, PayType } from '@kaoshi/contract';
import { grantFromOrder, revokeForOrder } from '../entitlement/index.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { unwindUpgrades } from './unwind.ts';
import { createReconciler } from './reconcile.ts';
import { nextState } from './order-machine.ts';
import type { ShopDeps } from './deps.ts';
import type { PaymentEvent } from './payment-event.ts';
import type { Tx } from '../../db/index.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { PostMessage } from '../message/index.ts';

/** Why a notification was refused (logged in English; nothing granted, nothing stored). */
export type Refusal = 'unknown-order' | 'amount' | 'provider';
/** held: a group-buy payment waiting for its group; refund: paid into a group that was full or over (refunded). */
/** flagged: money kept for an operator to refund (payment_flags): a second payment of a paid order, or a late payment whose coupon another order used. */
export type PaymentOutcome = 'granted' | 'held' | 'refund' | 'duplicate' | 'flagged' | 'ignored' | { refused: Refusal };
export type RefundOutcome = 'refunded' | 'already' | { refused: string };
type PaidEvent = Extract<PaymentEvent, { kind: 'paid' }>;

/**
 * Payments applied to orders, exactly once (docs/shop.md). A provider's report arrives as the shop's own payment
 * event (payment-event.ts), from a notification or a query. One transaction locks the order, checks the amount,
 * records the report's id (a replay finds it taken), moves the order created|closed → paid, marks its coupon used,
 * grants the version through the entitlement store with its change-log row, and moves paid → fulfilled.
 */
/** What a group-buy payment does to its group (groups.ts). */
export interface GroupHook {
  onPaid(tx: Tx, order: OrderRow, at: Date): Promise<{ grant: OrderRow[]; refund: boolean }>;
}

export function createPayments(
  deps: Pick<ShopDeps, 'store' | 'couponStore' | 'catalog' | 'providers' | 'clock' | 'bus' | 'log'> & { groups?: GroupHook; postMessage?: PostMessage },
) {
  const { store, couponStore, catalog, providers, clock, bus, log, groups } = deps;

  /**
   * The learner's 订单物流 message of a payment or a refund (docs/messages.md), once per order and event (dedupe), after
   * the transaction: a message that fails is logged, never the payment's undoing.
   */
  async function tell(userId: number, orderNo: string, title: string, body: string, event: 'paid' | 'refunded' | 'flagged') {
    if (!deps.postMessage) return;
    await deps
      .postMessage(userId, { kind: 'order', title, body, link: `/receiptDetail?orderID=${orderNo}`, dedupe: `order-${event}:${orderNo}` })
      .catch((err: unknown) => log.error({ err, event }, 'order message not written'));
  }

  /** Keep a payment an operator must refund, once per provider transaction (payment_flags). */
  async function flag(tx: Tx, o: OrderRow, provider: PayType, e: PaidEvent, reason: 'extra-payment' | 'coupon-taken', at: Date) {
    await store.flag(tx, { provider, transactionId: e.providerTradeNo, orderNo: o.orderNo, amountFen: e.amountFen, reason, createdAt: at });
  }

  /**
   * Apply what `provider` reports of an order's trade, taken once under `reportId` (the notification's id, or
   * queryReportId for a query's answer). Only a paid event moves the order; any other kind is recorded and changes
   * nothing.
   */
  async function applyPayment(provider: PayType, reportId: string, e: PaymentEvent): Promise<PaymentOutcome> {
    const at = new Date(clock());
    // A replay of a notification already taken (the usual duplicate) is answered by one read; the transaction
    // below decides for the first copies, which may arrive together.
    if (await store.seenNotification(provider, reportId)) return 'duplicate';
    const order = await store.byOrderNo(e.orderNo);
    const versions = order ? await catalog.versions(order.appId) : [];
    const granted: number[] = [];
    const paidOrders: { userId: number; orderNo: string; vname: string }[] = [];
    const outcome = await store.transaction(async (tx): Promise<PaymentOutcome & {}> => {
      const o = await store.lockOrder(tx, e.orderNo);
      if (!o) return { refused: 'unknown-order' };
      if (o.payType !== provider) return { refused: 'provider' };
      // The adapters take amounts in CNY only; a report of another kind may not say its amount.
      if (e.amountFen !== undefined && e.amountFen !== o.amountFen) return { refused: 'amount' };
      if (e.kind !== 'paid') {
        await store.takeNotification(tx, provider, reportId, o.orderNo, `state:${e.kind}`, at);
        return 'ignored';
      }
      const payable = nextState(o.status as OrderState, 'pay') !== null;
      // Another payment of an order already paid (paid twice, or after a refund): kept with its transaction id and
      // flagged for an operator to refund; the order is left as it is.
      const extra = !payable && o.providerTxn !== null && e.providerTradeNo !== o.providerTxn;
      const fresh = await store.takeNotification(tx, provider, reportId, o.orderNo, extra ? 'extra' : payable ? 'paid' : 'duplicate', at);
      if (!fresh) return 'duplicate';
      if (extra) {
        await flag(tx, o, provider, e, 'extra-payment', at);
        return 'flagged';
      }
      if (!payable) return 'duplicate';
      // A late payment of a closed order stands only while its coupon is still its own; else the money goes back.
      if (o.status === 'closed' && o.userCouponId !== null && !(await couponStore.use(tx, o.userCouponId, o.orderNo, at))) {
        await flag(tx, o, provider, e, 'coupon-taken', at);
        return 'flagged';
      }
      const paid = await store.transition(tx, o.orderNo, o.status as OrderState, 'pay', { paidAt: at, providerTxn: e.providerTradeNo, closedReason: null });
      if (!paid) return 'duplicate';
      // The order's use of its discount code: still held, or taken again (released at closing or after its hold time).
      if (o.discountId !== null && !o.discountHeld) await store.retakeDiscount(tx, o.discountId);
      const version = versions.find((v) => v.vn === o.vn);
      if (!version) throw new Error(`order ${o.id}: version no longer exists`);
      if (o.userCouponId !== null && o.status !== 'closed' && !(await couponStore.use(tx, o.userCouponId, o.orderNo, at)))
        log.warn({ order: o.id }, 'paid order whose coupon was no longer its own');
      // A group-buy order waits for its group: granted (with every member) when it fills, refunded when it cannot.
      const due = o.kind === 'group' && groups ? await groups.onPaid(tx, paid, at) : { grant: [paid], refund: false };
      if (due.refund) return 'refund';
      for (const g of due.grant) {
        const until = g.kind === 'upgrade' ? g.grantUntil : null;
        const { addedSeconds } = await grantFromOrder(
          tx,
          { userId: g.userId, appId: g.appId, vn: g.vn, vnOrder: version.vnorder, validityDays: version.validityDays, at, until },
          `AppID=${g.appId} vn=${g.vn} source=order`,
        );
        await store.transition(tx, g.orderNo, 'paid', 'fulfil', { fulfilledAt: at, grantedSeconds: addedSeconds });
        granted.push(g.userId);
        paidOrders.push({ userId: g.userId, orderNo: g.orderNo, vname: version.vname });
      }
      return due.grant.length > 0 ? 'granted' : 'held';
    });
    for (const userId of granted) bus.local({ kind: 'purchase', userId });
    for (const o of paidOrders) await tell(o.userId, o.orderNo, '购买成功', `「${o.vname}」已开通，现在就可以开始学习了。订单号：${o.orderNo}`, 'paid');
    if (outcome === 'flagged' && order) {
      log.warn({ provider, order: order.id }, 'payment flagged for refund (a second payment, or a late payment whose coupon was used)');
      await tell(
        order.userId,
        order.orderNo,
        '付款将退回',
        `订单 ${order.orderNo} 收到一笔无法使用的付款（重复支付，或订单关闭后优惠券已被其他订单使用），款项将原路退回，请留意到账。`,
        'flagged',
      );
    }
    // The payment stands either way; a refund that fails now is retried by the group job (groups.ts, stranded).
    if (outcome === 'refund' && order)
      await refund(order.orderNo, '拼团已满员或已结束，自动退款').catch((err: unknown) => log.error({ err, order: order.id }, 'group refund failed; the job retries it'));
    if (typeof outcome === 'object') log.error({ provider, reason: outcome.refused, order: order?.id ?? null }, 'payment notification refused');
    return outcome;
  }

  /**
   * Reconcile and expire (a job, every minute; reconcile.ts): each unpaid order's provider is asked on its own, with
   * a timeout and a backoff per provider; a payment it holds is applied by applyPayment; an expired order is closed
   * even when its provider cannot answer, and asked again once it can.
   */
  const reconciler = createReconciler({ store, providers, clock, log, applyPayment });
  const sweep = reconciler.sweep;

  /**
   * Refund a paid order (an operator's decision, or a group buy that did not fill): the provider pays the amount
   * back first (idempotent by order number, so running it again is safe), then one transaction moves the order
   * to refunded (compare-and-set) and takes back the time its payment added to the purchase, with a change-log
   * row for the learner's devices. The coupon stays used. Printed books already shipped are the operator's matter.
   */
  async function refund(orderNo: string, reason: string): Promise<RefundOutcome> {
    const o = await store.byOrderNo(orderNo);
    if (!o) return { refused: 'unknown order' };
    if (o.status === 'refunded') return 'already';
    if (nextState(o.status as OrderState, 'refund') === null) return { refused: `order is ${o.status}, not paid` };
    const provider = providers.get(o.payType as PayType);
    if (!provider?.refund) return { refused: `provider ${o.payType} cannot refund here` };
    await provider.refund(o.orderNo, o.amountFen);
    const at = new Date(clock());
    const versions = await catalog.versions(o.appId);
    const done = await store.transaction(async (tx) => {
      const locked = await store.lockOrder(tx, orderNo);
      if (!locked || nextState(locked.status as OrderState, 'refund') === null) return null;
      await store.transition(tx, orderNo, locked.status as OrderState, 'refund', { refundedAt: at, refundReason: reason });
      // A refunded member of a group still open frees their seat (a group never fills with members who paid nothing).
      if (locked.groupId !== null) await store.freeSeat(tx, locked.groupId);
      if (locked.grantedSeconds <= 0) return [];
      const shrunk = await revokeForOrder(
        tx,
        { userId: locked.userId, appId: locked.appId, vn: locked.vn, seconds: locked.grantedSeconds, at },
        `AppID=${locked.appId} vn=${locked.vn} source=refund`,
      );
      // What was built on this purchase keeps only what is still paid (docs/shop.md, "Refunds").
      return shrunk ? unwindUpgrades(tx, store, { userId: locked.userId, appId: locked.appId, vn: locked.vn, endsAt: shrunk.endTime }, versions, at) : [];
    });
    if (!done) return 'already';
    bus.local({ kind: 'purchase', userId: o.userId });
    const changes = done
      .map((u) => (u.endsAt.getTime() <= at.getTime() ? `「${u.vname}」随之结束。` : `「${u.vname}」的有效期随之调整至 ${chinaDay(u.endsAt.getTime())}。`))
      .join('');
    await tell(
      o.userId,
      o.orderNo,
      '退款成功',
      `订单 ${o.orderNo} 已退款（${(o.amountFen / 100).toFixed(2)} 元），款项将原路退回。原因：${reason}${changes ? `。${changes}` : ''}`,
      'refunded',
    );
    return 'refunded';
  }

  return { applyPayment, sweep, refund, providerHealth: reconciler.health };
}

/**
 * The shop's own payment vocabulary (docs/shop.md, "Payment events"): what a provider says of one order's trade,
 * in our words. Each adapter translates its provider's notification and its answer to a query into this
 * (wechat-v3.ts for WeChat Pay v3 and the sandbox, alipay-events.ts for Alipay, sandbox.ts for the sandbox's
 * records); payments.ts and reconcile.ts read nothing else. No provider's wire name (out_trade_no, trade_state,
 * trade_status …) goes past an adapter.
 */

/**
 * - paid: the money for the order arrived; the only kind that moves an order (order-machine.ts `pay`).
 * - refunded: the trade's money went back, in full or in part (a refund made at the provider). Taken and recorded;
 *   the order moves to refunded only through the shop's own refund (payments.ts), which asks the provider first.
 * - pending: the trade is open and not paid yet.
 * - failed: the trade ended without a payment (closed unpaid, revoked, or the payment failed).
 */
export const paymentKinds = ['paid', 'refunded', 'pending', 'failed'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** A paid trade always says which trade and how much; the other kinds say what the provider told. */
export type PaymentEvent =
  | { kind: 'paid'; orderNo: string; providerTradeNo: string; amountFen: number }
  | { kind: Exclude<PaymentKind, 'paid'>; orderNo: string; providerTradeNo?: string; amountFen?: number };

/**
 * The id a query's answer is taken under (payment_notifications): one per provider trade, so a payment found by
 * reconciliation and the same trade found again are one report, never two payments.
 */
export const queryReportId = (providerTradeNo: string) => `query:${providerTradeNo}`;

/**
 * A provider's notification, opened by its adapter: verified and translated into a payment event, or why not
 * (a short English word for the log). `authentic`: the provider did send it, but it is not a payment of ours
 * (another event, merchant, app, status …), answered as refused rather than as not verified.
 */
export type OpenedNotification = { ok: true; id: string; event: PaymentEvent } | { ok: false; reason: string; authentic?: true };

/** A notification the provider did send but that is not a payment of ours. */
export const refusedAs = (reason: string): OpenedNotification => ({ ok: false, reason, authentic: true });

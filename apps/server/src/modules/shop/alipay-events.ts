import type { PaymentEvent, PaymentKind } from './payment-event.ts';

/** "398.00" → 39800 fen; null for anything that is not a plain amount of yuan with at most two decimals. */
export function yuanToFen(s: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** Alipay's trade_status words, in the shop's (payment-event.ts); any other is not a trade Alipay documents. */
const KINDS: Readonly<Record<string, PaymentKind>> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'failed',
};
const kindOf = (status: string): PaymentKind | undefined => (Object.hasOwn(KINDS, status) ? KINDS[status] : undefined);

/**
 * A refund of the trade, not a payment: Alipay tells a partial refund as TRADE_SUCCESS with the refund's fields
 * (and a full one as TRADE_CLOSED with them).
 */
const isRefund = (form: Record<string, string>) => Boolean(form.gmt_refund || form.out_biz_no || (form.refund_fee && yuanToFen(form.refund_fee) !== 0));

/**
 * An Alipay trade_status_sync notification (its form fields, signature and account already checked) in the shop's
 * words, or why it is not one the shop takes: `status` (a trade_status Alipay does not document), `body` (no
 * out_trade_no, trade_no or readable total_amount). TRADE_SUCCESS and TRADE_FINISHED are paid, unless the
 * notification carries a refund's fields (refunded); WAIT_BUYER_PAY is pending; TRADE_CLOSED failed (refunded with
 * a refund's fields).
 */
export function alipayNotificationEvent(form: Record<string, string>): PaymentEvent | { refused: string } {
  const kind = kindOf(form.trade_status ?? '');
  if (!kind) return { refused: 'status' };
  const amountFen = yuanToFen(form.total_amount ?? '');
  if (!form.out_trade_no || !form.trade_no || amountFen === null) return { refused: 'body' };
  const trade = { orderNo: form.out_trade_no, providerTradeNo: form.trade_no, amountFen };
  return isRefund(form) ? { kind: 'refunded', ...trade } : { kind, ...trade };
}

/** The fields of alipay.trade.query's answer the adapter reads (alipay-sdk gives them camelCased). */
export interface AlipayQueryReply {
  outTradeNo?: unknown;
  tradeNo?: unknown;
  tradeStatus?: unknown;
  totalAmount?: unknown;
}

/**
 * The answer of alipay.trade.query (code 10000) for order `orderNo` in the shop's words; null when it names no trade
 * the adapter can read (an unknown status, or paid without its trade_no or amount). The answer does not tell a trade
 * closed unpaid from one refunded in full (both TRADE_CLOSED): it reads as failed, and neither is a payment.
 */
export function alipayQueryEvent(orderNo: string, r: AlipayQueryReply): PaymentEvent | null {
  const kind = kindOf(String(r.tradeStatus ?? ''));
  if (!kind) return null;
  const providerTradeNo = typeof r.tradeNo === 'string' && r.tradeNo ? r.tradeNo : undefined;
  const amountFen = yuanToFen(String(r.totalAmount ?? '')) ?? undefined;
  const no = typeof r.outTradeNo === 'string' && r.outTradeNo ? r.outTradeNo : orderNo;
  if (kind !== 'paid') return { kind, orderNo: no, providerTradeNo, amountFen };
  return providerTradeNo && amountFen !== undefined ? { kind, orderNo: no, providerTradeNo, amountFen } : null;
}

import type { OrderState, PaymentState } from '@kaoshi/contract';

/** What can happen to an order. */
export type OrderEvent = 'pay' | 'fulfil' | 'close' | 'refund';

/**
 * The order's transitions (docs/shop.md), the only ones the store applies (each as compare-and-set on the
 * current state). A verified payment for a closed order re-opens it as paid: the learner's money arrived, so
 * the version is granted rather than the payment sent back. refunded is final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, Readonly<Partial<Record<OrderEvent, OrderState>>>>> = {
  created: { pay: 'paid', close: 'closed' },
  paid: { fulfil: 'fulfilled', refund: 'refunded' },
  fulfilled: { refund: 'refunded' },
  closed: { pay: 'paid' },
  refunded: {},
};

/** The state after `event`, or null when the event does not apply to `state` (nothing changes). */
export function nextState(state: OrderState, event: OrderEvent): OrderState | null {
  return ORDER_TRANSITIONS[state][event] ?? null;
}

const PAYMENT_STATE: Readonly<Record<Exclude<OrderState, 'paid'>, PaymentState>> = {
  created: 'unpaid',
  fulfilled: 'paid',
  closed: 'closed',
  refunded: 'refunded',
};

/**
 * What the order's payment came to for its learner (the contract's paymentState, shown by /buyCallback): a group-buy
 * order paid while its group is not full waits for it (fulfilled when it fills, refunded when it cannot); any other
 * paid or fulfilled order is paid and opened.
 */
export function paymentStateOf(status: OrderState, kind: string): PaymentState {
  if (status === 'paid') return kind === 'group' ? 'awaitingGroup' : 'paid';
  return PAYMENT_STATE[status];
}

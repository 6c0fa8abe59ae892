import type { OrderState } from '@kaoshi/contract';

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

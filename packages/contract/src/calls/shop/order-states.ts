/** Order states (modules/shop/order-machine.ts): created → paid → fulfilled; created → closed; paid/fulfilled → refunded. */
export const orderStates = ['created', 'paid', 'fulfilled', 'closed', 'refunded'] as const;
export type OrderState = (typeof orderStates)[number];

/**
 * What an order's payment came to for its learner, as the server works it out from the order's state
 * (modules/shop/order-machine.ts paymentStateOf; /buyCallback shows it, docs/shop.md "Payment state"): unpaid
 * (waiting for the payment), paid (paid and opened), awaitingGroup (a group buy paid while its group is not
 * full: opened when it fills, paid back when it cannot), closed (closed unpaid), refunded (paid back).
 */
export const paymentStates = ['unpaid', 'paid', 'awaitingGroup', 'closed', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];

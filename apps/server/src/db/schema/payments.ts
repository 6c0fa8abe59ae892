import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The payment providers' side of the shop (docs/shop.md): their notifications, flagged money, and the sandbox's records. */

/** Every provider notification taken, once: a replay of the same notification id changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    orderNo: text('order_no').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.notificationId] }), index('payment_notifications_order_idx').on(t.orderNo)],
);

/**
 * Money that needs an operator (docs/shop.md, "Flagged payments"): a second payment of an order already paid, or a
 * late payment of a closed order whose coupon went to another order meanwhile. Each is kept once with the provider's
 * transaction id, to be refunded (console, part 1); resolved_at is set when it was.
 */
export const paymentFlags = pgTable(
  'payment_flags',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    orderNo: text('order_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** 'extra-payment' | 'coupon-taken' */
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [uniqueIndex('payment_flags_txn_idx').on(t.provider, t.transactionId), index('payment_flags_open_idx').on(t.resolvedAt)],
);

/**
 * The sandbox provider's own records (development and tests only): a payment it was asked for, and whether its
 * pay page was confirmed. It is the provider's side: the shop reads it only as it would query a real provider.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    payId: text('pay_id').primaryKey(),
    orderNo: text('order_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status').notNull(),
    transactionId: text('transaction_id'),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.orderNo)],
);

export type PaymentFlagRow = typeof paymentFlags.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { users } from './accounts.ts';
import { subjects } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What an agent sells a version of a subject for (docs/shop.md). Amounts are in fen (1/100 yuan). A version
 * without a row of the learner's agent takes the default agent's (888) row; with neither it is not on sale.
 * group: the sale-list group of spec §9 (0 ordinary …), kept as data for the sale lists.
 */
export const prices = pgTable(
  'prices',
  {
    agentCode: text('agent_code')
      .notNull()
      .references(() => agents.code, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    vn: text('vn').notNull(),
    priceFen: integer('price_fen').notNull(),
    originalFen: integer('original_fen').notNull(),
    groupValue: integer('group_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentCode, t.appId, t.vn] })],
);

/**
 * Orders: one version of a subject bought by a learner. status moves only by the transition table of
 * modules/shop/order-machine.ts, applied as compare-and-set. amount_fen is the server's price at creation.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentCode: text('agent_code').notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId),
    vn: text('vn').notNull(),
    amountFen: integer('amount_fen').notNull(),
    listFen: integer('list_fen').notNull(),
    payType: text('pay_type').notNull(),
    equipment: text('equipment').notNull().default(''),
    /** The client's idempotency key: the same key from the same learner gives the same order. */
    requestId: text('request_id').notNull(),
    status: text('status').notNull(),
    /** The provider's payment page for this order (sandbox: its own page). */
    payUrl: text('pay_url').notNull().default(''),
    providerTxn: text('provider_txn'),
    closedReason: text('closed_reason'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    fulfilledAt: ts('fulfilled_at'),
    closedAt: ts('closed_at'),
  },
  (t) => [uniqueIndex('orders_user_request_idx').on(t.userId, t.requestId), index('orders_user_idx').on(t.userId, t.id), index('orders_open_idx').on(t.status, t.expiresAt)],
);

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

export type PriceRow = typeof prices.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

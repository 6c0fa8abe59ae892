import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
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
    /** 'buy' a version, or 'upgrade' from the held from_vn to vn (the target runs to the held one's end). */
    kind: text('kind').notNull().default('buy'),
    fromVn: text('from_vn'),
    /** What the learner pays; before the coupon (base), the list price, and the coupon's reduction. */
    amountFen: integer('amount_fen').notNull(),
    baseFen: integer('base_fen').notNull().default(0),
    listFen: integer('list_fen').notNull(),
    couponOffFen: integer('coupon_off_fen').notNull().default(0),
    userCouponId: integer('user_coupon_id'),
    /** A discount code (discountID) and what it took off, after the coupon. */
    discountId: integer('discount_id'),
    discountOffFen: integer('discount_off_fen').notNull().default(0),
    /**
     * Whether this unpaid order holds a use of its discount code. A learner's unpaid orders hold at most one use of
     * a code, and a hold is released when the order closes or after DISCOUNT_HOLD_MS (docs/shop.md).
     */
    discountHeld: boolean('discount_held').notNull().default(false),
    /** For an upgrade: when the target ends (the held version's end at creation). */
    grantUntil: ts('grant_until'),
    /** For an upgrade: the prices it was worked out with, so a refund of the held purchase can unwind it (docs/shop.md). */
    upgradeTerms: jsonb('upgrade_terms').$type<UpgradeTermsRow | null>(),
    /** Printed books bought with the version (branchBookList), as they were sold, and their part of the amount. */
    books: jsonb('books').$type<OrderBook[]>().notNull().default([]),
    booksFen: integer('books_fen').notNull().default(0),
    /** Where the books go: a copy of the learner's address when it was set (setDeliverInfo), kept as it was. */
    delivery: jsonb('delivery').$type<DeliveryAddress | null>(),
    /** none (no books) → waiting (paid, not shipped) → shipped → received. */
    deliveryStatus: text('delivery_status').notNull().default('none'),
    courier: text('courier'),
    trackingNo: text('tracking_no'),
    shippedAt: ts('shipped_at'),
    receivedAt: ts('received_at'),
    /** The time the payment added to the learner's purchase (seconds), taken back by a refund. */
    grantedSeconds: integer('granted_seconds').notNull().default(0),
    refundedAt: ts('refunded_at'),
    refundReason: text('refund_reason'),
    /** A group-buy order: the group it joins (kind 'group'); granted when the group fills, refunded when it fails. */
    groupId: integer('group_id'),
    /** Someone else may pay this order through /qRcodePayNew with this token (set when the learner shares it). */
    shareToken: text('share_token'),
    payType: text('pay_type').notNull(),
    /** Huabei instalments: 3, 6 or 12 periods, 0 paid at once (the spec's wire name is hbfqnum), Alipay only. */
    instalments: integer('hb_periods').notNull().default(0),
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
    /** When a provider last answered for this order that it holds no payment (a closed order is asked until then). */
    reconciledAt: ts('reconciled_at'),
  },
  (t) => [
    uniqueIndex('orders_user_request_idx').on(t.userId, t.requestId),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_open_idx').on(t.status, t.expiresAt),
    index('orders_group_idx').on(t.groupId),
    // Closed by timeout while the provider could not answer: reconcile.ts asks them again.
    index('orders_unreconciled_idx')
      .on(t.closedAt)
      .where(sql`${t.status} = 'closed' and ${t.closedReason} = 'timeout' and ${t.reconciledAt} is null`),
  ],
);

export interface UpgradeTermsRow {
  fromPriceFen: number;
  fromValidityDays: number;
  toPriceFen: number;
  toValidityDays: number;
}

export interface OrderBook {
  bookId: number;
  title: string;
  priceFen: number;
}
export interface DeliveryAddress {
  name: string;
  phone: string;
  region: string;
  details: string;
}

/** Printed books sold with a subject's versions (branchBookList): operator content. */
export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [index('books_app_idx').on(t.appId)],
);

/** Group-buy offers (operator content): a version at a group price when `size` learners pay within `minutes`. */
export const groupBuys = pgTable(
  'group_buys',
  {
    id: serial('id').primaryKey(),
    /** null: every agent's learners. */
    agentCode: text('agent_code'),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    vn: text('vn').notNull(),
    priceFen: integer('price_fen').notNull(),
    size: integer('size').notNull(),
    minutes: integer('minutes').notNull(),
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [index('group_buys_app_idx').on(t.appId)],
);

/** A group started by a learner: open until full (every member granted) or until it expires (every payer refunded). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    groupBuyId: integer('group_buy_id')
      .notNull()
      .references(() => groupBuys.id, { onDelete: 'cascade' }),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** open → full | failed */
    status: text('status').notNull(),
    paidCount: integer('paid_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [index('groups_open_idx').on(t.status, t.expiresAt), index('groups_buy_idx').on(t.groupBuyId, t.status)],
);

/** The learner's address book: where printed books are sent; one default. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    details: text('details').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/**
 * Coupon kinds an operator issues (docs/shop.md, "Coupons"): amount off or percent off, a minimum spend, for one
 * subject or version or all, claimable in a window by the agent's learners, each valid `valid_days` after claiming.
 */
export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  /** null: every agent's learners. */
  agentCode: text('agent_code'),
  title: text('title').notNull(),
  kind: text('kind').notNull(),
  /** amount: fen off; percent: percent off (1–99). */
  value: integer('value').notNull(),
  minSpendFen: integer('min_spend_fen').notNull().default(0),
  appId: integer('app_id'),
  vn: text('vn'),
  claimFrom: ts('claim_from').notNull(),
  claimUntil: ts('claim_until').notNull(),
  validDays: integer('valid_days').notNull(),
  /** How many may be claimed in all (null: no limit), and how many were. */
  total: integer('total'),
  claimed: integer('claimed').notNull().default(0),
});

/** A learner's coupon: held by an unpaid order (order_no), used when that order is paid, returned when it closes. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: ts('claimed_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    orderNo: text('order_no'),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('user_coupons_once_idx').on(t.couponId, t.userId), index('user_coupons_user_idx').on(t.userId)],
);

export type PriceRow = typeof prices.$inferSelect;
export type BookRow = typeof books.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type GroupBuyRow = typeof groupBuys.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type UserCouponRow = typeof userCoupons.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

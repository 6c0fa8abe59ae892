import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Discount codes (docs/shop.md, "Discount codes and promotion links"): a code a learner types on /payPage, a
 * listed one shown as 限时优惠, or a promoter's code carried by a promotion link (/buyapp?spread=CODE). It takes
 * off after the coupon, within its window, up to max_uses orders (held by an unpaid order, given back when it
 * closes).
 */
export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    /** Upper-case letters and digits, 4–20. */
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    /** null: every agent's learners. */
    agentCode: text('agent_code'),
    appId: integer('app_id'),
    vn: text('vn'),
    /** amount: fen off; percent: percent off (1–99). */
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    minSpendFen: integer('min_spend_fen').notNull().default(0),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** Orders it may go to in all (null: no limit), and how many hold or used it. */
    maxUses: integer('max_uses'),
    used: integer('used').notNull().default(0),
    /** Shown to every learner of the agent by discountlist (限时优惠); the others are typed or come by a link. */
    listed: boolean('listed').notNull().default(false),
    /** A promoter's code: whose promotion link it is (reports count their visits and orders). */
    promoter: text('promoter'),
  },
  (t) => [index('discounts_window_idx').on(t.endsAt)],
);

/** Learners who came by a promotion link: the first visit of each learner to each promoter's code. */
export const spreadVisits = pgTable(
  'spread_visits',
  {
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstAt: ts('first_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.userId] })],
);

export type DiscountRow = typeof discounts.$inferSelect;

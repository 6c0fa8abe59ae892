import { sql, type SQL } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';

/**
 * The user id a client claimed in a tracking call's payload (`userID`; liveclick's `UserID`), as text. Indexed as
 * this very expression (`events_claimed_user_idx`) so that the account erasure finds a learner's rows written
 * without a session in an index scan (docs/account-deletion.md); a query must use this helper to match the index.
 */
export const claimedUserId = (payload: AnyPgColumn): SQL => sql`(coalesce((${payload} ->> 'userID'), (${payload} ->> 'UserID')))`;

/** Tracking calls, error reports and logins, one row each, for later reporting. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The call id (e.g. 'tracking.userclick') or 'login'. */
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    /** The user proven by a session guid; ids the client merely claims stay in payload. */
    userId: integer('user_id'),
    userName: text('user_name'),
    agentCode: text('agent_code'),
    appId: text('app_id'),
    clientType: text('client_type'),
    page: text('page'),
    payload: jsonb('payload').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('events_kind_created_idx').on(t.kind, t.createdAt),
    index('events_agent_created_idx').on(t.agentCode, t.createdAt),
    index('events_user_created_idx').on(t.userId, t.createdAt),
    // The account erasure's lookups: the user name (a phone) a client sent, and the user id it claimed.
    index('events_user_name_idx').on(t.userName),
    index('events_claimed_user_idx').on(claimedUserId(t.payload)),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

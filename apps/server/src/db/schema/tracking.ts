import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';

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
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

import type { MessageKind } from '@kaoshi/contract';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A learner's in-app messages (docs/messages.md): written by the modules through the message module's
 * `postMessage` (shop, delivery, live and plan reminders, feedback answers), read on /myMessage.
 * `dedupe` makes a message once-only (e.g. 'live-remind:<session>:<start>').
 */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<MessageKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An in-app route to open, or ''. */
    link: text('link').notNull().default(''),
    dedupe: text('dedupe').unique(),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [
    index('user_messages_user_idx').on(t.userId, t.id),
    // The unread counts (one grouped query per badge) and the marks read only the learner's unread rows.
    index('user_messages_unread_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.readAt} is null`),
  ],
);

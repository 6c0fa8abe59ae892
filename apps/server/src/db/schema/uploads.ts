import type { UploadPurpose } from '@kaoshi/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The uploaded images (docs/uploads.md), one row per file of the media store: written by upload.image, marked kept
 * when a profile or a feedback takes the key, deleted with the file. An upload never kept within UPLOAD_KEEP_MS is an
 * orphan (a picture chosen and then abandoned): the upload module's job deletes it, file and row.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    createdAt: ts('created_at').notNull(),
    keptAt: ts('kept_at'),
  },
  (t) => [
    // The orphan sweep reads only uploads not kept, oldest first.
    index('uploads_unkept_idx')
      .on(t.createdAt)
      .where(sql`${t.keptAt} is null`),
  ],
);

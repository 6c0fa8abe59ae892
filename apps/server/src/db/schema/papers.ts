import type { PaperSection } from '@kaoshi/contract';
import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { subjects } from './catalog.ts';

/**
 * Exam papers (docs/papers.md): mock and past papers of a subject, loaded by the seed from
 * content/demo/papers/<appID>/*.json. `sections` holds the question ids resolved to `questions.id`. Keyed by
 * (app_id, code): re-seeding updates a paper in place; a paper whose file is gone is marked retired.
 */
export const papers = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    year: integer('year'),
    /** A collection (PAPER_TAGS); null = an ordinary paper. */
    tag: text('tag'),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    passScore: doublePrecision('pass_score').notNull(),
    totalScore: doublePrecision('total_score').notNull(),
    sections: jsonb('sections').$type<PaperSection[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [uniqueIndex('papers_app_code_idx').on(t.appId, t.code), index('papers_app_kind_idx').on(t.appId, t.kind)],
);

export type PaperRow = typeof papers.$inferSelect;
export type NewPaperRow = typeof papers.$inferInsert;

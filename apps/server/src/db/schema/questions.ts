import { boolean, customType, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { subjects } from './catalog.ts';

/** bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** An option as stored: the key and its text (markup, docs/questions.md). */
export interface StoredOption {
  key: string;
  text: string;
}

/**
 * The question bank (docs/questions.md). Rows are keyed by the subject and the file's stable code or id
 * (`ext_id`); the serial ids are what learners' answers, favourites and notes point at, so an import
 * updates rows in place and never deletes a question (it is marked retired instead).
 */
/**
 * One row per subject that has a bank: where the bank last came from. 'demo' banks (content/demo) are
 * re-imported by the seed at start; once an 'import' (npm run import) has written a subject's bank, the seed
 * leaves that subject alone, so a restart never replaces a real bank with the demo one.
 */
export const questionBanks = pgTable('question_banks', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => subjects.appId, { onDelete: 'cascade' }),
  origin: text('origin').$type<'demo' | 'import'>().notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
});

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => chapters.id, { onDelete: 'set null' }),
    /** Position among all chapters of the subject, as in the file. */
    order: integer('order').notNull().default(0),
  },
  (t) => [uniqueIndex('chapters_app_code_idx').on(t.appId, t.code), index('chapters_parent_idx').on(t.parentId)],
);

export const knowledgePoints = pgTable(
  'knowledge_points',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('knowledge_points_app_code_idx').on(t.appId, t.code)],
);

/** A3/A4/B1/CASE groups: the shared stem (case) and, for B1, the shared options. */
export const questionGroups = pgTable(
  'question_groups',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    extId: text('ext_id').notNull(),
    type: text('type').notNull(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id),
    stem: text('stem').notNull().default(''),
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('question_groups_app_ext_idx').on(t.appId, t.extId)],
);

/** Answerable questions (single items and the sub-questions of groups). */
export const questions = pgTable(
  'questions',
  {
    /** Stable: learners' answers point here. */
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    extId: text('ext_id').notNull(),
    type: text('type').notNull(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id),
    groupId: integer('group_id').references(() => questionGroups.id),
    groupOrder: smallint('group_order').notNull().default(0),
    stem: text('stem').notNull(),
    /** Own options; [] for B1 sub-questions (the group's) and FILL. */
    options: jsonb('options').$type<StoredOption[]>().notNull().default([]),
    /** Keys ('C', 'ACD') or, for FILL, the accepted texts. */
    answer: jsonb('answer').$type<string | string[]>().notNull(),
    explanation: text('explanation').notNull().default(''),
    difficulty: smallint('difficulty').notNull().default(3),
    year: smallint('year'),
    source: text('source').notNull().default(''),
    /** Left out of the latest import: kept for learners' history, never shown for practice. */
    retired: boolean('retired').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('questions_app_ext_idx').on(t.appId, t.extId),
    // Chapter practice lists a chapter's questions in order; (app, chapter) → ids without a sort.
    index('questions_app_chapter_idx').on(t.appId, t.chapterId, t.id),
    index('questions_group_idx').on(t.groupId),
  ],
);

export const questionPoints = pgTable(
  'question_points',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => knowledgePoints.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.pointId] }), index('question_points_point_idx').on(t.pointId)],
);

/** Images the question texts refer to (`[name.png]`), served by GET /api/images/:appID/:name. */
export const questionImages = pgTable(
  'question_images',
  {
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Hex SHA-256 of the bytes (the ETag). */
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);

export type ChapterRow = typeof chapters.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type QuestionGroupRow = typeof questionGroups.$inferSelect;
export type QuestionImageRow = typeof questionImages.$inferSelect;

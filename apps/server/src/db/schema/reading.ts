import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { subjects } from './catalog.ts';
import { users } from './accounts.ts';
import { chapters, knowledgePoints } from './questions.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const app = () =>
  integer('app_id')
    .notNull()
    .references(() => subjects.appId, { onDelete: 'cascade' });
const learner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A section of a handout: its stable anchor and heading (docs/reading.md). */
export interface ReadingSection {
  anchor: string;
  heading: string;
}

/**
 * Reading content (docs/reading.md): handouts, theory articles and pocket-book pages, each of a chapter. Rows are
 * keyed by the import's key and updated in place; one left out of an import is hidden, never deleted, so learners'
 * positions and marks keep pointing at it.
 */
export const readingItems = pgTable(
  'reading_items',
  {
    id: serial('id').primaryKey(),
    appId: app(),
    kind: text('kind').$type<'handout' | 'theory' | 'pocket'>().notNull(),
    /** Stable across imports: the chapter code, or chapter code / file name for theory articles. */
    key: text('key').notNull(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id),
    title: text('title').notNull(),
    format: text('format').$type<'md' | 'pdf'>().notNull().default('md'),
    /** Markdown with the §3 markup (for a PDF: its text, for search; may be ''). */
    body: text('body').notNull().default(''),
    sections: jsonb('sections').$type<ReadingSection[]>().notNull().default([]),
    /** A PDF's file name in reading_files, or ''. */
    pdf: text('pdf').notNull().default(''),
    ordinal: integer('ordinal').notNull().default(0),
    /** Hex hash of the content: the client's cache key. */
    version: text('version').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('reading_items_key_idx').on(t.appId, t.kind, t.key), index('reading_items_chapter_idx').on(t.appId, t.kind, t.chapterId)],
);

/** The PDFs of handouts (served to a learner who may open the handout). */
export const readingFiles = pgTable(
  'reading_files',
  {
    appId: app(),
    name: text('name').notNull(),
    bytes: text('bytes_b64').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);

/** What the reading import adds to a knowledge point: summary, exam weight, hot flag, its chapter and handout passage. */
export const pointDetails = pgTable(
  'point_details',
  {
    pointId: integer('point_id')
      .primaryKey()
      .references(() => knowledgePoints.id, { onDelete: 'cascade' }),
    appId: app(),
    summary: text('summary').notNull().default(''),
    /** 1–5: how often the point is examined. */
    weight: smallint('weight').notNull().default(3),
    hot: boolean('hot').notNull().default(false),
    /** The chapter most of its questions are in (the trial rule reads it), or null. */
    chapterId: integer('chapter_id').references(() => chapters.id),
    handoutId: integer('handout_id').references(() => readingItems.id),
    handoutAnchor: text('handout_anchor').notNull().default(''),
  },
  (t) => [index('point_details_app_idx').on(t.appId)],
);

/** 速记 cards: one fact each, of a knowledge point; `key` keeps learners' schedules across imports. */
export const shorthandCards = pgTable(
  'shorthand_cards',
  {
    id: serial('id').primaryKey(),
    appId: app(),
    key: text('key').notNull(),
    pointId: integer('point_id')
      .notNull()
      .references(() => knowledgePoints.id),
    front: text('front').notNull(),
    back: text('back').notNull(),
    mnemonic: text('mnemonic').notNull().default(''),
    ordinal: integer('ordinal').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('shorthand_cards_key_idx').on(t.appId, t.key), index('shorthand_cards_point_idx').on(t.pointId)],
);

/** A learner's FSRS card of a 速记 card (the scheduler is the wrong-answer book's: platform/srs.ts). */
export const cardStates = pgTable(
  'card_states',
  {
    userId: learner(),
    cardId: integer('card_id')
      .notNull()
      .references(() => shorthandCards.id, { onDelete: 'cascade' }),
    appId: app(),
    due: ts('due').notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: smallint('state').notNull().default(0),
    lastReview: ts('last_review'),
    /** The first grade (today's new cards count against the daily allowance). */
    firstReviewAt: ts('first_review_at').notNull(),
    /** The review id of the last grade (a replay of it changes nothing). */
    lastReviewId: text('last_review_id').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardId] }), index('card_states_due_idx').on(t.userId, t.appId, t.due)],
);

/** 每日一记: one note per China day and subject, keyed by its file name. */
export const dailyNotes = pgTable(
  'daily_notes',
  {
    id: serial('id').primaryKey(),
    appId: app(),
    key: text('key').notNull(),
    /** A China date, YYYY-MM-DD. */
    day: text('day').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('daily_notes_key_idx').on(t.appId, t.key), index('daily_notes_day_idx').on(t.appId, t.day)],
);

/** This year's hot points of a subject (/api/hotspotissue/*), in rank order; replaced by each import. */
export const hotspots = pgTable(
  'hotspots',
  {
    appId: app(),
    year: integer('year').notNull(),
    rank: integer('rank').notNull(),
    pointId: integer('point_id')
      .notNull()
      .references(() => knowledgePoints.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.appId, t.year, t.rank] })],
);

/** Where a learner stopped in an item: the section anchor and the share read; the newest client save wins. */
export const readingPositions = pgTable(
  'reading_positions',
  {
    userId: learner(),
    itemId: integer('item_id')
      .notNull()
      .references(() => readingItems.id, { onDelete: 'cascade' }),
    appId: app(),
    anchor: text('anchor').notNull().default(''),
    /** 0–100: how far down the item. */
    percent: integer('percent').notNull().default(0),
    savedAt: bigint('saved_at', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index('reading_positions_recent_idx').on(t.userId, t.appId, t.updatedAt)],
);

/**
 * A highlight (and its note) on a passage, anchored by the passage's text (a Web Annotation text quote selector:
 * quote with 32 characters before and after), so a re-import keeps it wherever the text survives.
 */
export const readingMarks = pgTable(
  'reading_marks',
  {
    id: serial('id').primaryKey(),
    userId: learner(),
    /** The client's id of the mark: saving it again (the outbox) updates it. */
    clientId: text('client_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => readingItems.id, { onDelete: 'cascade' }),
    appId: app(),
    anchor: text('anchor').notNull().default(''),
    quote: text('quote').notNull(),
    prefix: text('prefix').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    note: text('note').notNull().default(''),
    color: text('color').notNull().default('yellow'),
    savedAt: bigint('saved_at', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('reading_marks_client_idx').on(t.userId, t.clientId), index('reading_marks_item_idx').on(t.userId, t.itemId)],
);

/** /knowledgeFeedback: a learner's report of a mistake in a reading item, a point, a card or a daily note. */
export const readingReports = pgTable(
  'reading_reports',
  {
    id: serial('id').primaryKey(),
    userId: learner(),
    appId: app(),
    target: text('target').notNull(),
    targetId: integer('target_id').notNull(),
    kinds: jsonb('kinds').$type<string[]>().notNull().default([]),
    content: text('content').notNull().default(''),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    reply: text('reply').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('reading_reports_status_idx').on(t.status, t.createdAt), index('reading_reports_user_idx').on(t.userId, t.createdAt)],
);

export type ReadingItemRow = typeof readingItems.$inferSelect;
export type CardStateRow = typeof cardStates.$inferSelect;
export type ShorthandCardRow = typeof shorthandCards.$inferSelect;
export type ReadingPositionRow = typeof readingPositions.$inferSelect;
export type ReadingMarkRow = typeof readingMarks.$inferSelect;

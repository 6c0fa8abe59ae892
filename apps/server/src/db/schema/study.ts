import { doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { subjects } from './catalog.ts';
import { chapters, questions } from './questions.ts';

/**
 * The learner's study marks around practice (docs/study.md): the wrong-answer book with its FSRS card,
 * favourites, notes, recite points, question reports and review settings. Every row belongs to one learner.
 */

/**
 * Wrong-answer book (错题本): one row per (learner, question) ever answered wrong. `removed_at` null while the
 * question is in the book; set when cleared (clear_after consecutive rights) or removed by the learner
 * (`removed_by` 'cleared' | 'learner'). A new wrong answer puts it back (removed_at null, streak 0).
 */
export const bookItems = pgTable(
  'book_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    wrongCount: integer('wrong_count').notNull().default(0),
    rightStreak: integer('right_streak').notNull().default(0),
    // FSRS card (ts-fsrs Card)
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    lastWrongAt: timestamp('last_wrong_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('book_items_due_idx').on(t.userId, t.appId, t.due)],
);

export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('favourites_list_idx').on(t.userId, t.appId, t.createdAt)],
);

export const notes = pgTable(
  'notes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('notes_list_idx').on(t.userId, t.appId, t.updatedAt)],
);

/** Where the learner is in a chapter's recite mode. */
export const recitePoints = pgTable(
  'recite_points',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chapterId] })],
);

/** 试题纠错: a learner's report of a problem with a question, listed and answered by operators (CLI). */
export const questionReports = pgTable(
  'question_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Comma-separated REPORT_KINDS. */
    kinds: text('kinds').notNull(),
    content: text('content').notNull().default(''),
    /** 'open' | 'resolved' */
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('question_reports_user_idx').on(t.userId, t.appId, t.createdAt), index('question_reports_status_idx').on(t.status, t.createdAt)],
);

/** Per-learner study settings. */
export const studySettings = pgTable('study_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Consecutive right answers that clear a wrong-answer book item. */
  clearAfter: integer('clear_after').notNull(),
});

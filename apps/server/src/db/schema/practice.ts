import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { subjects } from './catalog.ts';
import { chapters, questions } from './questions.ts';

/**
 * Chapter practice answers (docs/practice.md). One row per submitted reply, written exactly once per
 * (user, client replyID). Progress counts the latest row per question with reset_at null; resetting a
 * chapter sets reset_at on its rows (kept for history, never deleted).
 */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    /** The question's chapter when answered. */
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    /** Client-generated idempotency key. */
    replyId: text('reply_id').notNull(),
    reply: text('reply').notNull(),
    right: boolean('right').notNull(),
    score: doublePrecision('score').notNull(),
    spentSeconds: integer('spent_seconds').notNull().default(0),
    /** 0 for practice. */
    examHistoryId: integer('exam_history_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when the learner started the chapter again: the row no longer counts for progress. */
    resetAt: timestamp('reset_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('answers_user_reply_idx').on(t.userId, t.replyId),
    index('answers_progress_idx').on(t.userId, t.appId, t.chapterId, t.questionId, t.createdAt),
    // Statistics over all learners of one question (cptcontent, commonQuestions): latest answer per learner.
    index('answers_question_idx').on(t.questionId, t.userId, t.createdAt),
    // The study plan's weekly ranking: a subject's answers of one week (docs/plan.md).
    index('answers_app_time_idx').on(t.appId, t.createdAt),
  ],
);

export type AnswerRow = typeof answers.$inferSelect;

import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { users } from './accounts.ts';
import { subjects } from './catalog.ts';
import { examSessions } from './exams.ts';
import { knowledgePoints } from './questions.ts';

/**
 * AI practice (docs/ai-practice.md): the learner's grade of each point card (exam type 48) and the reasons of
 * each adaptive round, frozen when the round was chosen so that a resumed round shows the same reasons and
 * the round's result can show each point's mastery before and after.
 */

/** One row per (learner, subject, point): the last grade given to the point's card and when. */
export const pointCards = pgTable(
  'point_cards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => knowledgePoints.id, { onDelete: 'cascade' }),
    /** 'know' | 'vague' | 'forgot' */
    grade: text('grade').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId, t.pointId] })],
);

/** A reason as stored: the question, its point and the point's figures when the round was chosen. */
export interface AiReasonJson {
  allTestID: number;
  point: number;
  name: string;
  mastery: number;
  weight: number;
  why: string;
}

/** The adaptive round behind an exam session (test_mode 'AICoreExamTest'). */
export const aiRounds = pgTable(
  'ai_rounds',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    /** 1, 2, … per learner and subject. */
    round: integer('round').notNull(),
    reasons: jsonb('reasons').$type<AiReasonJson[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_rounds_user_idx').on(t.userId, t.appId, t.round)],
);

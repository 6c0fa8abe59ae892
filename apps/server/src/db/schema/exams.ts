import type { PaperSection } from '@kaoshi/contract';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { users } from './accounts.ts';
import { subjects } from './catalog.ts';
import { papers } from './papers.ts';

/** What the hand-in stores besides the score (docs/exams.md): the breakdowns, with chapter names as they were. */
export interface ExamResultJson {
  total: number;
  right: number;
  wrong: number;
  unanswered: number;
  passed: boolean;
  usedSeconds: number;
  bySection: { type: string; title: string; score: number; total: number; right: number; wrong: number; unanswered: number }[];
  byChapter: { cptID: number; name: string; score: number; total: number; right: number; wrong: number; unanswered: number }[];
  /** Per question in paper order: the reply as scored. */
  items: { id: number; reply: string; score: number; full: number; right: boolean; answered: boolean }[];
}

/**
 * Exam sessions (docs/exams.md): one attempt of a learner at a paper. `sections` are frozen at start, so a
 * resume on any device sees the same questions even if the paper changes. At most one open session per
 * learner, subject and source (`paper:<id>`): the partial unique index. Handed in once: status 'open' →
 * 'handed' by a conditional UPDATE.
 */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId, { onDelete: 'cascade' }),
    paperId: integer('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    /** The paper's kind when started (mock, past, daily). */
    kind: text('kind').notNull(),
    /** 'exam' (no keys before hand-in, timed) or 'practice' (keys sent, untimed). */
    mode: text('mode').notNull(),
    /** What the questions came from, e.g. 'paper:17' (one open session per learner, subject and source). */
    sourceKey: text('source_key').notNull(),
    name: text('name').notNull(),
    sections: jsonb('sections').$type<PaperSection[]>().notNull(),
    /** null: untimed. */
    timeLimitSeconds: integer('time_limit_seconds'),
    passScore: doublePrecision('pass_score').notNull(),
    totalScore: doublePrecision('total_score').notNull(),
    /** The open section (机考): replies to earlier sections are refused. */
    sectionIndex: integer('section_index').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** started_at + time limit; null when untimed. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    handedAt: timestamp('handed_at', { withTimezone: true }),
    /** 'learner' | 'deadline'. */
    handedBy: text('handed_by'),
    /** 'open' | 'sealed' (handed in, being graded) | 'handed' (graded). */
    status: text('status').notNull().default('open'),
    score: doublePrecision('score'),
    result: jsonb('result').$type<ExamResultJson>(),
    /** The TEST_MODES row started (docs/test-modes.md §2); null for sessions started by paper or daily alone. */
    testMode: text('test_mode'),
    /** Daily and weekly tests: the China day ('2026-11-21') or ISO week ('2026-W47') the attempt belongs to. */
    period: text('period'),
    /** The first hand-in of its period by this learner: the attempt that ranks. */
    counted: boolean('counted').notNull().default(false),
  },
  (t) => [
    uniqueIndex('exam_sessions_open_idx')
      .on(t.userId, t.appId, t.sourceKey)
      .where(sql`${t.status} = 'open'`),
    index('exam_sessions_history_idx').on(t.userId, t.appId, t.handedAt),
    index('exam_sessions_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'open'`),
    /** The grading queue: sealed sheets not graded yet (few at any time; the drain and the backlog gauge read it). */
    index('exam_sessions_sealed_idx')
      .on(t.id)
      .where(sql`${t.status} = 'sealed'`),
    index('exam_sessions_ranking_idx')
      .on(t.appId, t.testMode, t.period)
      .where(sql`${t.counted}`),
  ],
);

/** The learner's current reply per question of a session (latest write wins); '' = cleared (a flag may remain). */
export const examReplies = pgTable(
  'exam_replies',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    reply: text('reply').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    spentSeconds: integer('spent_seconds').notNull().default(0),
    /** The replyID of the write that set this row. */
    replyId: text('reply_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.questionId] })],
);

/** Every replyID a learner sent for an exam, once: a replayed replyID changes nothing (idempotent autosave). */
export const examReplyIds = pgTable(
  'exam_reply_ids',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replyId: text('reply_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => examSessions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.replyId] })],
);

export type ExamSessionRow = typeof examSessions.$inferSelect;
export type ExamReplyRow = typeof examReplies.$inferSelect;

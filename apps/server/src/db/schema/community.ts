import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { jsonb } from './json.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Product feedback (/feedback, /adviceFeedback) and the operators' answers (/feedbackAnswer). Screenshots are
 * media keys of re-encoded images. An answer is written by the operator command and reaches the learner as a
 * message (kind 'feedback').
 */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    agentCode: text('agent_code').notNull(),
    appId: integer('app_id'),
    category: text('category').notNull(),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull(),
    /** Client facts sent with it (client kind, app version, page), for the operator. */
    client: jsonb('client').$type<Record<string, string>>().notNull(),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: ts('answered_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedbacks_user_idx').on(t.userId, t.id), index('feedbacks_status_idx').on(t.status, t.id)],
);

/**
 * Discussions under a question or a lesson: a thread is a post without parent; replies point at it
 * (parent_id) and may name the post they answer (reply_to_id). Counts are kept on the row.
 */
export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull(),
    targetKind: text('target_kind').$type<'question' | 'lesson'>().notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    replyToId: integer('reply_to_id'),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    /** 'hidden' by an operator (or by reports over the threshold); 'deleted' by its author. */
    status: text('status').$type<'visible' | 'hidden' | 'deleted'>().notNull().default('visible'),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('discussion_posts_target_idx').on(t.appId, t.targetKind, t.targetId, t.id),
    index('discussion_posts_parent_idx').on(t.parentId, t.id),
    index('discussion_posts_user_idx').on(t.userId, t.id),
  ],
);

export const discussionLikes = pgTable(
  'discussion_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => discussionPosts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const discussionReports = pgTable(
  'discussion_reports',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => discussionPosts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export type FeedbackRow = typeof feedbacks.$inferSelect;
export type DiscussionPostRow = typeof discussionPosts.$inferSelect;

import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { subjects } from './catalog.ts';
import { users } from './accounts.ts';
import { teachers } from './video.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Live classes (docs/live.md): courses → sessions, bookings, collections, chat, quiz cards, viewers. */
export const liveCourses = pgTable(
  'live_courses',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Markdown (rendered from tokens, never as HTML). */
    introduction: text('introduction').notNull().default(''),
    teacherId: integer('teacher_id').references(() => teachers.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('live_courses_app_idx').on(t.appId)],
);

/**
 * A session. Its id comes from the video lessons' sequence, so one id names either a lesson or a session
 * (POST /api/user/live/appoint {videoID} books both). `state` is the stream's: scheduled → live → ended; the
 * learners' status (预告/直播中/已结束/回放) adds the replay's readiness.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('video_lessons_id_seq')`),
    key: text('key').notNull().unique(),
    courseId: integer('course_id')
      .notNull()
      .references(() => liveCourses.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId),
    title: text('title').notNull(),
    chapterName: text('chapter_name').notNull().default(''),
    teacherId: integer('teacher_id').references(() => teachers.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** 公开课: open to every learner of the subject, whatever they hold. */
    free: boolean('free').notNull().default(false),
    provider: text('provider').$type<'self' | 'cc'>().notNull().default('self'),
    /** The third party's player address (provider 'cc'). */
    providerUrl: text('provider_url').notNull().default(''),
    /** The secret the encoder publishes with (RTMP stream name); only its operator sees it. */
    streamKey: text('stream_key').notNull().unique(),
    /** The host link's key (moderation in the room). */
    hostKey: text('host_key').notNull(),
    state: text('state').$type<'scheduled' | 'live' | 'ended'>().notNull().default('scheduled'),
    liveStartedAt: ts('live_started_at'),
    liveEndedAt: ts('live_ended_at'),
    /** The recording as HLS VOD in the media store: `<replay_key>/index.m3u8`; '' until made (or none). */
    replayKey: text('replay_key').notNull().default(''),
    replayDurationS: integer('replay_duration_s'),
    /** 'none' | 'pending' | 'ready' | 'failed' */
    replayState: text('replay_state').$type<'none' | 'pending' | 'ready' | 'failed'>().notNull().default('none'),
    pinned: text('pinned').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('live_sessions_app_start_idx').on(t.appId, t.startsAt), index('live_sessions_course_idx').on(t.courseId)],
);

export const liveReservations = pgTable(
  'live_reservations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    /** 1 booked, 0 cancelled. */
    status: integer('status').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** When the reminder went out (once per booking of a start time). */
    remindedAt: ts('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] }), index('live_reservations_session_idx').on(t.sessionId)],
);

export const liveCollections = pgTable(
  'live_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] })],
);

/** Chat messages (cleaned before storage); `second` is the stream time, for the replay. */
export const liveMessages = pgTable(
  'live_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    name: text('name').notNull(),
    text: text('text').notNull(),
    host: boolean('host').notNull().default(false),
    second: integer('second').notNull(),
    createdAt: ts('created_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('live_messages_session_idx').on(t.sessionId, t.id)],
);

export const liveMutes = pgTable(
  'live_mutes',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    until: ts('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

/** The ext ids of practice questions made from quiz cards: 'live-card-<card id>' (docs/live.md); an import keeps them. */
export const LIVE_CARD_EXT_PREFIX = 'live-card-';

export interface LiveCardOption {
  key: string;
  text: string;
}

export const liveCards = pgTable(
  'live_cards',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<LiveCardOption[]>().notNull(),
    answer: text('answer').notNull(),
    explanation: text('explanation').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: text('state').$type<'ready' | 'open' | 'closed'>().notNull().default('ready'),
    second: integer('second'),
    pushedAt: ts('pushed_at'),
    closedAt: ts('closed_at'),
    /** The practice question made of it once closed (docs/live.md, "Quiz cards become practice"). */
    questionId: integer('question_id'),
  },
  (t) => [index('live_cards_session_idx').on(t.sessionId)],
);

export const liveAnswers = pgTable(
  'live_answers',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => liveCards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    choice: text('choice').notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.userId] })],
);

/** Who opened a session (POST /api/live/record): /hotMylive counts them. */
export const liveViews = pgTable(
  'live_views',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
    opens: integer('opens').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

/** Likes of a session, apart from the session's row so that their flushes do not drop the schedule caches. */
export const liveLikes = pgTable('live_likes', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => liveSessions.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});

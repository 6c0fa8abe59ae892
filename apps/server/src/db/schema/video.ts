import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './json.ts';
import { subjects } from './catalog.ts';
import { users } from './accounts.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Video lessons (docs/video.md): teachers, courses → chapters → lessons, markers and knowledge-point ranges. */
export const teachers = pgTable('teachers', {
  id: serial('id').primaryKey(),
  /** The importer's key (stable across imports). */
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  title: text('title').notNull().default(''),
  introduction: text('introduction').notNull().default(''),
  /** A media key of the photo, or '' for none. */
  photo: text('photo').notNull().default(''),
  appIds: jsonb('app_ids').$type<number[]>().notNull().default([]),
});

export const videoCourses = pgTable(
  'video_courses',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    appId: integer('app_id')
      .notNull()
      .references(() => subjects.appId),
    title: text('title').notNull(),
    introduction: text('introduction').notNull().default(''),
    teacherId: integer('teacher_id').references(() => teachers.id),
    /** null: a main course (/videoList); 1: a second-level course (/videoEj). */
    level: integer('level'),
    sort: integer('sort').notNull().default(0),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [index('video_courses_app_idx').on(t.appId)],
);

export const videoChapters = pgTable(
  'video_chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => videoCourses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('video_chapters_course_idx').on(t.courseId)],
);

/** A lesson: its media (HLS under media_key/v<media_version>/) and what a trial learner sees of it. */
export const videoLessons = pgTable(
  'video_lessons',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => videoChapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    teacherId: integer('teacher_id').references(() => teachers.id),
    durationS: integer('duration_s').notNull(),
    /** Open to trial learners whole; else they play the first preview_seconds. */
    free: boolean('free').notNull().default(false),
    previewSeconds: integer('preview_seconds').notNull().default(180),
    mediaKey: text('media_key').notNull(),
    mediaVersion: integer('media_version').notNull(),
    /** The renditions made (e.g. ['360p', '720p']). */
    renditions: jsonb('renditions').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [index('video_lessons_chapter_idx').on(t.chapterId)],
);

/** A learner's row goes with the learner; a row of a lesson with the lesson. */
const learnerRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const lessonRef = () =>
  integer('lesson_id')
    .notNull()
    .references(() => videoLessons.id, { onDelete: 'cascade' });

export const lessonMarkers = pgTable(
  'lesson_markers',
  {
    id: serial('id').primaryKey(),
    lessonId: lessonRef(),
    second: integer('second').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('lesson_markers_lesson_idx').on(t.lessonId)],
);

/** The stretch of a lesson that explains a knowledge point (看讲解 starts at from_s). */
export const lessonPoints = pgTable(
  'lesson_points',
  {
    id: serial('id').primaryKey(),
    lessonId: lessonRef(),
    pointId: integer('point_id').notNull(),
    fromS: integer('from_s').notNull(),
    toS: integer('to_s').notNull(),
  },
  (t) => [uniqueIndex('lesson_points_once_idx').on(t.lessonId, t.pointId), index('lesson_points_point_idx').on(t.pointId)],
);

export type VideoLessonRow = typeof videoLessons.$inferSelect;

/** Secrets a server makes once and every process of the database shares (e.g. the video token key when not configured). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * A learner's progress in a lesson: where to resume, and the seconds really watched as merged half-open ranges
 * (seeking adds none), so completion (90 %) counts only what was played.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: learnerRef(),
    lessonId: lessonRef(),
    appId: integer('app_id').notNull(),
    position: integer('position').notNull().default(0),
    /** The client's time of the save that set `position` (ms): an older replay never moves it back. */
    positionAt: bigint('position_at', { mode: 'number' }).notNull().default(0),
    watched: jsonb('watched').$type<[number, number][]>().notNull().default([]),
    watchedS: integer('watched_s').notNull().default(0),
    completedAt: ts('completed_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('video_progress_recent_idx').on(t.userId, t.appId, t.updatedAt)],
);

/** A booking of an upcoming lesson: status 1 预约, 0 取消预约 (POST /api/user/live/appoint). */
export const videoAppointments = pgTable(
  'video_appointments',
  {
    userId: learnerRef(),
    lessonId: lessonRef(),
    status: integer('status').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('video_appointments_lesson_idx').on(t.lessonId)],
);

export const teacherFollows = pgTable(
  'teacher_follows',
  {
    userId: learnerRef(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teacherId] }), index('teacher_follows_teacher_idx').on(t.teacherId)],
);

/** /videoFeedback: a learner's report of a problem with a lesson, listed by `npm run reports -- --video`. */
export const videoReports = pgTable(
  'video_reports',
  {
    id: serial('id').primaryKey(),
    userId: learnerRef(),
    lessonId: lessonRef(),
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    second: integer('second'),
    /** 'open' | 'resolved' */
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    createdAt: ts('created_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('video_reports_status_idx').on(t.status, t.createdAt), index('video_reports_user_idx').on(t.userId, t.createdAt)],
);

/** A learner's note at a second of a lesson (/videoStudy, 笔记). */
export const videoNotes = pgTable(
  'video_notes',
  {
    id: serial('id').primaryKey(),
    userId: learnerRef(),
    lessonId: lessonRef(),
    second: integer('second').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('video_notes_user_lesson_idx').on(t.userId, t.lessonId, t.second)],
);

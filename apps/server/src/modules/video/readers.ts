import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { lessonPoints, teachers, videoChapters, videoCourses, videoLessons, videoProgress } from '../../db/schema/index.ts';

/** A teacher as another module shows one (live classes: the session's and the course's teacher). */
export interface TeacherCard {
  id: number;
  name: string;
  title: string;
  introduction: string;
}

/** Teachers by id (docs/tables.md: `teachers` is this module's), one query for many ids; unknown ids left out. */
export async function teachersByIds(db: Database, ids: Iterable<number | null>): Promise<Map<number, TeacherCard>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, title: teachers.title, introduction: teachers.introduction })
    .from(teachers)
    .where(inArray(teachers.id, wanted));
  return new Map(rows.map((t) => [t.id, t]));
}

/** A lesson's subject, whether it is free, when it is published, and its title (discussions of a lesson); null when none. */
export async function lessonFacts(db: Database, id: number) {
  const [row] = await db
    .select({ appId: videoCourses.appId, free: videoLessons.free, publishedAt: videoLessons.publishedAt, title: videoLessons.title })
    .from(videoLessons)
    .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
    .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
    .where(eq(videoLessons.id, id));
  return row ?? null;
}

/** A lesson as the search's catalogue holds it (docs/search.md). */
export interface SearchableLesson {
  id: number;
  title: string;
  course: string;
  chapter: string;
  level: number | null;
  free: boolean;
  previewSeconds: number;
  /** When it (and its course) went public, ms. */
  publishedAt: number;
}

/** Every lesson of a subject in course, chapter and lesson order, for the search's catalogue (docs/search.md). */
export async function searchableLessons(db: Database, appId: number): Promise<SearchableLesson[]> {
  const rows = await db
    .select({
      id: videoLessons.id,
      title: videoLessons.title,
      course: videoCourses.title,
      chapter: videoChapters.title,
      level: videoCourses.level,
      free: videoLessons.free,
      previewSeconds: videoLessons.previewSeconds,
      publishedAt: videoLessons.publishedAt,
      coursePublishedAt: videoCourses.publishedAt,
    })
    .from(videoLessons)
    .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
    .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
    .where(eq(videoCourses.appId, appId))
    .orderBy(asc(videoCourses.sort), asc(videoCourses.id), asc(videoChapters.sort), asc(videoChapters.id), asc(videoLessons.sort), asc(videoLessons.id));
  return rows.map(({ coursePublishedAt, ...r }) => ({ ...r, publishedAt: Math.max(r.publishedAt.getTime(), coursePublishedAt.getTime()) }));
}

/** A subject's lessons in course, chapter and lesson order (the plan's lessons), one query. */
export function subjectLessons(db: Database, appId: number) {
  return db
    .select({ id: videoLessons.id, title: videoLessons.title, durationS: videoLessons.durationS, publishedAt: videoLessons.publishedAt })
    .from(videoLessons)
    .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
    .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
    .where(eq(videoCourses.appId, appId))
    .orderBy(asc(videoCourses.sort), asc(videoCourses.id), asc(videoChapters.sort), asc(videoChapters.id), asc(videoLessons.sort), asc(videoLessons.id));
}

/** The knowledge points each lesson of a subject explains (lesson id, point id pairs), one query. */
export function subjectLessonPoints(db: Database, appId: number) {
  return db
    .select({ lessonId: lessonPoints.lessonId, pointId: lessonPoints.pointId })
    .from(lessonPoints)
    .innerJoin(videoLessons, eq(videoLessons.id, lessonPoints.lessonId))
    .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
    .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
    .where(eq(videoCourses.appId, appId));
}

/** A learner's progress in every lesson of a subject they started, one query. */
export function lessonProgressOf(db: Database, userId: number, appId: number) {
  return db
    .select({ lessonId: videoProgress.lessonId, position: videoProgress.position, watchedS: videoProgress.watchedS, completedAt: videoProgress.completedAt })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.appId, appId)));
}

/** Seconds a learner watched in a subject's lessons whose progress moved at or after `since`. */
export async function watchedSince(db: Database, userId: number, appId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`coalesce(sum(${videoProgress.watchedS}), 0)::int` })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.appId, appId), gte(videoProgress.updatedAt, since)));
  return Number(row?.s ?? 0);
}

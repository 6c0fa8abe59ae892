import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { teachers, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';

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

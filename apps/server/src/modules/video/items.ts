import type { CourseItem, CourseWithLessons, LessonItem, LessonProgress, TeacherItem } from '@kaoshi/contract';
import { isComplete } from './progress.ts';
import type { ProgressRow, TeacherRow, TreeCourse, TreeLesson, VideoTree } from './store.ts';

/** Turning the held tree and the learner's rows into the contract's items (calls/video.ts). */

export const teacherRef = (t: TeacherRow | undefined) => (t ? { id: t.id, name: t.name, title: t.title } : null);

export function progressItem(row: ProgressRow | undefined, durationS: number): LessonProgress | null {
  if (!row) return null;
  return {
    position: row.position,
    watchedS: row.watchedS,
    percent: durationS > 0 ? Math.min(100, Math.floor((row.watchedS * 100) / durationS)) : 0,
    completed: row.completedAt !== null || isComplete(row.watchedS, durationS),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function lessonItem(tree: VideoTree, l: TreeLesson, mine: Map<number, ProgressRow>, now: number): LessonItem {
  return {
    id: l.id,
    title: l.title,
    courseId: l.courseId,
    courseTitle: l.courseTitle,
    durationS: l.durationS,
    free: l.free,
    previewSeconds: l.previewSeconds,
    teacher: teacherRef(l.teacherId === null ? undefined : tree.teachers.get(l.teacherId)),
    publishedAt: l.publishedAt.toISOString(),
    upcoming: l.publishedAt.getTime() > now,
    progress: progressItem(mine.get(l.id), l.durationS),
  };
}

const lessonsOf = (c: TreeCourse) => c.chapters.flatMap((ch) => ch.lessons);

export function courseItem(tree: VideoTree, c: TreeCourse, mine: Map<number, ProgressRow>, learners: number, now: number): CourseItem {
  const lessons = lessonsOf(c).filter((l) => l.publishedAt.getTime() <= now);
  return {
    id: c.id,
    appID: c.appId,
    title: c.title,
    introduction: c.introduction,
    teacher: teacherRef(c.teacherId === null ? undefined : tree.teachers.get(c.teacherId)),
    level: c.level,
    lessonCount: lessons.length,
    durationS: lessons.reduce((n, l) => n + l.durationS, 0),
    completedCount: lessons.filter((l) => progressItem(mine.get(l.id), l.durationS)?.completed).length,
    learners,
    publishedAt: c.publishedAt.toISOString(),
  };
}

export function courseWithLessons(tree: VideoTree, c: TreeCourse, mine: Map<number, ProgressRow>, learners: number, now: number): CourseWithLessons {
  return {
    ...courseItem(tree, c, mine, learners, now),
    chapters: c.chapters.map((ch) => ({ id: ch.id, title: ch.title, lessons: ch.lessons.map((l) => lessonItem(tree, l, mine, now)) })),
  };
}

/** The lesson after `l` in its course's order that is already published, or null. */
export function nextLesson(tree: VideoTree, l: TreeLesson, now: number): TreeLesson | null {
  const course = tree.courses.find((c) => c.id === l.courseId);
  if (!course) return null;
  const all = lessonsOf(course);
  return all.slice(all.findIndex((x) => x.id === l.id) + 1).find((x) => x.publishedAt.getTime() <= now) ?? null;
}

export function teacherItem(t: TeacherRow, lessonCount: number, followers: number, following: boolean): TeacherItem {
  return { id: t.id, name: t.name, title: t.title, introduction: t.introduction, lessonCount, followers, following };
}

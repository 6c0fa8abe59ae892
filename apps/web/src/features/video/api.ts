import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onProgressSaved } from '../../lib/outbox/video';
import {
  videoAllcourses,
  videoAppoint,
  videoCoursedetail,
  videoCourselist,
  videoFeedback,
  videoFollow,
  videoHistory,
  videoLatest,
  videoLesson,
  videoTeacher,
  videoTeachers,
  videoNotes,
  videoNoteSave,
  videoNoteDelete,
  type VIDEO_REPORT_KINDS,
  type DataOf,
  type LessonItem,
} from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the video screens (docs/video.md): query options and mutations of calls/video.ts. Lists are silent (the
 * screens show errors inline); the lesson call's 403 is the buy prompt.
 */

export type LessonData = DataOf<typeof videoLesson>;
export type CourselistData = DataOf<typeof videoCourselist>;
export type { CourseItem, CourseWithLessons, LessonItem, TeacherItem } from '@kaoshi/contract';

export const videoKeys = {
  all: ['video'] as const,
  courselist: (appID: number, level?: number) => ['video', 'courselist', appID, level ?? 0] as const,
  allcourses: (appID: number, teacherID: number | undefined, sort: string | undefined) => ['video', 'allcourses', appID, teacherID ?? 0, sort ?? ''] as const,
  course: (courseID: number) => ['video', 'course', courseID] as const,
  lesson: (lessonID: number) => ['video', 'lesson', lessonID] as const,
  history: (appID: number) => ['video', 'history', appID] as const,
  latest: (appID: number) => ['video', 'latest', appID] as const,
  teachers: (appID: number) => ['video', 'teachers', appID] as const,
  teacher: (teacherID: number, appID: number) => ['video', 'teacher', teacherID, appID] as const,
  notes: (lessonID: number) => ['video', 'notes', lessonID] as const,
};

export const notesQuery = (lessonID: number) =>
  queryOptions({ queryKey: videoKeys.notes(lessonID), queryFn: () => call(videoNotes, { lessonID }, { silent: true }), retry: false });
export const saveNote = (p: { lessonID: number; second: number; text: string; noteID?: number }) => call(videoNoteSave, p, { silent: true });
export const deleteNote = (noteID: number) => call(videoNoteDelete, { noteID }, { silent: true });

export const courselistQuery = (appID: number, level?: number) =>
  queryOptions({ queryKey: videoKeys.courselist(appID, level), queryFn: () => call(videoCourselist, { appID, level }, { silent: true }), retry: false });

export const allcoursesQuery = (appID: number, teacherID?: number, videoSort?: 'new' | 'hot') =>
  queryOptions({
    queryKey: videoKeys.allcourses(appID, teacherID, videoSort),
    queryFn: () => call(videoAllcourses, { appID, teacherID, videoSort }, { silent: true }),
    retry: false,
  });

export const courseQuery = (courseID: number) =>
  queryOptions({ queryKey: videoKeys.course(courseID), queryFn: () => call(videoCoursedetail, { courseID }, { silent: true }), retry: false });

/** The lesson and its play token; never reused from the cache (a token lives 10 minutes). */
export const lessonQuery = (lessonID: number) =>
  queryOptions({ queryKey: videoKeys.lesson(lessonID), queryFn: () => call(videoLesson, { lessonID }, { silent: true }), retry: false, staleTime: 0, gcTime: 0 });

/** A fresh token for a lesson being played (before the current one runs out). */
export const renewLesson = (lessonID: number) => call(videoLesson, { lessonID }, { silent: true, allowedRepeat: true });

export const historyQuery = (appID: number) => queryOptions({ queryKey: videoKeys.history(appID), queryFn: () => call(videoHistory, { appID }, { silent: true }), retry: false });

export const latestQuery = (appID: number) => queryOptions({ queryKey: videoKeys.latest(appID), queryFn: () => call(videoLatest, { appID }, { silent: true }), retry: false });

export const teachersQuery = (appID: number) =>
  queryOptions({ queryKey: videoKeys.teachers(appID), queryFn: () => call(videoTeachers, { appID }, { silent: true }), retry: false });

export const teacherQuery = (teacherID: number, appID: number) =>
  queryOptions({ queryKey: videoKeys.teacher(teacherID, appID), queryFn: () => call(videoTeacher, { teacherID, appID }, { silent: true }), retry: false });

export const follow = (teacherID: number, on: boolean) => call(videoFollow, { teacherID, on: on ? 1 : 0 }, { silent: true });

/** Book (true) or cancel (false) an upcoming lesson: POST /api/user/live/appoint, status 1 预约 / 0 取消预约. */
export const appoint = (appID: number, videoID: number, book: boolean) => call(videoAppoint, { appID, videoID, status: book ? 1 : 0 }, { silent: true });

export const sendFeedback = (p: { lessonID: number; kind: (typeof VIDEO_REPORT_KINDS)[number]; text: string; second?: number }) => call(videoFeedback, p, { silent: true });

// ---- pure helpers ----

export { clock } from '../../lib/format';

/** What a lesson row says of me: 已学完, 学到 xx%, or nothing yet. */
export function progressText(l: Pick<LessonItem, 'progress'>): string {
  if (!l.progress) return '';
  return l.progress.completed ? '已学完' : `已学${l.progress.percent}%`;
}

/** The player route of a lesson (second-level courses play in /videoEjPlay), optionally at a second. */
export function playPath(lessonID: number, opts: { second?: number; ej?: boolean; only?: boolean } = {}): string {
  const route = opts.only ? '/videoPlayonly' : opts.ej ? '/videoEjPlay' : '/videoStudy';
  return `${route}?lessonID=${lessonID}${opts.second !== undefined ? `&t=${Math.floor(opts.second)}` : ''}`;
}

/** Lists show my progress: when the server took a progress save, they are read again (the lesson call is not). */
export function useRefreshOnProgress(): void {
  const client = useQueryClient();
  useEffect(() => onProgressSaved(() => void client.invalidateQueries({ queryKey: videoKeys.all, predicate: (q) => q.queryKey[1] !== 'lesson' })), [client]);
}

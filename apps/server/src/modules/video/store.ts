import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import {
  lessonMarkers,
  lessonPoints,
  teacherFollows,
  teachers,
  videoAppointments,
  videoChapters,
  videoCourses,
  videoLessons,
  videoProgress,
  videoReports,
} from '../../db/schema/index.ts';
import { pointNames, pointsOfQuestion } from '../questions/index.ts';
import { accountCards } from '../user/index.ts';

export type ProgressRow = typeof videoProgress.$inferSelect;
export type TeacherRow = typeof teachers.$inferSelect;

/** A subject's video content as the calls read it: held in memory per subject, dropped by an import. */
export interface VideoTree {
  courses: TreeCourse[];
  lessons: Map<number, TreeLesson>;
  teachers: Map<number, TeacherRow>;
}
export interface TreeCourse {
  id: number;
  appId: number;
  title: string;
  introduction: string;
  teacherId: number | null;
  level: number | null;
  publishedAt: Date;
  chapters: { id: number; title: string; lessons: TreeLesson[] }[];
}
export interface TreeLesson {
  id: number;
  appId: number;
  courseId: number;
  courseTitle: string;
  chapterTitle: string;
  title: string;
  teacherId: number | null;
  durationS: number;
  free: boolean;
  previewSeconds: number;
  renditions: string[];
  publishedAt: Date;
  markers: { second: number; title: string }[];
  points: { pointId: number; name: string; from: number; to: number }[];
}

/** What protected delivery needs of a lesson (delivery.ts). */
export interface LessonMedia {
  mediaKey: string;
  mediaVersion: number;
  renditions: string[];
  durationS: number;
}

export function createVideoStore(db: Database) {
  /** The point ranges of these lessons by start, each with its point's name (a point gone from the bank left out). */
  async function namedLessonPoints(lessonIds: number[]) {
    const rows = await db
      .select({ lessonId: lessonPoints.lessonId, pointId: lessonPoints.pointId, from: lessonPoints.fromS, to: lessonPoints.toS })
      .from(lessonPoints)
      .where(inArray(lessonPoints.lessonId, lessonIds))
      .orderBy(asc(lessonPoints.fromS));
    const names = await pointNames(
      db,
      rows.map((r) => r.pointId),
    );
    return rows.flatMap((r) => {
      const name = names.get(r.pointId);
      return name === undefined ? [] : [{ lessonId: r.lessonId, pointId: r.pointId, name, from: r.from, to: r.to }];
    });
  }

  return {
    /** Every course, chapter, lesson, marker and point range of a subject, in order. */
    async tree(appId: number): Promise<VideoTree> {
      const courses = await db.select().from(videoCourses).where(eq(videoCourses.appId, appId)).orderBy(asc(videoCourses.sort), asc(videoCourses.id));
      const ids = courses.map((c) => c.id);
      const chapters =
        ids.length === 0 ? [] : await db.select().from(videoChapters).where(inArray(videoChapters.courseId, ids)).orderBy(asc(videoChapters.sort), asc(videoChapters.id));
      const chapterIds = chapters.map((c) => c.id);
      const lessons =
        chapterIds.length === 0
          ? []
          : await db.select().from(videoLessons).where(inArray(videoLessons.chapterId, chapterIds)).orderBy(asc(videoLessons.sort), asc(videoLessons.id));
      const lessonIds = lessons.map((l) => l.id);
      const [markers, points, teacherRows] = await Promise.all([
        lessonIds.length === 0 ? [] : db.select().from(lessonMarkers).where(inArray(lessonMarkers.lessonId, lessonIds)).orderBy(asc(lessonMarkers.second)),
        lessonIds.length === 0 ? [] : namedLessonPoints(lessonIds),
        db
          .select()
          .from(teachers)
          .where(sql`${teachers.appIds} @> ${JSON.stringify([appId])}::jsonb`),
      ]);
      const byLesson = <T extends { lessonId: number }>(rows: T[]) => {
        const m = new Map<number, T[]>();
        for (const r of rows) m.set(r.lessonId, [...(m.get(r.lessonId) ?? []), r]);
        return m;
      };
      const markersOf = byLesson(markers);
      const pointsOf = byLesson(points);
      const all = new Map<number, TreeLesson>();
      const tree: TreeCourse[] = courses.map((c) => ({
        id: c.id,
        appId: c.appId,
        title: c.title,
        introduction: c.introduction,
        teacherId: c.teacherId,
        level: c.level,
        publishedAt: c.publishedAt,
        chapters: chapters
          .filter((ch) => ch.courseId === c.id)
          .map((ch) => ({
            id: ch.id,
            title: ch.title,
            lessons: lessons
              .filter((l) => l.chapterId === ch.id)
              .map((l) => {
                const lesson: TreeLesson = {
                  id: l.id,
                  appId,
                  courseId: c.id,
                  courseTitle: c.title,
                  chapterTitle: ch.title,
                  title: l.title,
                  teacherId: l.teacherId,
                  durationS: l.durationS,
                  free: l.free,
                  previewSeconds: l.previewSeconds,
                  renditions: l.renditions,
                  publishedAt: l.publishedAt,
                  markers: (markersOf.get(l.id) ?? []).map((m) => ({ second: m.second, title: m.title })),
                  points: (pointsOf.get(l.id) ?? []).map((p) => ({ pointId: p.pointId, name: p.name, from: p.from, to: p.to })),
                };
                all.set(l.id, lesson);
                return lesson;
              }),
          })),
      }));
      const teacherMap = new Map(teacherRows.map((t) => [t.id, t]));
      // A teacher of a lesson of the subject counts as the subject's even when the import did not list it.
      const missing = [...new Set([...courses.map((c) => c.teacherId), ...lessons.map((l) => l.teacherId)])].filter((id): id is number => id !== null && !teacherMap.has(id));
      if (missing.length > 0) for (const t of await db.select().from(teachers).where(inArray(teachers.id, missing))) teacherMap.set(t.id, t);
      return { courses: tree, lessons: all, teachers: teacherMap };
    },

    /** A lesson's media as delivery serves it (its key, version, renditions and length), or undefined. */
    async lessonMedia(lessonId: number): Promise<LessonMedia | undefined> {
      const [row] = await db
        .select({ mediaKey: videoLessons.mediaKey, mediaVersion: videoLessons.mediaVersion, renditions: videoLessons.renditions, durationS: videoLessons.durationS })
        .from(videoLessons)
        .where(eq(videoLessons.id, lessonId));
      return row;
    },

    /** The subject of a lesson or course (null: none). */
    async appOfLesson(lessonId: number): Promise<number | null> {
      const [row] = await db
        .select({ appId: videoCourses.appId })
        .from(videoLessons)
        .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
        .innerJoin(videoCourses, eq(videoCourses.id, videoChapters.courseId))
        .where(eq(videoLessons.id, lessonId));
      return row?.appId ?? null;
    },
    async appOfCourse(courseId: number): Promise<number | null> {
      const [row] = await db.select({ appId: videoCourses.appId }).from(videoCourses).where(eq(videoCourses.id, courseId));
      return row?.appId ?? null;
    },
    async teacherById(teacherId: number): Promise<TeacherRow | null> {
      const [row] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
      return row ?? null;
    },

    /** Learners who played a lesson of each course of the subject (the 'hot' sort). */
    async learnersPerCourse(appId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ courseId: videoChapters.courseId, n: sql<number>`count(distinct ${videoProgress.userId})::int` })
        .from(videoProgress)
        .innerJoin(videoLessons, eq(videoLessons.id, videoProgress.lessonId))
        .innerJoin(videoChapters, eq(videoChapters.id, videoLessons.chapterId))
        .where(eq(videoProgress.appId, appId))
        .groupBy(videoChapters.courseId);
      return new Map(rows.map((r) => [r.courseId, Number(r.n)]));
    },

    /** The learner's progress rows of a subject: one query for what belongs to the learner. */
    progressOf: (userId: number, appId: number) =>
      db
        .select()
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.appId, appId))),

    history: (userId: number, appId: number, limit: number, offset: number) =>
      db
        .select()
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, userId), eq(videoProgress.appId, appId)))
        .orderBy(desc(videoProgress.updatedAt), desc(videoProgress.lessonId))
        .limit(limit)
        .offset(offset),

    /**
     * Merge a save into the learner's row under a row lock (two devices at once lose nothing): `merge` gets the row
     * as stored (a new row has position 0 and nothing watched) and returns the new values.
     */
    async saveProgress(userId: number, lessonId: number, appId: number, now: Date, merge: (row: ProgressRow) => Omit<ProgressRow, 'userId' | 'lessonId' | 'appId'>) {
      return db.transaction(async (tx) => {
        await tx.insert(videoProgress).values({ userId, lessonId, appId, updatedAt: now }).onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(videoProgress)
          .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)))
          .for('update');
        const next = merge(row!);
        const [saved] = await tx
          .update(videoProgress)
          .set(next)
          .where(and(eq(videoProgress.userId, userId), eq(videoProgress.lessonId, lessonId)))
          .returning();
        return saved!;
      });
    },

    /** The knowledge points of a question (看讲解). */
    pointsOfQuestion: (questionId: number): Promise<number[]> => pointsOfQuestion(db, questionId),

    phoneOf: async (userId: number): Promise<string | null> => (await accountCards(db, [userId])).get(userId)?.phone ?? null,

    appointmentsOf: (userId: number, lessonIds: number[]) =>
      lessonIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(videoAppointments)
            .where(and(eq(videoAppointments.userId, userId), inArray(videoAppointments.lessonId, lessonIds), eq(videoAppointments.status, 1))),
    async setAppointment(userId: number, lessonId: number, status: number, now: Date) {
      const [row] = await db
        .insert(videoAppointments)
        .values({ userId, lessonId, status, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [videoAppointments.userId, videoAppointments.lessonId],
          // Booking twice is one booking: its time stays the first booking's.
          set: { status, updatedAt: sql`case when ${videoAppointments.status} = ${status} then ${videoAppointments.updatedAt} else ${now.toISOString()}::timestamptz end` },
        })
        .returning();
      return row!;
    },

    followsOf: (userId: number) => db.select({ teacherId: teacherFollows.teacherId }).from(teacherFollows).where(eq(teacherFollows.userId, userId)),
    async followers(teacherIds: number[]): Promise<Map<number, number>> {
      if (teacherIds.length === 0) return new Map();
      const rows = await db
        .select({ teacherId: teacherFollows.teacherId, n: sql<number>`count(*)::int` })
        .from(teacherFollows)
        .where(inArray(teacherFollows.teacherId, teacherIds))
        .groupBy(teacherFollows.teacherId);
      return new Map(rows.map((r) => [r.teacherId, Number(r.n)]));
    },
    async setFollow(userId: number, teacherId: number, on: boolean, now: Date) {
      if (on) await db.insert(teacherFollows).values({ userId, teacherId, createdAt: now }).onConflictDoNothing();
      else await db.delete(teacherFollows).where(and(eq(teacherFollows.userId, userId), eq(teacherFollows.teacherId, teacherId)));
    },

    async addReport(r: { userId: number; lessonId: number; kind: string; text: string; second: number | null; now: Date }) {
      const [row] = await db
        .insert(videoReports)
        .values({ userId: r.userId, lessonId: r.lessonId, kind: r.kind, text: r.text, second: r.second, createdAt: r.now })
        .returning({ id: videoReports.id });
      return row!.id;
    },
  };
}

export type VideoStore = ReturnType<typeof createVideoStore>;

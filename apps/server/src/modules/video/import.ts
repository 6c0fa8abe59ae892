import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { lessonMarkers, lessonPoints, subjects, teachers, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { pointIdsByCode } from '../questions/index.ts';
import type { MediaStore } from './media-store.ts';
import { transcode, type Transcoded, type TranscodeOptions } from './transcode.ts';

const key = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'keys are lower-case letters, digits and -');
const title = z.string().trim().min(1).max(60);

/** lessons.json beside the source videos (docs/video.md, "Media pipeline and store"). */
export const videoManifest = z.object({
  appId: z.number().int().positive(),
  teachers: z.array(z.object({ key, name: title, title: z.string().max(40).default(''), introduction: z.string().max(2000).default('') })).default([]),
  course: z.object({ key, title, introduction: z.string().max(2000).default(''), teacher: key.optional(), level: z.literal(1).optional(), sort: z.number().int().default(0) }),
  chapters: z
    .array(
      z.object({
        title,
        lessons: z
          .array(
            z.object({
              key,
              title,
              file: z.string().min(1).max(200),
              teacher: key.optional(),
              free: z.boolean().default(false),
              previewSeconds: z.number().int().min(0).max(3600).default(180),
              /** Published this many days after its first import (即将上线 until then: bookable, not playable). */
              publishInDays: z.number().int().min(0).max(365).default(0),
              markers: z.array(z.object({ second: z.number().int().min(0), title })).default([]),
              /** Knowledge points by their code in the subject's question bank (`knowledgePoints[].code`). */
              points: z.array(z.object({ point: z.string().min(1).max(64), from: z.number().int().min(0), to: z.number().int().positive() })).default([]),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type VideoManifest = z.input<typeof videoManifest>;

export interface ImportedCourse {
  courseId: number;
  lessons: { key: string; durationS: number; mediaKey: string; mediaVersion: number }[];
}

/**
 * Import one course of lessons: every source is transcoded and validated first (transcode.ts), put into the media
 * store under a new version, and only then are the rows written, in one transaction (teachers and the course by
 * key, chapters by title, lessons by key with their markers and point ranges). All or nothing: any failure removes
 * the media put so far and writes no row. Lessons keep their ids across imports, so learners' progress stays.
 */
export async function importVideoCourse(db: Database, store: MediaStore, folder: string, now: Date, options: TranscodeOptions = {}): Promise<ImportedCourse> {
  const manifest = videoManifest.parse(JSON.parse(readFileSync(join(folder, 'lessons.json'), 'utf8')));
  const [subject] = await db.select({ appId: subjects.appId }).from(subjects).where(eq(subjects.appId, manifest.appId));
  if (!subject) throw new Error(`subject ${manifest.appId} does not exist`);
  const all = manifest.chapters.flatMap((c) => c.lessons);
  const keys = all.map((l) => l.key);
  if (new Set(keys).size !== keys.length) throw new Error('a lesson key appears twice');
  const known = new Set(manifest.teachers.map((t) => t.key));
  for (const t of [manifest.course.teacher, ...all.map((l) => l.teacher)]) if (t && !known.has(t)) throw new Error(`teacher ${t} is not in teachers`);
  const codes = [...new Set(all.flatMap((l) => l.points.map((p) => p.point)))];
  const pointIds = await pointIdsByCode(db, manifest.appId, codes);
  const unknown = codes.filter((c) => !pointIds.has(c));
  if (unknown.length > 0) throw new Error(`knowledge points not in subject ${manifest.appId}: ${unknown.join(', ')}`);

  const existing = new Map((await db.select().from(videoLessons).where(inArray(videoLessons.key, keys))).map((l) => [l.key, l]));
  const put: string[] = [];
  const made = new Map<string, Transcoded & { mediaKey: string; version: number }>();
  const work = await mkdtemp(join(tmpdir(), 'video-import-'));
  try {
    for (const l of all) {
      const out = join(work, l.key);
      const t = await transcode(resolve(folder, l.file), out, options);
      for (const p of l.points) if (p.to <= p.from || p.to > t.durationS + 1) throw new Error(`${l.key}: point ${p.point} range ${p.from}–${p.to} is not within the lesson`);
      for (const m of l.markers) if (m.second > t.durationS) throw new Error(`${l.key}: marker at ${m.second} s is past the end`);
      const version = (existing.get(l.key)?.mediaVersion ?? 0) + 1;
      const mediaKey = `${manifest.appId}/${l.key}`;
      const prefix = `${mediaKey}/v${version}`;
      put.push(prefix);
      for (const f of t.files) await store.putFile(`${prefix}/${f}`, join(out, f));
      made.set(l.key, { ...t, mediaKey, version });
    }

    const courseId = await db.transaction(async (tx) => {
      const teacherIds = new Map<string, number>();
      for (const t of manifest.teachers) {
        const [row] = await tx
          .insert(teachers)
          .values({ key: t.key, name: t.name, title: t.title, introduction: t.introduction, appIds: [manifest.appId] })
          // A teacher known already (another subject's course, or a live class's) teaches this subject too.
          .onConflictDoUpdate({
            target: teachers.key,
            set: {
              name: t.name,
              title: t.title,
              introduction: t.introduction,
              appIds: sql`case when ${teachers.appIds} @> ${JSON.stringify([manifest.appId])}::jsonb then ${teachers.appIds} else ${teachers.appIds} || ${JSON.stringify([manifest.appId])}::jsonb end`,
            },
          })
          .returning({ id: teachers.id });
        teacherIds.set(t.key, row!.id);
      }
      const c = manifest.course;
      const courseValues = {
        appId: manifest.appId,
        title: c.title,
        introduction: c.introduction,
        teacherId: c.teacher ? teacherIds.get(c.teacher)! : null,
        level: c.level ?? null,
        sort: c.sort,
      };
      const [course] = await tx
        .insert(videoCourses)
        .values({ key: c.key, ...courseValues, publishedAt: now })
        .onConflictDoUpdate({ target: videoCourses.key, set: courseValues })
        .returning({ id: videoCourses.id });
      const chapters = await tx.select().from(videoChapters).where(eq(videoChapters.courseId, course!.id));
      for (const [ci, ch] of manifest.chapters.entries()) {
        let chapterId = chapters.find((x) => x.title === ch.title)?.id;
        if (chapterId === undefined)
          [{ id: chapterId }] = await tx.insert(videoChapters).values({ courseId: course!.id, title: ch.title, sort: ci }).returning({ id: videoChapters.id });
        else await tx.update(videoChapters).set({ sort: ci }).where(eq(videoChapters.id, chapterId));
        for (const [li, l] of ch.lessons.entries()) {
          const m = made.get(l.key)!;
          const values = {
            chapterId,
            title: l.title,
            teacherId: l.teacher ? teacherIds.get(l.teacher)! : courseValues.teacherId,
            durationS: m.durationS,
            free: l.free,
            previewSeconds: l.previewSeconds,
            mediaKey: m.mediaKey,
            mediaVersion: m.version,
            renditions: m.renditions,
            sort: li,
          };
          const [lesson] = await tx
            .insert(videoLessons)
            .values({ key: l.key, ...values, publishedAt: new Date(now.getTime() + l.publishInDays * 86_400_000) })
            .onConflictDoUpdate({ target: videoLessons.key, set: values })
            .returning({ id: videoLessons.id });
          await tx.delete(lessonMarkers).where(eq(lessonMarkers.lessonId, lesson!.id));
          await tx.delete(lessonPoints).where(eq(lessonPoints.lessonId, lesson!.id));
          if (l.markers.length > 0) await tx.insert(lessonMarkers).values(l.markers.map((k) => ({ lessonId: lesson!.id, second: k.second, title: k.title })));
          if (l.points.length > 0) await tx.insert(lessonPoints).values(l.points.map((p) => ({ lessonId: lesson!.id, pointId: pointIds.get(p.point)!, fromS: p.from, toS: p.to })));
        }
      }
      return course!.id;
    });
    // The versions replaced are no longer pointed to.
    for (const [k, old] of existing) if (made.get(k)!.version !== old.mediaVersion) await store.removePrefix(`${old.mediaKey}/v${old.mediaVersion}`);
    return {
      courseId,
      lessons: all.map((l) => ({ key: l.key, durationS: made.get(l.key)!.durationS, mediaKey: made.get(l.key)!.mediaKey, mediaVersion: made.get(l.key)!.version })),
    };
  } catch (err) {
    for (const prefix of put) await store.removePrefix(prefix);
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

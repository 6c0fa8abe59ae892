import { APPOINT_STATUS, VIDEO_LATEST_DAYS, VIDEO_MODULE, VIDEO_MSG, type LessonItem } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound, tooMany } from '../../platform/errors.ts';
import { itemLoader, type ItemAccess } from '../../platform/items.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import { maskPhone } from '../../platform/crypto.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { courseItem, courseWithLessons, lessonItem, nextLesson, progressItem, teacherItem } from './items.ts';
import { isComplete, mergeRanges, watchedSeconds, type Range } from './progress.ts';
import type { ProgressRow, TreeLesson, VideoStore, VideoTree } from './store.ts';
import { TOKEN_TTL_MS, type PlayTokens } from '../../platform/media-tokens.ts';

const DAY = 86_400_000;
export const HISTORY_PAGE = 20;
/** Video reports a learner may file per hour. */
export const VIDEO_REPORTS_PER_HOUR = 10;

export interface VideoDeps {
  store: VideoStore;
  /** The subject's tree, held in memory and dropped by an import (index.ts). */
  tree: (appId: number) => Promise<VideoTree>;
  /** Learners per course of a subject, held a minute. */
  learners: (appId: number) => Promise<Map<number, number>>;
  entitlements: Pick<EntitlementService, 'decide'>;
  tokens: () => PlayTokens;
  limiter: RateLimiter;
  clock: Clock;
}

export function createVideoService(d: VideoDeps) {
  const { store, tree, clock } = d;
  const published = (l: TreeLesson) => l.publishedAt.getTime() <= clock();
  const mineOf = async (userId: number, appId: number) => new Map((await store.progressOf(userId, appId)).map((r) => [r.lessonId, r]));

  /** A lesson by id with its subject's tree; 404 when there is none. */
  async function findLesson(lessonId: number): Promise<{ t: VideoTree; lesson: TreeLesson }> {
    const appId = await store.appOfLesson(lessonId);
    const t = appId === null ? undefined : await tree(appId);
    const lesson = t?.lessons.get(lessonId);
    if (!t || !lesson) throw notFound(VIDEO_MSG.unknownLesson);
    return { t, lesson };
  }

  /**
   * The lessons calls name by id (contract `gate.item`): 404 when there is none, 400 before it is published; the
   * entitlement policy then opens all of it (a purchase, or a free lesson), its preview, or nothing (403).
   */
  const lessons = itemLoader<{ t: VideoTree; lesson: TreeLesson }>('videoLesson', async (id) => {
    const found = await findLesson(id!);
    if (!published(found.lesson)) throw badInput(VIDEO_MSG.notYet);
    const { lesson } = found;
    return { facts: { appId: lesson.appId, module: VIDEO_MODULE, free: lesson.free, previewSeconds: lesson.previewSeconds }, value: found };
  });

  /** The courses calls name by id: 404 when there is none; open to every learner of a subject on sale. */
  const courses = itemLoader<{ appId: number; courseId: number }>('videoCourse', async (id) => {
    const appId = await store.appOfCourse(id!);
    if (appId === null) throw notFound(VIDEO_MSG.unknownCourse);
    return { facts: { appId, module: VIDEO_MODULE, free: true }, value: { appId, courseId: id! } };
  });

  async function upcomingWith(userId: number, lessons: TreeLesson[], t: VideoTree, mine: Map<number, ProgressRow>) {
    const now = clock();
    const soon = lessons.filter((l) => !published(l)).sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
    const booked = new Set(
      (
        await store.appointmentsOf(
          userId,
          soon.map((l) => l.id),
        )
      ).map((a) => a.lessonId),
    );
    return soon.map((l) => ({ ...lessonItem(t, l, mine, now), appointed: booked.has(l.id) }));
  }

  return {
    lessons,
    courses,
    async courselist(userId: number, appId: number, level: number | undefined) {
      const [t, mine, decision] = await Promise.all([tree(appId), mineOf(userId, appId), d.entitlements.decide(userId, appId, { moduleId: VIDEO_MODULE })]);
      const now = clock();
      const courses = t.courses.filter((c) => (level === 1 ? c.level === 1 : c.level === null));
      const last = [...mine.values()].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime()).find((r) => t.lessons.has(r.lessonId));
      return {
        courses: courses.map((c) => courseWithLessons(t, c, mine, 0, now)),
        recent: last ? lessonItem(t, t.lessons.get(last.lessonId)!, mine, now) : null,
        hasVideo: t.lessons.size > 0,
        full: decision.allowed,
        unlocking: decision.unlockingVersions,
      };
    },

    async allcourses(userId: number, appId: number, teacherId: number | undefined, sort: 'new' | 'hot' | undefined) {
      const [t, mine, learners] = await Promise.all([tree(appId), mineOf(userId, appId), d.learners(appId)]);
      const now = clock();
      const teaches = (c: VideoTree['courses'][number]) => c.teacherId === teacherId || c.chapters.some((ch) => ch.lessons.some((l) => l.teacherId === teacherId));
      const list = t.courses.filter((c) => teacherId === undefined || teaches(c)).map((c) => courseItem(t, c, mine, learners.get(c.id) ?? 0, now));
      if (sort === 'hot') list.sort((a, b) => b.learners - a.learners || a.id - b.id);
      else if (sort === 'new') list.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id);
      return { courses: list, teachers: [...t.teachers.values()].map((x) => ({ id: x.id, name: x.name, title: x.title })) };
    },

    async coursedetail(userId: number, { appId, courseId }: { appId: number; courseId: number }) {
      const [t, mine, learners, decision] = await Promise.all([
        tree(appId),
        mineOf(userId, appId),
        d.learners(appId),
        d.entitlements.decide(userId, appId, { moduleId: VIDEO_MODULE }),
      ]);
      const c = t.courses.find((x) => x.id === courseId)!;
      const teacher = c.teacherId === null ? undefined : t.teachers.get(c.teacherId);
      return { course: courseWithLessons(t, c, mine, learners.get(c.id) ?? 0, clock()), teacherIntro: teacher?.introduction ?? '', full: decision.allowed };
    },

    /** A lesson to play and its token: whole (a purchase or a free lesson), its preview, or 403 with what unlocks it. */
    async lesson(userId: number, { t, lesson }: { t: VideoTree; lesson: TreeLesson }, access: ItemAccess) {
      const lessonId = lesson.id;
      const now = clock();
      const [mine, phone] = await Promise.all([mineOf(userId, lesson.appId), store.phoneOf(userId)]);
      const expiresAt = now + TOKEN_TTL_MS;
      const token = d.tokens().sign({ userId, lessonId, expiresAt, limitSeconds: access.previewSeconds });
      const base = `/media/v/${lessonId}/${token}`;
      const next = nextLesson(t, lesson, now);
      return {
        lesson: { ...lessonItem(t, lesson, mine, now), appID: lesson.appId, chapterTitle: lesson.chapterTitle, markers: lesson.markers, points: lesson.points },
        next: next ? lessonItem(t, next, mine, now) : null,
        play: {
          url: `${base}/master.m3u8`,
          poster: `${base}/poster.jpg`,
          thumbnails: `${base}/sprite.vtt`,
          limitSeconds: access.previewSeconds,
          expiresAt: new Date(expiresAt).toISOString(),
        },
        access: { mode: access.full ? ('full' as const) : ('preview' as const), unlocking: access.unlocking },
        watermark: phone ? maskPhone(phone) : `ID ${userId}`,
      };
    },

    /**
     * Save a position and watched ranges. Ranges merge into what is stored (a replay adds nothing), cut to the lesson
     * or to the preview the learner may play; the position moves only for a save newer than the stored one.
     */
    async progress(userId: number, lesson: TreeLesson, access: ItemAccess, position: number, ranges: Range[], at: number) {
      const lessonId = lesson.id;
      const limit = access.full ? lesson.durationS : Math.min(lesson.durationS, access.previewSeconds);
      const now = new Date(clock());
      const row = await store.saveProgress(userId, lessonId, lesson.appId, now, (old) => {
        const watched = mergeRanges(old.watched, ranges, limit);
        const watchedS = watchedSeconds(watched);
        const newer = at >= old.positionAt;
        return {
          position: newer ? Math.min(position, lesson.durationS) : old.position,
          positionAt: newer ? at : old.positionAt,
          watched,
          watchedS,
          completedAt: old.completedAt ?? (isComplete(watchedS, lesson.durationS) ? now : null),
          updatedAt: now,
        };
      });
      return progressItem(row, lesson.durationS)!;
    },

    /** 看讲解: the published lessons of the subject whose point ranges cover one of the question's points, earliest first. */
    async explain(appId: number, questionId: number) {
      const [t, points] = await Promise.all([tree(appId), store.pointsOfQuestion(questionId)]);
      const wanted = new Set(points);
      const list = [...t.lessons.values()]
        .filter(published)
        .flatMap((l) => l.points.filter((p) => wanted.has(p.pointId)).map((p) => ({ lessonID: l.id, title: l.title, pointName: p.name, from: p.from, to: p.to })));
      return { list };
    },

    /** The published lessons explaining a point, earliest start first (knowledge points' pages link them). */
    async lessonsForPoint(appId: number, pointId: number) {
      const t = await tree(appId);
      return [...t.lessons.values()]
        .filter(published)
        .flatMap((l) => l.points.filter((p) => p.pointId === pointId).map((p) => ({ lessonId: l.id, title: l.title, from: p.from, to: p.to })))
        .sort((a, b) => a.lessonId - b.lessonId || a.from - b.from);
    },

    async history(userId: number, appId: number, page: number) {
      const rows = await store.history(userId, appId, HISTORY_PAGE + 1, (page - 1) * HISTORY_PAGE);
      const t = await tree(appId);
      const mine = new Map(rows.map((r) => [r.lessonId, r]));
      const now = clock();
      const list = rows
        .slice(0, HISTORY_PAGE)
        .filter((r) => t.lessons.has(r.lessonId))
        .map((r) => lessonItem(t, t.lessons.get(r.lessonId)!, mine, now));
      return { list, more: rows.length > HISTORY_PAGE };
    },

    async latest(userId: number, appId: number) {
      const [t, mine] = await Promise.all([tree(appId), mineOf(userId, appId)]);
      const now = clock();
      const all = [...t.lessons.values()];
      const list: LessonItem[] = all
        .filter((l) => published(l) && l.publishedAt.getTime() > now - VIDEO_LATEST_DAYS * DAY)
        .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
        .map((l) => lessonItem(t, l, mine, now));
      return { list, upcoming: await upcomingWith(userId, all, t, mine) };
    },

    async teachers(userId: number, appId: number) {
      const t = await tree(appId);
      const ids = [...t.teachers.keys()];
      const [followers, mine] = await Promise.all([store.followers(ids), store.followsOf(userId)]);
      const following = new Set(mine.map((f) => f.teacherId));
      const count = (id: number) => [...t.lessons.values()].filter((l) => l.teacherId === id && published(l)).length;
      const list = [...t.teachers.values()].map((x) => teacherItem(x, count(x.id), followers.get(x.id) ?? 0, following.has(x.id)));
      list.sort((a, b) => Number(b.following) - Number(a.following) || b.lessonCount - a.lessonCount || a.id - b.id);
      return { list };
    },

    async teacher(userId: number, teacherId: number, appId: number) {
      const [t, mine] = await Promise.all([tree(appId), mineOf(userId, appId)]);
      const row = t.teachers.get(teacherId);
      if (!row) throw notFound(VIDEO_MSG.unknownTeacher);
      const [followers, follows] = await Promise.all([store.followers([teacherId]), store.followsOf(userId)]);
      const theirs = [...t.lessons.values()].filter((l) => l.teacherId === teacherId);
      const now = clock();
      const lessons = theirs.filter(published).map((l) => lessonItem(t, l, mine, now));
      return {
        teacher: teacherItem(
          row,
          lessons.length,
          followers.get(teacherId) ?? 0,
          follows.some((f) => f.teacherId === teacherId),
        ),
        lessons,
        upcoming: await upcomingWith(userId, theirs, t, mine),
      };
    },

    async follow(userId: number, teacherId: number, on: boolean) {
      if (!(await store.teacherById(teacherId))) throw notFound(VIDEO_MSG.unknownTeacher);
      await store.setFollow(userId, teacherId, on, new Date(clock()));
      return { following: on, followers: (await store.followers([teacherId])).get(teacherId) ?? 0 };
    },

    async feedback(userId: number, lessonId: number, kind: string, text: string, second: number | undefined) {
      await findLesson(lessonId);
      if ((await d.limiter.hit(`video-report:${userId}`, 3600_000)).count > VIDEO_REPORTS_PER_HOUR) throw tooMany(VIDEO_MSG.feedbackTooOften);
      const id = await store.addReport({ userId, lessonId, kind, text, second: second ?? null, now: new Date(clock()) });
      return { id, msg: VIDEO_MSG.feedbackDone };
    },

    /** Book (1) or cancel (0) an upcoming lesson of the subject; the same status twice changes nothing. */
    async appoint(userId: number, appId: number, lessonId: number, status: number) {
      const { lesson } = await findLesson(lessonId);
      if (lesson.appId !== appId) throw notFound(VIDEO_MSG.unknownLesson);
      if (status === APPOINT_STATUS.booked && published(lesson)) throw badInput(VIDEO_MSG.alreadyOnline);
      const row = await store.setAppointment(userId, lessonId, status, new Date(clock()));
      return { videoID: lessonId, status: row.status, appointedAt: row.status === APPOINT_STATUS.booked ? row.updatedAt.toISOString() : null };
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;

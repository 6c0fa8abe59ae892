import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, choice, dbId, guid, int, optDbId, optInt, optText, page, secondRanges, VIDEO_SECONDS_MAX } from '../fields.ts';
import { unlockingVersion } from './subject.ts';

/**
 * Video lessons (docs/video.md): courses → chapters → lessons of a subject, opened by the version module `video`.
 * Lists answer every learner of the subject (a trial learner sees what is free and what only previews); the lesson
 * call decides per lesson and gives the play token: the whole lesson (purchase or a free lesson), its preview
 * (`limitSeconds`), or 403 '开通以下任一班次可使用该功能' {unlocking} when it has no preview.
 */

export const VIDEO_MODULE = 'video';
/** Its tile opens the list for everyone: the list holds the free lessons and the previews. */
export const VIDEO_LIST_ROUTE = '/videoList';
/** A lesson is completed when the seconds really watched reach this share of its length. */
export const VIDEO_COMPLETE_SHARE = 0.9;
/** The player saves the position at least this often while playing; resume starts over this close to the end (s). */
export const VIDEO_SAVE_EVERY_MS = 10_000;
export const VIDEO_RESUME_TAIL_S = 5;
/** /upVideo: lessons published in the last this many days. */
export const VIDEO_LATEST_DAYS = 30;
export const VIDEO_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** Kinds of a video report (/videoFeedback). */
export const VIDEO_REPORT_KINDS = ['画面卡顿', '声音问题', '内容错误', '其他'] as const;
export const VIDEO_SORTS = ['new', 'hot'] as const;
/** Appointment status (POST /api/user/live/appoint): 1 预约 (booked), 0 取消预约 (cancelled). */
export const APPOINT_STATUS = { cancelled: 0, booked: 1 } as const;

export const VIDEO_MSG = {
  unknownCourse: '课程不存在',
  unknownLesson: '视频不存在',
  unknownTeacher: '老师不存在',
  notYet: '该视频尚未上线',
  alreadyOnline: '该视频已上线，可直接观看',
  feedbackTooOften: '反馈太频繁，请稍后再试',
  feedbackDone: '感谢反馈，我们会尽快处理',
} as const;

export const videoTeacherRef = z.object({ id: z.number().int(), name: z.string(), title: z.string() });

/** My progress in a lesson (null before I play it): where to resume (s), the seconds really watched (each once), their share of the length (0–100). */
export const lessonProgress = z.object({ position: z.number().int(), watchedS: z.number().int(), percent: z.number().int(), completed: z.boolean(), updatedAt: z.string() });
export type LessonProgress = z.infer<typeof lessonProgress>;
/** A lesson in a list: `free` opens it whole to a trial learner, who plays `previewSeconds` of the others (0: none); `upcoming` (published later) is bookable, not playable. */
export const lessonItem = z.object({
  id: z.number().int(),
  title: z.string(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  durationS: z.number().int(),
  free: z.boolean(),
  previewSeconds: z.number().int(),
  teacher: videoTeacherRef.nullable(),
  publishedAt: z.string(),
  upcoming: z.boolean(),
  progress: lessonProgress.nullable(),
});
export type LessonItem = z.infer<typeof lessonItem>;
/** A course: `level` null for a main course, 1 for a second-level one (/videoEj); `learners` played one of its lessons (the 'hot' sort). */
export const courseItem = z.object({
  id: z.number().int(),
  appID: z.number().int(),
  title: z.string(),
  introduction: z.string(),
  teacher: videoTeacherRef.nullable(),
  level: z.number().int().nullable(),
  lessonCount: z.number().int(),
  durationS: z.number().int(),
  completedCount: z.number().int(),
  learners: z.number().int(),
  publishedAt: z.string(),
});
export type CourseItem = z.infer<typeof courseItem>;

export const courseWithLessons = courseItem.extend({ chapters: z.array(z.object({ id: z.number().int(), title: z.string(), lessons: z.array(lessonItem) })) });
export type CourseWithLessons = z.infer<typeof courseWithLessons>;

/** `full`: the learner holds a version with `video` (every lesson whole); else free lessons whole and previews. */
const access = z.object({
  /** full: the whole lesson; preview: the first `limitSeconds`. */
  mode: z.enum(['full', 'preview']),
  unlocking: z.array(unlockingVersion),
});

export const videoCourselist = defineCall({
  id: 'video.courselist',
  method: 'GET',
  path: '/api/video/courselist',
  group: 'video',
  needsSession: true,
  gate: { module: VIDEO_MODULE, free: true },
  summary: "/videoList, /videoEj: the subject's courses (main, or second-level with level=1) by chapter with every lesson and my progress, and the lesson I watched last.",
  request: z.object({ guid: guid(), appID: appID(), level: optInt('课程层级', 1, 1) }),
  data: z.object({ courses: z.array(courseWithLessons), recent: lessonItem.nullable(), hasVideo: z.boolean(), full: z.boolean(), unlocking: z.array(unlockingVersion) }),
});

export const videoAllcourses = defineCall({
  id: 'video.allcourses',
  method: 'GET',
  path: '/api/video/allcourses',
  group: 'video',
  needsSession: true,
  gate: { module: VIDEO_MODULE, free: true },
  summary: '/videoAllList: every course of the subject (main and second-level), filtered by teacher, sorted by videoSort (new: newest first; hot: most learners).',
  request: z.object({ guid: guid(), appID: appID(), teacherID: optDbId('老师编号'), videoSort: choice('排序', VIDEO_SORTS).optional() }),
  data: z.object({ courses: z.array(courseItem), teachers: z.array(videoTeacherRef) }),
});

export const videoCoursedetail = defineCall({
  id: 'video.coursedetail',
  method: 'GET',
  path: '/api/video/coursedetail',
  group: 'video',
  needsSession: true,
  gate: { item: { kind: 'videoCourse', field: 'courseID' }, unknown: VIDEO_MSG.unknownCourse },
  summary: '/videoetails: a course with its introduction, teacher, chapters and lessons with my progress.',
  request: z.object({ guid: guid(), courseID: dbId('课程编号') }),
  data: z.object({ course: courseWithLessons, teacherIntro: z.string(), full: z.boolean() }),
});

const LESSON_GATE = { item: { kind: 'videoLesson', field: 'lessonID' }, unknown: VIDEO_MSG.unknownLesson } as const;
export const videoLesson = defineCall({
  id: 'video.lesson',
  method: 'GET',
  path: '/api/video/lesson',
  group: 'video',
  needsSession: true,
  gate: LESSON_GATE,
  summary: 'A lesson to play: markers, knowledge-point ranges, the next lesson, my resume position, and a 10-minute play token (whole lesson, or its preview).',
  request: z.object({ guid: guid(), lessonID: dbId('视频编号') }),
  data: z.object({
    lesson: lessonItem.extend({
      appID: z.number().int(),
      chapterTitle: z.string(),
      markers: z.array(z.object({ second: z.number().int(), title: z.string() })),
      points: z.array(z.object({ pointId: z.number().int(), name: z.string(), from: z.number().int(), to: z.number().int() })),
    }),
    next: lessonItem.nullable(),
    /** url: the master playlist /media/v/<lessonID>/<token>/master.m3u8 (every file under that prefix); thumbnails: a WebVTT map; limitSeconds 0: the whole lesson, else where it stops. */
    play: z.object({
      url: z.string(),
      poster: z.string(),
      thumbnails: z.string(),
      limitSeconds: z.number().int(),
      expiresAt: z.string(),
    }),
    access,
    watermark: z.string(),
  }),
});

export const videoProgress = defineCall({
  id: 'video.progress',
  method: 'POST',
  path: '/api/video/progress',
  group: 'video',
  needsSession: true,
  gate: LESSON_GATE,
  allowedRepeat: true,
  summary: 'Save my position and the seconds watched since the last save; replays are harmless (ranges merge, an older position never overwrites a newer one).',
  request: z.object({
    guid: guid(),
    lessonID: dbId('视频编号'),
    position: int('播放位置', 0, VIDEO_SECONDS_MAX),
    ranges: secondRanges(),
    /** The client's time of the save (ms): the newest position wins. */
    at: int('保存时间', 0, 8_640_000_000_000_000),
  }),
  data: lessonProgress,
});

export const videoHistory = defineCall({
  id: 'video.history',
  method: 'GET',
  path: '/api/video/history',
  group: 'video',
  needsSession: true,
  summary: '最近观看: the lessons I played, the last played first (20 a page).',
  request: z.object({ guid: guid(), appID: appID(), page: page() }),
  data: z.object({ list: z.array(lessonItem), more: z.boolean() }),
});

export const videoLatest = defineCall({
  id: 'video.latest',
  method: 'GET',
  path: '/api/video/latest',
  group: 'video',
  needsSession: true,
  gate: { module: VIDEO_MODULE, free: true },
  summary: `/upVideo 最新上线: lessons of the subject published in the last ${VIDEO_LATEST_DAYS} days, newest first, and those coming soon.`,
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(lessonItem), upcoming: z.array(lessonItem.extend({ appointed: z.boolean() })) }),
});

export const teacherItem = videoTeacherRef.extend({
  introduction: z.string(),
  lessonCount: z.number().int(),
  followers: z.number().int(),
  following: z.boolean(),
});
export type TeacherItem = z.infer<typeof teacherItem>;

export const videoTeachers = defineCall({
  id: 'video.teachers',
  method: 'GET',
  path: '/api/video/teachers',
  group: 'video',
  needsSession: true,
  gate: { module: VIDEO_MODULE, free: true },
  summary: "/loveTeacherList: the subject's teachers, those I follow first.",
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(teacherItem) }),
});

export const videoTeacher = defineCall({
  id: 'video.teacher',
  method: 'GET',
  path: '/api/video/teacher',
  group: 'video',
  needsSession: true,
  summary: '/loveTeacherPlay: a teacher, their lessons of the subject, and their upcoming lessons with my appointment.',
  request: z.object({ guid: guid(), teacherID: dbId('老师编号'), appID: appID() }),
  data: z.object({ teacher: teacherItem, lessons: z.array(lessonItem), upcoming: z.array(lessonItem.extend({ appointed: z.boolean() })) }),
});

export const videoFollow = defineCall({
  id: 'video.follow',
  method: 'POST',
  path: '/api/video/follow',
  group: 'video',
  needsSession: true,
  summary: 'Follow (on=1) or unfollow (on=0) a teacher; answers the state as it is now.',
  request: z.object({ guid: guid(), teacherID: dbId('老师编号'), on: int('关注', 0, 1) }),
  data: z.object({ following: z.boolean(), followers: z.number().int() }),
});

export const videoFeedback = defineCall({
  id: 'video.feedback',
  method: 'POST',
  path: '/api/video/feedback',
  group: 'video',
  needsSession: true,
  summary: '/videoFeedback: report a problem with a lesson (a kind, text, the second it happened); operators list them with npm run reports -- --video.',
  request: z.object({
    guid: guid(),
    lessonID: dbId('视频编号'),
    kind: choice('问题类型', VIDEO_REPORT_KINDS),
    text: optText('问题描述', 200),
    second: optInt('播放位置', 0, VIDEO_SECONDS_MAX),
  }),
  data: z.object({ id: z.number().int(), msg: z.string() }),
});

export const videoAppoint = defineCall({
  id: 'video.appoint',
  method: 'POST',
  path: '/api/user/live/appoint',
  group: 'general',
  needsSession: true,
  // A live session's id (one id space with lessons) is gated as live lists it (404 直播不存在); a lesson's is video's.
  gate: { item: { kind: 'liveBooking', field: 'videoID' } },
  summary:
    'Book (status 1 预约) or cancel (status 0 取消预约) an upcoming lesson or live session (one id space, docs/live.md); answers the appointment as it is now. Booking twice is one booking.',
  request: z.object({ guid: guid(), appID: appID(), videoID: dbId('视频编号'), status: int('预约状态', 0, 1) }),
  data: z.object({ videoID: z.number().int(), status: z.number().int(), appointedAt: z.string().nullable() }),
});

export const videoExplain = defineCall({
  id: 'video.explain',
  method: 'GET',
  path: '/api/video/explain',
  group: 'video',
  needsSession: true,
  gate: { module: VIDEO_MODULE, free: true },
  summary: '看讲解: the published lessons whose point ranges cover a knowledge point of the question, the first the one to open at `from`.',
  request: z.object({ guid: guid(), appID: appID(), allTestID: dbId('试题编号') }),
  data: z.object({
    list: z.array(z.object({ lessonID: z.number().int(), title: z.string(), pointName: z.string(), from: z.number().int(), to: z.number().int() })),
  }),
});

export const videoCalls = {
  videoExplain,
  videoCourselist,
  videoAllcourses,
  videoCoursedetail,
  videoLesson,
  videoProgress,
  videoHistory,
  videoLatest,
  videoTeachers,
  videoTeacher,
  videoFollow,
  videoFeedback,
  videoAppoint,
};

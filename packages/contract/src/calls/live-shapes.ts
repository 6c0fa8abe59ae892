import { z } from 'zod';

/**
 * Live classes' constants, texts and shapes (docs/live.md); the calls are in live.ts.
 *
 * Live classes (docs/live.md): courses → sessions of a subject, opened by the version module `live` (a 公开课
 * session is free to every learner of the subject). Schedules, introductions and lists answer every learner; the
 * room, the replay and the answers decide per session and 403 '开通以下任一班次可使用该功能' {unlocking}.
 * Chat, likes, moderation and quiz-card pushes go over the room's WebSocket (live-socket.ts).
 */

export const LIVE_MODULE = 'live';
export const LIVE_LIST_ROUTE = '/livelist';
/** A session's status as learners see it: 0 预告, 1 直播中, 2 已结束 (replay not ready or none), 3 回放. */
export const LIVE_STATUS = { upcoming: 0, live: 1, ended: 2, replay: 3 } as const;
export const LIVE_STATUS_TEXT = ['预告', '直播中', '已结束', '回放'] as const;
/** Who streams it: our own ingest (RTMP → HLS), or a third-party provider's player (CC直播, /cczbPage). */
export const LIVE_PROVIDERS = ['self', 'cc'] as const;
/** The room opens (waiting screen, chat) this long before the start. */
export const LIVE_OPEN_BEFORE_MS = 30 * 60_000;
/** A booked learner is reminded this long before the start (in-app message and SMS). */
export const LIVE_REMIND_BEFORE_MS = 15 * 60_000;
/** A chat message: at most this text width (a Chinese character counts 2, spec §5). */
export const LIVE_CHAT_MAX_WIDTH = 120;
/** Chat rate: at most `count` messages per `windowMs` per learner and session. */
export const LIVE_CHAT_LIMIT = { count: 5, windowMs: 10_000 } as const;
/** The room's frames: what happened in the room is sent at most this often (ms). */
export const LIVE_FRAME_MS = 250;
/** A reconnecting client gets at most this many missed messages (the newest). */
export const LIVE_MISSED_MAX = 200;
/** A mute lasts this long unless lifted (minutes). */
export const LIVE_MUTE_MINUTES = [10, 60, 24 * 60] as const;
/** /hotMylive ranks sessions of the last this many days by viewers and bookings. */
export const LIVE_HOT_DAYS = 60;
/** Quiz-card options: two to six, keyed A–F. */
export const LIVE_CARD_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export const LIVE_MSG = {
  unknownLive: '直播不存在',
  unknownCourse: '直播课程不存在',
  notOpen: '直播尚未开始，请稍后再来',
  ended: '直播已结束',
  replayNotReady: '回放生成中，请稍后再来',
  noReplay: '本场直播没有回放',
  alreadyLive: '直播已开始，可直接进入',
  alreadyEnded: '直播已结束，无法预约',
  booked: '预约成功，开播前会提醒你',
  cancelled: '已取消预约',
  muted: '你已被禁言',
  tooFast: '发言太频繁，请稍后再试',
  empty: '请输入内容',
  cardUnknown: '题目不存在',
  cardClosed: '答题已结束',
  cardAnswered: '你已作答',
  thirdParty: '本场直播由合作平台提供，请在直播页观看',
  badMonth: '月份格式不正确',
} as const;

export const liveTeacher = z.object({ id: z.number().int(), name: z.string(), title: z.string() });
/** A session in a list: times are ISO strings; `reserved`/`collected` are mine. */
export const liveItem = z.object({
  id: z.number().int(),
  appID: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  title: z.string(),
  chapterName: z.string(),
  teacher: liveTeacher.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  free: z.boolean(),
  provider: z.enum(LIVE_PROVIDERS),
  reservations: z.number().int(),
  reserved: z.boolean(),
  collected: z.boolean(),
});
export type LiveItem = z.infer<typeof liveItem>;

export const liveCourseItem = z.object({
  id: z.number().int(),
  appID: z.number().int(),
  title: z.string(),
  summary: z.string(),
  teacher: liveTeacher.nullable(),
  sessions: z.number().int(),
  next: liveItem.nullable(),
});
export type LiveCourseItem = z.infer<typeof liveCourseItem>;

/** A signed media address and when it stops working (ISO); the client asks again before then. */
export const livePlay = z.object({ url: z.string(), expiresAt: z.string() });
/** A quiz card as learners see it; `answer` and `results` once it is closed (results also to the host). */
export const liveCard = z.object({
  id: z.number().int(),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  state: z.enum(['ready', 'open', 'closed']),
  /** Seconds from the start of the stream when it was pushed (the replay shows it there). */
  second: z.number().int().nullable(),
  answer: z.string().nullable(),
  explanation: z.string(),
  results: z.object({ total: z.number().int(), correct: z.number().int(), counts: z.record(z.string(), z.number().int()) }).nullable(),
});
export type LiveCard = z.infer<typeof liveCard>;
export const liveChatMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  text: z.string(),
  /** Seconds from the start of the stream (the replay shows it there). */
  second: z.number().int(),
  host: z.boolean(),
  mine: z.boolean(),
});
export type LiveChatMessage = z.infer<typeof liveChatMessage>;

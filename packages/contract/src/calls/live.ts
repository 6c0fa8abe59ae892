import { z } from 'zod';
import { defineCall } from '../call.ts';
import { appID, choice, dbId, guid, int, optInt, optText } from '../fields.ts';
import { unlockingVersion } from './subject.ts';
import { LIVE_MODULE, LIVE_MSG, LIVE_HOT_DAYS, LIVE_CARD_KEYS, liveItem, liveCourseItem, livePlay, liveCard, liveChatMessage, liveTeacher } from './live-shapes.ts';

/** The live classes' calls (docs/live.md); constants and shapes in live-shapes.ts. */
const liveID = () => dbId('直播编号');
const lists = z.object({ live: z.array(liveItem), upcoming: z.array(liveItem), replays: z.array(liveItem) });

/** A session as scheduled (collect, record a view): open to every learner of a subject on sale. */
const SESSION_GATE = { item: { kind: 'liveSession', field: 'liveID' }, unknown: LIVE_MSG.unknownLive } as const;
/** A session to watch (its room, lines, replay, cards): free sessions to all, others with the live module (the host link passes). */
const ROOM_GATE = { item: { kind: 'liveRoom', field: 'liveID' }, unknown: LIVE_MSG.unknownLive } as const;

export const liveList = defineCall({
  id: 'live.list',
  method: 'GET',
  path: '/api/liveclass/list',
  group: 'video',
  needsSession: true,
  gate: { module: LIVE_MODULE, free: true },
  summary: '/livelist: the subject’s sessions live now, coming (soonest first) and past (newest first, with replays).',
  request: z.object({ guid: guid(), appID: appID() }),
  data: lists,
});

export const liveCalendar = defineCall({
  id: 'live.calendar',
  method: 'GET',
  path: '/api/liveclass/calendar',
  group: 'video',
  needsSession: true,
  gate: { module: LIVE_MODULE, free: true },
  summary: '/liveCalendar: the sessions of one month (YYYY-MM, China days), by day.',
  request: z.object({ guid: guid(), appID: appID(), month: z.string({ error: LIVE_MSG.badMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: LIVE_MSG.badMonth }) }),
  data: z.object({ month: z.string(), days: z.array(z.object({ date: z.string(), items: z.array(liveItem) })) }),
});

export const liveDetail = defineCall({
  id: 'live.detail',
  method: 'GET',
  path: '/api/liveclass/detail',
  group: 'video',
  needsSession: true,
  summary: '/livedetail, /liveIntroduction: a session, its course and teacher, whether I may enter (else the versions that open it) and an .ics link.',
  request: z.object({ guid: guid(), liveID: liveID() }),
  data: z.object({
    item: liveItem,
    course: z.object({ id: z.number().int(), title: z.string(), summary: z.string(), introduction: z.string(), sessions: z.number().int() }),
    teacher: liveTeacher.extend({ introduction: z.string() }).nullable(),
    access: z.object({ allowed: z.boolean(), unlocking: z.array(unlockingVersion) }),
    calendarUrl: z.string(),
    replayDurationS: z.number().int().nullable(),
  }),
});

export const liveCourses = defineCall({
  id: 'live.courses',
  method: 'GET',
  path: '/api/liveclass/courses',
  group: 'video',
  needsSession: true,
  gate: { module: LIVE_MODULE, free: true },
  summary: '/liveIntroduceNew: the subject’s live courses with their next session.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(liveCourseItem) }),
});

export const liveCourse = defineCall({
  id: 'live.course',
  method: 'GET',
  path: '/api/liveclass/course',
  group: 'video',
  needsSession: true,
  gate: { item: { kind: 'liveCourse', field: 'courseID' }, unknown: LIVE_MSG.unknownCourse },
  summary: '/liveCourseList: a course, its introduction and its sessions in order.',
  request: z.object({ guid: guid(), courseID: dbId('课程编号') }),
  data: z.object({ course: liveCourseItem.extend({ introduction: z.string() }), sessions: z.array(liveItem) }),
});

const itemsOnly = z.object({ list: z.array(liveItem) });
export const liveBroadcast = defineCall({
  id: 'live.broadcast',
  method: 'GET',
  path: '/api/liveclass/broadcast',
  group: 'video',
  needsSession: true,
  summary: '/liveBroadcast: across my subjects (bought, booked or this one), the sessions live now, then those of the next 24 hours.',
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ live: z.array(liveItem.extend({ appName: z.string() })), soon: z.array(liveItem.extend({ appName: z.string() })) }),
});

export const liveHot = defineCall({
  id: 'live.hot',
  method: 'GET',
  path: '/api/liveclass/hot',
  group: 'video',
  needsSession: true,
  gate: { module: LIVE_MODULE, free: true },
  summary: `/hotMylive: the subject’s sessions of the last ${LIVE_HOT_DAYS} days and coming, by viewers and bookings.`,
  request: z.object({ guid: guid(), appID: appID() }),
  data: z.object({ list: z.array(liveItem.extend({ viewers: z.number().int() })) }),
});

export const liveReservations = defineCall({
  id: 'live.reservations',
  method: 'GET',
  path: '/api/liveclass/reservations',
  group: 'video',
  needsSession: true,
  summary: '/myLiveReservation: my booked sessions of every subject, coming first (soonest first), then past.',
  request: z.object({ guid: guid() }),
  data: z.object({ upcoming: z.array(liveItem), past: z.array(liveItem) }),
});

export const liveCollections = defineCall({
  id: 'live.collections',
  method: 'GET',
  path: '/api/liveclass/collections',
  group: 'video',
  needsSession: true,
  summary: '/myLiveCollection: the sessions I collected, the last collected first.',
  request: z.object({ guid: guid() }),
  data: itemsOnly,
});

export const liveCollect = defineCall({
  id: 'live.collect',
  method: 'POST',
  path: '/api/liveclass/collect',
  group: 'video',
  needsSession: true,
  gate: SESSION_GATE,
  summary: 'Collect (status 1) or drop (0) a session; answers the state as it is now.',
  request: z.object({ guid: guid(), liveID: liveID(), status: int('收藏状态', 0, 1) }),
  data: z.object({ liveID: z.number().int(), collected: z.boolean() }),
});

export const liveRoom = defineCall({
  id: 'live.room',
  method: 'GET',
  path: '/api/live/room',
  group: 'video',
  needsSession: true,
  gate: ROOM_GATE,
  summary: '/liveroom: enter a session (gated): the stream (null before it starts), the socket, the pinned notice, the cards and my answers. `host` is the host link’s key.',
  request: z.object({ guid: guid(), liveID: liveID(), host: optText('主持密钥', 64) }),
  data: z.object({
    item: liveItem,
    play: livePlay.nullable(),
    external: z.string().nullable(),
    socket: z.string(),
    host: z.boolean(),
    pinned: z.string(),
    online: z.number().int(),
    likes: z.number().int(),
    cards: z.array(liveCard),
    myAnswers: z.record(z.string(), z.string()),
  }),
});

export const liveOptimal = defineCall({
  id: 'live.optimal',
  method: 'GET',
  path: '/api/optimal/live',
  group: 'video',
  needsSession: true,
  gate: ROOM_GATE,
  summary: 'The playback lines of a live session (or its replay) for this client, the best first, each a signed address.',
  request: z.object({ guid: guid(), liveID: liveID(), client: choice('客户端', ['h5', 'ios', 'android', 'pc']).optional() }),
  data: z.object({ lines: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(['hls']), url: z.string() })), expiresAt: z.string() }),
});

export const liveReplay = defineCall({
  id: 'live.replay',
  method: 'GET',
  path: '/api/live/replay',
  group: 'video',
  needsSession: true,
  gate: ROOM_GATE,
  summary: '/livereview: the recording (gated), its chat and quiz cards at their seconds, and my answers.',
  request: z.object({ guid: guid(), liveID: liveID() }),
  data: z.object({
    item: liveItem,
    play: livePlay,
    durationS: z.number().int(),
    messages: z.array(liveChatMessage),
    cards: z.array(liveCard),
    myAnswers: z.record(z.string(), z.string()),
  }),
});

export const liveAnswer = defineCall({
  id: 'live.answer',
  method: 'POST',
  path: '/api/live/answer',
  group: 'video',
  needsSession: true,
  gate: ROOM_GATE,
  summary: 'Answer a pushed quiz card once (a second answer changes nothing); answers my choice, and the key and results once it is closed.',
  request: z.object({ guid: guid(), liveID: liveID(), cardID: dbId('题目编号'), choice: choice('答案', LIVE_CARD_KEYS) }),
  data: z.object({ cardID: z.number().int(), choice: z.string(), card: liveCard }),
});

export const liveRecord = defineCall({
  id: 'live.record',
  method: 'POST',
  path: '/api/live/record',
  group: 'tracking',
  needsSession: true,
  gate: SESSION_GATE,
  allowedRepeat: true,
  summary: 'A learner opened a session (sent only when liveID is present): counts them among its viewers (/hotMylive).',
  request: z.object({ guid: guid(), appID: appID(), liveID: liveID(), liveFunctionID: optInt('功能编号'), liveCCID: optText('合作方直播编号', 64) }),
  data: z.object({ recorded: z.literal(true) }),
});

export const liveCalls = {
  liveList,
  liveCalendar,
  liveDetail,
  liveCourses,
  liveCourse,
  liveBroadcast,
  liveHot,
  liveReservations,
  liveCollections,
  liveCollect,
  liveRoom,
  liveOptimal,
  liveReplay,
  liveAnswer,
  liveRecord,
};

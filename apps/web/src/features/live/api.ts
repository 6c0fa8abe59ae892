import { queryOptions } from '@tanstack/react-query';
import {
  liveBroadcast,
  liveCalendar,
  liveCollect,
  liveCollections,
  liveCourse,
  liveCourses,
  liveDetail,
  liveHot,
  liveList,
  liveReservations,
  videoAppoint,
  type DataOf,
  type LiveItem,
} from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * Data of the live list screens (docs/live.md): query options and mutations of calls/live.ts, and the booking of
 * calls/video.ts (POST /api/user/live/appoint: a session's id is its videoID). Lists are silent (the screens show
 * errors inline) and poll once a minute, so 即将开始 turns into 直播中 without a reload. The room, replay, answer, optimal
 * and record calls are in room-api.ts.
 */

export type { LiveItem, LiveCourseItem } from '@kaoshi/contract';
export type LiveDetailData = DataOf<typeof liveDetail>;
export type LiveCourseData = DataOf<typeof liveCourse>;
export type LiveCalendarData = DataOf<typeof liveCalendar>;

/** Lists are read again this often while they are on screen (statuses change with the clock). */
export const LIVE_POLL_MS = 60_000;

export const liveKeys = {
  all: ['live'] as const,
  list: (appID: number) => ['live', 'list', appID] as const,
  calendar: (appID: number, month: string) => ['live', 'calendar', appID, month] as const,
  detail: (liveID: number) => ['live', 'detail', liveID] as const,
  courses: (appID: number) => ['live', 'courses', appID] as const,
  course: (courseID: number) => ['live', 'course', courseID] as const,
  broadcast: (appID: number) => ['live', 'broadcast', appID] as const,
  hot: (appID: number) => ['live', 'hot', appID] as const,
  reservations: () => ['live', 'reservations'] as const,
  collections: () => ['live', 'collections'] as const,
};

const silent = { silent: true } as const;

export const listQuery = (appID: number) =>
  queryOptions({ queryKey: liveKeys.list(appID), queryFn: () => call(liveList, { appID }, silent), retry: false, refetchInterval: LIVE_POLL_MS });

export const calendarQuery = (appID: number, month: string) =>
  queryOptions({ queryKey: liveKeys.calendar(appID, month), queryFn: () => call(liveCalendar, { appID, month }, silent), retry: false });

export const detailQuery = (liveID: number) =>
  queryOptions({ queryKey: liveKeys.detail(liveID), queryFn: () => call(liveDetail, { liveID }, silent), retry: false, refetchInterval: LIVE_POLL_MS });

export const coursesQuery = (appID: number) => queryOptions({ queryKey: liveKeys.courses(appID), queryFn: () => call(liveCourses, { appID }, silent), retry: false });

export const courseQuery = (courseID: number) => queryOptions({ queryKey: liveKeys.course(courseID), queryFn: () => call(liveCourse, { courseID }, silent), retry: false });

export const broadcastQuery = (appID: number) =>
  queryOptions({ queryKey: liveKeys.broadcast(appID), queryFn: () => call(liveBroadcast, { appID }, silent), retry: false, refetchInterval: LIVE_POLL_MS });

export const hotQuery = (appID: number) => queryOptions({ queryKey: liveKeys.hot(appID), queryFn: () => call(liveHot, { appID }, silent), retry: false });

export const reservationsQuery = () => queryOptions({ queryKey: liveKeys.reservations(), queryFn: () => call(liveReservations, {}, silent), retry: false });

export const collectionsQuery = () => queryOptions({ queryKey: liveKeys.collections(), queryFn: () => call(liveCollections, {}, silent), retry: false });

/** Book (true) or cancel (false) a session: POST /api/user/live/appoint {videoID: the session, status 1 / 0}. */
export const appoint = (item: Pick<LiveItem, 'id' | 'appID'>, book: boolean) => call(videoAppoint, { appID: item.appID, videoID: item.id, status: book ? 1 : 0 }, silent);

/** Collect (true) or drop (false) a session; answers the state as it is now. */
export const collect = (liveID: number, on: boolean) => call(liveCollect, { liveID, status: on ? 1 : 0 }, silent);

// ---- routes of a session ----

/** Where a session's player is: our room, or the provider's page for third-party (CC直播) sessions. */
export const roomPath = (item: Pick<LiveItem, 'id' | 'provider'>): string => (item.provider === 'cc' ? `/cczbPage?liveID=${item.id}` : `/liveroom?liveID=${item.id}`);
/** Where a session's recording plays: the replay screen, or the provider's page (it plays its own replays). */
export const replayPath = (item: Pick<LiveItem, 'id' | 'provider'>): string => (item.provider === 'cc' ? `/cczbPage?liveID=${item.id}` : `/livereview?liveID=${item.id}`);
export const detailPath = (liveID: number): string => `/livedetail?liveID=${liveID}`;
export const introductionPath = (liveID: number): string => `/liveIntroduction?liveID=${liveID}`;
export const coursePath = (courseID: number): string => `/liveCourseList?courseID=${courseID}`;

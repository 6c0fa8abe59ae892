import { liveCalls as c, videoAppoint } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { LiveService } from './service.ts';

type LessonAppoint = (userId: number, appId: number, lessonId: number, status: number) => Promise<{ videoID: number; status: number; appointedAt: string | null }>;

/** The calls of contract calls/live.ts, and the appointment call for session ids (lesson ids go to video's). */
export const liveRoutes = (live: LiveService, lessonAppoint: LessonAppoint) => [
  handle(c.liveList, async ({ session, input }) => live.list(session.userId, input.appID)),
  handle(c.liveCalendar, async ({ session, input }) => live.calendar(session.userId, input.appID, input.month)),
  handle(c.liveDetail, async ({ session, input }) => live.detail(session.userId, input.liveID)),
  handle(c.liveCourses, async ({ session, input }) => live.courses(session.userId, input.appID)),
  handle(c.liveCourse, async ({ session, input }) => live.course(session.userId, input.courseID)),
  handle(c.liveBroadcast, async ({ session, input }) => live.broadcast(session.userId, input.appID)),
  handle(c.liveHot, async ({ session, input }) => live.hot(session.userId, input.appID)),
  handle(c.liveReservations, async ({ session }) => live.reservations(session.userId)),
  handle(c.liveCollections, async ({ session }) => live.collections(session.userId)),
  handle(c.liveCollect, async ({ session, input }) => live.collect(session.userId, input.liveID, input.status)),
  handle(c.liveRoom, async ({ session, input }) => live.room(session.userId, input.liveID, input.host)),
  handle(c.liveOptimal, async ({ session, input }) => live.optimal(session.userId, input.liveID)),
  handle(c.liveReplay, async ({ session, input }) => live.replay(session.userId, input.liveID)),
  handle(c.liveAnswer, async ({ session, input }) => live.answer(session.userId, input.liveID, input.cardID, input.choice)),
  handle(c.liveRecord, async ({ session, input }) => live.record(session.userId, input.appID, input.liveID)),
  handle(
    videoAppoint,
    async ({ session, input }) =>
      (await live.appoint(session.userId, input.appID, input.videoID, input.status)) ?? lessonAppoint(session.userId, input.appID, input.videoID, input.status),
  ),
];

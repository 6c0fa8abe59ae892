import { liveCalls as c, videoAppoint } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { LiveItems } from './items.ts';
import type { LiveService } from './service.ts';

type LessonAppoint = (userId: number, appId: number, lessonId: number, status: number) => Promise<{ videoID: number; status: number; appointedAt: string | null }>;

/**
 * The calls of contract calls/live.ts, and the appointment call for session ids (lesson ids go to video's). A
 * session or course a call names comes loaded and opened by the registrar (`items.….of(ctx)`).
 */
export const liveRoutes = (live: LiveService, items: LiveItems, lessonAppoint: LessonAppoint) => [
  handle(c.liveList, async ({ session, input }) => live.list(session.userId, input.appID)),
  handle(c.liveCalendar, async ({ session, input }) => live.calendar(session.userId, input.appID, input.month)),
  handle(c.liveDetail, async ({ session, input }) => live.detail(session.userId, input.liveID)),
  handle(c.liveCourses, async ({ session, input }) => live.courses(session.userId, input.appID)),
  handle(c.liveCourse, async (ctx) => live.course(ctx.session.userId, items.courses.of(ctx).value)),
  handle(c.liveBroadcast, async ({ session, input }) => live.broadcast(session.userId, input.appID)),
  handle(c.liveHot, async ({ session, input }) => live.hot(session.userId, input.appID)),
  handle(c.liveReservations, async ({ session }) => live.reservations(session.userId)),
  handle(c.liveCollections, async ({ session }) => live.collections(session.userId)),
  handle(c.liveCollect, async (ctx) => live.collect(ctx.session.userId, items.sessions.of(ctx).value, ctx.input.status)),
  handle(c.liveRoom, async (ctx) => live.room(ctx.session.userId, items.rooms.of(ctx).value)),
  handle(c.liveOptimal, async (ctx) => live.optimal(ctx.session.userId, items.rooms.of(ctx).value.s)),
  handle(c.liveReplay, async (ctx) => live.replay(ctx.session.userId, items.rooms.of(ctx).value.s)),
  handle(c.liveAnswer, async (ctx) => live.answer(ctx.session.userId, items.rooms.of(ctx).value.s, ctx.input.cardID, ctx.input.choice)),
  handle(c.liveRecord, async (ctx) => live.record(ctx.session.userId, items.sessions.of(ctx).value)),
  handle(videoAppoint, async (ctx) => {
    const { session, input } = ctx;
    const s = items.bookings.maybe(ctx)?.value;
    return s ? live.appoint(session.userId, s, input.status) : lessonAppoint(session.userId, input.appID, input.videoID, input.status);
  }),
];

import { LIVE_MODULE, LIVE_MSG } from '@kaoshi/contract';
import { notFound } from '../../platform/errors.ts';
import { itemLoader, type ItemFacts } from '../../platform/items.ts';
import type { LiveCourseRow, LiveSessionRow, ScheduledSession } from './store.ts';

/**
 * What the entitlement policy opens a session's room by (its stream, lines, replay and cards): a free session to
 * every learner of a subject on sale, the others with the live module. The room's socket asks the same (index.ts).
 */
export const roomFacts = (s: Pick<LiveSessionRow, 'appId' | 'free'>): ItemFacts => ({ appId: s.appId, module: LIVE_MODULE, free: s.free });

/**
 * A session or course as listed (book, collect, record a view, a course's page): open to every learner of a subject
 * on sale. The 404 of a subject not on sale names the session (the appointment call is the video contract's).
 */
const listed = (appId: number, unknown: string = LIVE_MSG.unknownLive): ItemFacts => ({ appId, module: LIVE_MODULE, free: true, unknown });

/**
 * The items of live classes calls name by id (contract `gate.item`), for the registrar to load (404 unknown) and
 * the entitlement policy to open. A request naming its subject (`appID`) must name the session's.
 */
export function liveItems(d: {
  session(id: number): Promise<ScheduledSession | undefined>;
  course(id: number): Promise<LiveCourseRow | undefined>;
  /** Whether a key is the session's host link key (the host enters whatever they hold). */
  isHost(s: LiveSessionRow, key: string | undefined): boolean;
}) {
  const known = async (id: number, input: Readonly<Record<string, unknown>>) => {
    const s = await d.session(id);
    if (!s || (input.appID !== undefined && s.appId !== input.appID)) throw notFound(LIVE_MSG.unknownLive);
    return s;
  };
  return {
    courses: itemLoader<LiveCourseRow>('liveCourse', async (id) => {
      const c = await d.course(id!);
      if (!c) throw notFound(LIVE_MSG.unknownCourse);
      return { facts: listed(c.appId, LIVE_MSG.unknownCourse), value: c };
    }),
    sessions: itemLoader<ScheduledSession>('liveSession', async (id, input) => {
      const s = await known(id!, input);
      return { facts: listed(s.appId), value: s };
    }),
    rooms: itemLoader<{ s: ScheduledSession; host: boolean }>('liveRoom', async (id, input) => {
      const s = await known(id!, input);
      const host = d.isHost(s, typeof input.host === 'string' ? input.host : undefined);
      return { facts: { ...roomFacts(s), granted: host }, value: { s, host } };
    }),
    /** An appointment's id: a live session's (gated as listed), or none here when it is a lesson's (the video module's). */
    bookings: itemLoader<ScheduledSession>('liveBooking', async (id, input) => {
      if (!(await d.session(id!))) return null;
      const s = await known(id!, input);
      return { facts: listed(s.appId), value: s };
    }),
  };
}
export type LiveItems = ReturnType<typeof liveItems>;

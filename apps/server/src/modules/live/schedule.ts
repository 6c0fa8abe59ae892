import { LIVE_STATUS, LIVE_STATUS_TEXT, type LiveItem } from '@kaoshi/contract';
import type { ScheduledSession } from './store.ts';

/**
 * The status learners see (docs/live.md, "States"): the stream's state, and for an ended one whether its replay
 * is ready. A scheduled session whose time has passed without a stream reads 已结束.
 */
export function statusOf(s: Pick<ScheduledSession, 'state' | 'replayState' | 'endsAt'>, now: number): number {
  if (s.state === 'live') return LIVE_STATUS.live;
  if (s.state === 'ended') return s.replayState === 'ready' ? LIVE_STATUS.replay : LIVE_STATUS.ended;
  // Never streamed here (or a third party's, whose times say when it is on: ccLive): over once its end has passed.
  return now >= s.endsAt.getTime() ? LIVE_STATUS.ended : LIVE_STATUS.upcoming;
}

/** Is a third party's session on now (its room opens at the start time)? */
export const ccLive = (s: Pick<ScheduledSession, 'provider' | 'startsAt' | 'endsAt'>, now: number) =>
  s.provider === 'cc' && now >= s.startsAt.getTime() && now < s.endsAt.getTime();

export interface Overlay {
  reserved: ReadonlySet<number>;
  collected: { has(id: number): boolean };
  reservations: ReadonlyMap<number, number>;
}

/** A session as lists show it, with what is mine. */
export function liveItemOf(s: ScheduledSession, mine: Overlay, now: number): LiveItem {
  const status = ccLive(s, now) ? LIVE_STATUS.live : statusOf(s, now);
  return {
    id: s.id,
    appID: s.appId,
    courseId: s.courseId,
    courseTitle: s.courseTitle,
    title: s.title,
    chapterName: s.chapterName,
    teacher: s.teacherId !== null && s.teacherName !== null ? { id: s.teacherId, name: s.teacherName, title: s.teacherTitle ?? '' } : null,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    status,
    statusText: LIVE_STATUS_TEXT[status]!,
    free: s.free,
    provider: s.provider,
    reservations: mine.reservations.get(s.id) ?? 0,
    reserved: mine.reserved.has(s.id),
    collected: mine.collected.has(s.id),
  };
}

/** Lists: live now; coming, soonest first; past, newest first. */
export function splitByStatus(items: LiveItem[]) {
  const live = items.filter((i) => i.status === LIVE_STATUS.live);
  const upcoming = items.filter((i) => i.status === LIVE_STATUS.upcoming).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const replays = items.filter((i) => i.status === LIVE_STATUS.ended || i.status === LIVE_STATUS.replay).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { live, upcoming, replays };
}

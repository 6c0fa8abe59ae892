import { LIVE_HOT_DAYS, LIVE_MODULE, LIVE_MSG, LIVE_STATUS, type LiveCard, type LiveChatMessage, type LiveItem } from '@kaoshi/contract';
import { createEvent } from 'ics';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { TOKEN_TTL_MS, type PlayTokens } from '../../platform/media-tokens.ts';
import { ccLive, liveItemOf, splitByStatus, statusOf, type Overlay } from './schedule.ts';
import type { LiveCourseRow, LiveSessionRow, LiveStore, ScheduledSession } from './store.ts';
import { liveMediaPath } from './tokens.ts';
import { chinaDay, chinaMonthRange } from '../../platform/china-time.ts';

const DAY = 86_400_000;

/** What the service asks of the room's hub (hub.ts). */
export interface RoomFacts {
  online(sessionId: number): number;
  likes(sessionId: number): Promise<number>;
  pinned(sessionId: number): Promise<string>;
  isHost(s: LiveSessionRow, hostKey: string | undefined): boolean;
  cardsFor(sessionId: number, userId: number, host: boolean): Promise<{ cards: LiveCard[]; myAnswers: Record<string, string> }>;
  answer(userId: number, s: LiveSessionRow, cardId: number, choice: string): Promise<{ cardID: number; choice: string; card: LiveCard }>;
  replayMessages(sessionId: number, userId: number): Promise<LiveChatMessage[]>;
}

export interface LiveServiceDeps {
  store: LiveStore;
  /** The subject's sessions (cached; the 'live' bus event drops it). */
  schedule(appId: number): Promise<ScheduledSession[]>;
  /** One session (cached likewise). */
  session(id: number): Promise<ScheduledSession | undefined>;
  /** Bookings per session of a subject (held briefly), and dropping them after a booking here. */
  reservations(appId: number): Promise<ReadonlyMap<number, number>>;
  bookingsChanged(appId: number): void;
  entitlements: Pick<EntitlementService, 'decide'>;
  tokens: () => PlayTokens;
  /** The calendar link's (tokens.ts): they open the .ics only. */
  icsTokens: () => PlayTokens;
  room: () => RoomFacts;
  clock: Clock;
}

/** Live classes' rules (docs/live.md): lists with what is mine, access per session, signed media, bookings. */
export function createLiveService(d: LiveServiceDeps) {
  const { store, clock } = d;
  const overlay = async (userId: number, appId: number | null): Promise<Overlay> => {
    const [mine, reservations] = await Promise.all([store.mine(userId), appId === null ? new Map<number, number>() : d.reservations(appId)]);
    return { reserved: mine.reserved, collected: mine.collected, reservations };
  };
  const items = (sessions: ScheduledSession[], mine: Overlay) => sessions.map((s) => liveItemOf(s, mine, clock()));
  const known = async (id: number) => {
    const s = await d.session(id);
    if (!s) throw notFound(LIVE_MSG.unknownLive);
    return s;
  };
  /** Sessions of several subjects with bookings counted per subject. */
  const itemsAcross = async (userId: number, sessions: ScheduledSession[]) => {
    const mine = await store.mine(userId);
    const counts = new Map<number, number>();
    for (const appId of new Set(sessions.map((s) => s.appId))) for (const [k, v] of await d.reservations(appId)) counts.set(k, v);
    return items(sessions, { reserved: mine.reserved, collected: mine.collected, reservations: counts });
  };
  const access = async (userId: number, s: ScheduledSession) => {
    const decision = await d.entitlements.decide(userId, s.appId, { contentItem: { moduleId: LIVE_MODULE, free: s.free } });
    if (decision.reason === 'unknown-subject') throw notFound(LIVE_MSG.unknownLive);
    return { allowed: decision.allowed, unlocking: decision.allowed ? [] : decision.unlockingVersions };
  };
  const sign = (userId: number, id: number, file: string) => {
    const expiresAt = clock() + TOKEN_TTL_MS;
    const token = (file === 'live.ics' ? d.icsTokens() : d.tokens()).sign({ userId, lessonId: id, expiresAt, limitSeconds: 0 });
    return { url: liveMediaPath(id, token, file), expiresAt: new Date(expiresAt).toISOString() };
  };
  const courseItem = (c: LiveCourseRow, sessions: ScheduledSession[], mine: Overlay) => {
    const own = sessions.filter((s) => s.courseId === c.id);
    const next = own.find((s) => statusOf(s, clock()) <= LIVE_STATUS.live) ?? null;
    return {
      id: c.id,
      appID: c.appId,
      title: c.title,
      summary: c.summary,
      teacher: c.teacherId !== null && c.teacherName !== null ? { id: c.teacherId, name: c.teacherName, title: c.teacherTitle ?? '' } : null,
      sessions: own.length,
      next: next && liveItemOf(next, mine, clock()),
    };
  };

  return {
    async list(userId: number, appId: number) {
      const [sessions, mine] = await Promise.all([d.schedule(appId), overlay(userId, appId)]);
      return splitByStatus(items(sessions, mine));
    },
    async calendar(userId: number, appId: number, month: string) {
      const { from, to } = chinaMonthRange(month);
      const [sessions, mine] = await Promise.all([d.schedule(appId), overlay(userId, appId)]);
      const days = new Map<string, LiveItem[]>();
      for (const s of sessions) {
        if (s.startsAt < from || s.startsAt >= to) continue;
        const day = chinaDay(s.startsAt.getTime());
        days.set(day, [...(days.get(day) ?? []), liveItemOf(s, mine, clock())]);
      }
      return { month, days: [...days].map(([date, list]) => ({ date, items: list })) };
    },
    async detail(userId: number, id: number) {
      const s = await known(id);
      const [mine, course, acc] = await Promise.all([overlay(userId, s.appId), store.course(s.courseId), access(userId, s)]);
      const sessions = await d.schedule(s.appId);
      return {
        item: liveItemOf(s, mine, clock()),
        course: {
          id: s.courseId,
          title: s.courseTitle,
          summary: course?.summary ?? '',
          introduction: course?.introduction ?? '',
          sessions: sessions.filter((o) => o.courseId === s.courseId).length,
        },
        teacher:
          s.teacherId !== null && s.teacherName !== null
            ? { id: s.teacherId, name: s.teacherName, title: s.teacherTitle ?? '', introduction: await store.teacherIntro(s.teacherId) }
            : null,
        access: acc,
        calendarUrl: sign(userId, id, 'live.ics').url,
        replayDurationS: s.replayState === 'ready' ? s.replayDurationS : null,
      };
    },
    async courses(userId: number, appId: number) {
      const [courses, sessions, mine] = await Promise.all([store.courses(appId), d.schedule(appId), overlay(userId, appId)]);
      return { list: courses.map((c) => courseItem(c, sessions, mine)) };
    },
    async course(userId: number, c: LiveCourseRow) {
      const [sessions, mine] = await Promise.all([d.schedule(c.appId), overlay(userId, c.appId)]);
      return {
        course: { ...courseItem(c, sessions, mine), introduction: c.introduction },
        sessions: items(
          sessions.filter((s) => s.courseId === c.id),
          mine,
        ),
      };
    },
    async broadcast(userId: number, appId: number) {
      const now = clock();
      const appIds = [...new Set([appId, ...(await store.subjectsOf(userId, new Date(now)))])];
      const sessions = await store.between(appIds, new Date(now), new Date(now + DAY));
      const names = await store.appNames(appIds);
      const list = (await itemsAcross(userId, sessions)).map((i) => ({ ...i, appName: names.get(i.appID) ?? '' }));
      return { live: list.filter((i) => i.status === LIVE_STATUS.live), soon: list.filter((i) => i.status === LIVE_STATUS.upcoming) };
    },
    async hot(userId: number, appId: number) {
      const since = clock() - LIVE_HOT_DAYS * DAY;
      const [sessions, mine, viewers] = await Promise.all([d.schedule(appId), overlay(userId, appId), store.viewers(appId)]);
      const score = (i: LiveItem) => (viewers.get(i.id) ?? 0) + 2 * i.reservations;
      const list = items(
        sessions.filter((s) => s.startsAt.getTime() >= since),
        mine,
      )
        .map((i) => ({ ...i, viewers: viewers.get(i.id) ?? 0 }))
        .sort((a, b) => score(b) - score(a) || b.startsAt.localeCompare(a.startsAt));
      return { list: list.slice(0, 30) };
    },
    async reservations(userId: number) {
      const mine = await store.mine(userId);
      const list = await itemsAcross(userId, await store.sessions([...mine.reserved]));
      const past = list.filter((i) => i.status >= LIVE_STATUS.ended).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
      return { upcoming: list.filter((i) => i.status < LIVE_STATUS.ended).sort((a, b) => a.startsAt.localeCompare(b.startsAt)), past };
    },
    async collections(userId: number) {
      const mine = await store.mine(userId);
      const list = await itemsAcross(userId, await store.sessions([...mine.collected.keys()]));
      const at = (i: LiveItem) => mine.collected.get(i.id)?.getTime() ?? 0;
      return { list: list.sort((a, b) => at(b) - at(a)) };
    },
    async collect(userId: number, s: ScheduledSession, status: number) {
      const id = s.id;
      await store.setCollection(userId, id, status === 1, new Date(clock()));
      return { liveID: id, collected: status === 1 };
    },
    /** POST /api/user/live/appoint for a session id (a lesson's id is video's). */
    async appoint(userId: number, s: ScheduledSession, status: number) {
      const id = s.id;
      const now = clock();
      if (status === 1 && statusOf(s, now) === LIVE_STATUS.live) throw badInput(LIVE_MSG.alreadyLive);
      if (status === 1 && statusOf(s, now) >= LIVE_STATUS.ended) throw badInput(LIVE_MSG.alreadyEnded);
      const row = await store.setReservation(userId, id, status, new Date(now));
      d.bookingsChanged(s.appId);
      return { videoID: id, status: row.status, appointedAt: row.status === 1 ? row.updatedAt.toISOString() : null };
    },
    /** The room of a session the learner may enter (or its host, by the host link's key). */
    async room(userId: number, { s, host }: { s: ScheduledSession; host: boolean }) {
      const id = s.id;
      const room = d.room();
      const now = clock();
      const [mine, likes, pinned, cards] = await Promise.all([overlay(userId, s.appId), room.likes(id), room.pinned(id), room.cardsFor(id, userId, host)]);
      const item = liveItemOf(s, mine, now);
      const external = s.provider === 'cc' ? s.providerUrl : null;
      return {
        item,
        play: s.provider === 'self' && s.state === 'live' ? sign(userId, id, 'index.m3u8') : null,
        external,
        socket: `/api/live/ws?liveID=${id}`,
        host,
        pinned,
        online: room.online(id),
        likes,
        cards: cards.cards,
        myAnswers: cards.myAnswers,
      };
    },
    async optimal(userId: number, s: ScheduledSession) {
      const id = s.id;
      if (s.provider === 'cc') throw badInput(LIVE_MSG.thirdParty);
      const file = s.state === 'live' ? 'index.m3u8' : s.replayState === 'ready' ? 'replay/index.m3u8' : null;
      if (!file) throw badInput(s.state === 'ended' ? LIVE_MSG.replayNotReady : LIVE_MSG.notOpen);
      const play = sign(userId, id, file);
      return { lines: [{ id: 'origin', name: '主线路', kind: 'hls' as const, url: play.url }], expiresAt: play.expiresAt };
    },
    async replay(userId: number, s: ScheduledSession) {
      const id = s.id;
      if (s.state !== 'ended' || s.replayState !== 'ready') {
        throw badInput(s.state !== 'ended' ? LIVE_MSG.notOpen : s.replayState === 'pending' ? LIVE_MSG.replayNotReady : LIVE_MSG.noReplay);
      }
      const room = d.room();
      const [mine, messages, cards] = await Promise.all([overlay(userId, s.appId), room.replayMessages(id, userId), room.cardsFor(id, userId, false)]);
      // What was written after the recording ended (the room stays open) is not part of the replay.
      const durationS = s.replayDurationS ?? 0;
      return {
        item: liveItemOf(s, mine, clock()),
        play: sign(userId, id, 'replay/index.m3u8'),
        durationS,
        messages: messages.filter((m) => m.second <= durationS),
        cards: cards.cards.filter((c) => c.second === null || c.second <= durationS),
        myAnswers: cards.myAnswers,
      };
    },
    async answer(userId: number, s: ScheduledSession, cardId: number, choice: string) {
      return d.room().answer(userId, s, cardId, choice);
    },
    async record(userId: number, s: ScheduledSession) {
      await store.recordView(s.id, userId, new Date(clock()));
      return { recorded: true as const };
    },
    /** The .ics of a session (add to calendar), with an alarm at the reminder time. */
    async ics(id: number): Promise<string | null> {
      const s = await d.session(id);
      if (!s) return null;
      const { value, error } = createEvent({
        uid: `live-${s.id}@kaoshi`,
        title: s.title,
        description: `${s.courseTitle}${s.teacherName ? ` · ${s.teacherName}` : ''}\n直播课堂：/livedetail?liveID=${s.id}`,
        start: s.startsAt.getTime(),
        end: s.endsAt.getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        endInputType: 'utc',
        endOutputType: 'utc',
        alarms: [{ action: 'display', description: `直播即将开始：${s.title}`, trigger: { minutes: 15, before: true } }],
        productId: 'kaoshi/live',
      });
      return error ? null : value;
    },
    ccLive: (s: ScheduledSession) => ccLive(s, clock()),
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

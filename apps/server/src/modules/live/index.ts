import { MINUTE, serverModule, type Platform } from '../../platform/module.ts';
import { createMemo } from '../../platform/cache/memo.ts';
import type { SessionService } from '../../platform/session/service.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import { maskPhone } from '../../platform/crypto.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { AccountDirectory } from '../user/index.ts';
import { tokenKey, type PlayTokens } from '../../platform/media-tokens.ts';
import type { MediaStore } from '../video/index.ts';
import { installLiveDelivery } from './delivery.ts';
import { createLiveHub } from './hub.ts';
import { installIngest, SWEEP_EVERY_MS, sweepJobName } from './ingest.ts';
import { createJobClaim } from '../../platform/job-claim.ts';
import { practiseClosedCards } from './practice.ts';
import { sendReminders } from './reminders.ts';
import type { PostMessage } from '../message/index.ts';
import { installLiveTestHooks } from './test-hooks.ts';
import { liveItems, roomFacts } from './items.ts';
import { liveRoutes } from './routes.ts';
import { createLiveService } from './service.ts';
import { createLiveStore, type ScheduledSession } from './store.ts';
import { liveIcsTokens, liveTokens } from './tokens.ts';

/** A subject's schedule is held this long at most (a change to courses or sessions drops it at once: bus 'live'). */
export const LIVE_SCHEDULE_CACHE_MS = 5 * 60_000;

export interface LiveModuleDeps {
  entitlements: Pick<EntitlementService, 'decide' | 'itemAccess'>;
  sessions: Pick<SessionService, 'resolve'>;
  accounts: AccountDirectory;
  sms: SmsProvider;
  /** The message module's one write: 直播提醒 reach the learner's inbox through it. */
  postMessage: PostMessage;
  /** The video module's pieces live classes reuse: the media store and lesson appointments. */
  video: { store: MediaStore; appoint: Parameters<typeof liveRoutes>[2] };
}

/**
 * Live classes (docs/live.md): the calls of calls/live.ts, the room's WebSocket (hub.ts), nginx's ingest callbacks
 * (ingest.ts), signed delivery of live HLS, replays and .ics files (delivery.ts), and the reminders job.
 */
export function createLiveModule(p: Platform, deps: LiveModuleDeps) {
  const store = createLiveStore(p.db);
  let tokens: PlayTokens | undefined;
  let icsTokens: PlayTokens | undefined;
  const schedules = createMemo<number, ScheduledSession[]>(p.bus, { max: 2_000, ttlMs: LIVE_SCHEDULE_CACHE_MS });
  const sessions = createMemo<number, ScheduledSession | null>(p.bus, { max: 20_000, ttlMs: LIVE_SCHEDULE_CACHE_MS });
  const counts = createMemo<number, ReadonlyMap<number, number>>(p.bus, { max: 2_000, ttlMs: 30_000 });
  p.bus.on('live', () => {
    schedules.clear();
    sessions.clear();
  });
  const sessionOf = async (id: number) => (await sessions.get(id, async () => (await store.session(id)) ?? null)) ?? undefined;
  const hub = createLiveHub({
    db: p.db,
    clock: p.clock,
    log: p.log.child({ module: 'live' }),
    limiter: p.limiter,
    redisUrl: p.config.REDIS_URL,
    resolveSession: (guid) => deps.sessions.resolve(guid),
    sessionOf,
    // The socket's hello is no contract call: it asks the policy of the room's item (items.ts) itself.
    gate: async (userId, s) => void (await deps.entitlements.itemAccess(userId, roomFacts(s))),
    nameOf: async (userId) => {
      const u = await deps.accounts.byId(userId);
      return u?.nickName || (u?.phone ? maskPhone(u.phone) : `学员${userId}`);
    },
  });
  const service = createLiveService({
    store,
    schedule: (appId) => schedules.get(appId, () => store.schedule(appId)),
    session: sessionOf,
    reservations: (appId) => counts.get(appId, () => store.reservationCounts(appId)),
    bookingsChanged: (appId) => counts.delete(appId),
    entitlements: deps.entitlements,
    tokens: () => tokens!,
    icsTokens: () => icsTokens!,
    room: () => hub,
    clock: p.clock,
  });
  const items = liveItems({ session: sessionOf, course: store.course, isHost: hub.isHost });
  const changed = () => p.bus.local({ kind: 'live' });
  const remind = () => sendReminders({ store, sms: deps.sms, postMessage: deps.postMessage, clock: p.clock, log: p.log });
  const practise = () => practiseClosedCards({ store, clock: p.clock });
  /** The ingest's sweep, once installed. */
  let sweep: (() => Promise<void>) | undefined;
  return serverModule({
    name: 'live',
    handlers: liveRoutes(service, items, deps.video.appoint),
    items: [items.courses, items.sessions, items.rooms, items.bookings],
    async install(app) {
      const key = await tokenKey(p.db, p.config.VIDEO_TOKEN_KEY, new Date(p.clock()));
      tokens = liveTokens(key);
      icsTokens = liveIcsTokens(key);
      await hub.install(app);
      ({ sweep } = installIngest(app, {
        db: p.db,
        claim: createJobClaim(p.db),
        clock: p.clock,
        config: p.config,
        store: deps.video.store,
        log: p.log.child({ module: 'live-ingest' }),
        onStatus: (id, status) => {
          changed();
          hub.statusChanged(id, status);
        },
      }));
      installLiveDelivery(app, { db: p.db, store: deps.video.store, tokens, icsTokens, clock: p.clock, hlsDir: p.config.LIVE_HLS_DIR, ics: service.ics });
      app.addHook('onClose', () => hub.close());
      if (p.config.NODE_ENV === 'test') installLiveTestHooks(app, { db: p.db, clock: p.clock, changed });
    },
    jobs: [
      { name: 'live reminders', everyMs: MINUTE, run: remind },
      // Leftover recordings and vanished streams (ingest.ts): claimed per machine, as it reads this machine's folders.
      { name: sweepJobName(), everyMs: SWEEP_EVERY_MS, run: async () => sweep?.() },
      // Not under NODE_ENV=test: the demo's closed card would add a question to the demo bank tests count (they run it).
      ...(p.config.NODE_ENV === 'test' ? [] : [{ name: 'live cards to practice', everyMs: MINUTE, atReady: true, run: practise }]),
    ],
    /** One run of the cards-to-practice job (tests). */
    practise,
    /** Rooms and sockets of this process (metrics). */
    stats: () => hub.stats(),
    /** One run of the reminders job (tests call it with a moved clock). */
    remind,
    /** Media tokens (tests mint them). Ready once the module is installed. */
    tokens: () => tokens!,
    service,
    store,
  });
}

export { liveTokens, liveMediaPath } from './tokens.ts';
export { sendReminders } from './reminders.ts';
export { eraseLiveChatOf } from './erase.ts';
export { liveOperations } from './operations.ts';
export { searchableSessions, type SearchableSession } from './readers.ts';
export { makeDemoReplay, renderDemoStream } from './replay.ts';

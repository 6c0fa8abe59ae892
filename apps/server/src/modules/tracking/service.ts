import { MSG } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { tooMany } from '../../platform/errors.ts';
import { limitIp } from '../../platform/rate-limit/ip-key.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { TrackingStore } from './store.ts';

export interface EventInput {
  kind: string;
  path: string;
  /** Proven by a session; never taken from what the client claims. */
  userId?: number | null;
  input: Record<string, unknown>;
  ip: string;
}

const first = (input: Record<string, unknown>, keys: string[]): string | null => {
  for (const key of keys) {
    const v = input[key];
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
  }
  return null;
};

/**
 * Events a client may send per minute (docs/server.md, 'Calls'): per learner when a session proves who it is, else per
 * IP. Past it the call answers 429 and nothing is stored (the client drops tracking quietly).
 */
export const TRACKING_PER_MINUTE = 120;
/** Rows deleted per statement when old events are purged. */
export const EVENTS_PURGE_BATCH = 5000;
const DAY = 86_400_000;

/** Tracking: every tracking call, error report and login becomes one row of `events`, kept `retentionDays`. */
export function createTrackingService(store: TrackingStore, clock: Clock, opts: { limiter: RateLimiter; retentionDays: number }) {
  const record = async ({ kind, path, userId, input, ip }: EventInput): Promise<void> => {
    await store.insert({
      kind,
      path,
      userId: userId ?? null,
      userName: first(input, ['userName', 'username']),
      agentCode: first(input, ['agentCode', 'agentID']),
      appId: first(input, ['appID', 'appid', 'appEName']),
      clientType: first(input, ['clientType', 'client_type']),
      page: first(input, ['pageName', 'wpageName', 'page', 'position']),
      payload: input,
      ip,
      createdAt: new Date(clock()),
    });
  };
  return {
    /** Store an event the server itself observed (a login). */
    record,

    /** Store an event a client sent, within TRACKING_PER_MINUTE per learner (session) or per IP (guest). */
    async accept(event: EventInput): Promise<void> {
      const key = event.userId ? `track:user:${event.userId}` : `track:ip:${limitIp(event.ip)}`;
      if ((await opts.limiter.hit(key, 60_000)).count > TRACKING_PER_MINUTE) throw tooMany(MSG.tooOften);
      await record(event);
    },

    /** Delete events older than the retention, oldest first in batches; answers how many went. */
    async purge(): Promise<number> {
      const before = new Date(clock() - opts.retentionDays * DAY);
      let n = 0;
      for (;;) {
        const gone = await store.deleteOlder(before, EVENTS_PURGE_BATCH);
        n += gone;
        if (gone < EVENTS_PURGE_BATCH) return n;
      }
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

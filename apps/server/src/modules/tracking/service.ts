import type { Clock } from '../../platform/clock.ts';
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

/** Tracking: every tracking call, error report and login becomes one row of `events`. */
export function createTrackingService(store: TrackingStore, clock: Clock) {
  return {
    async record({ kind, path, userId, input, ip }: EventInput): Promise<void> {
      await store.insert({
        kind,
        path,
        userId: userId ?? null,
        userName: first(input, ['userName', 'username']),
        agentCode: first(input, ['agentCode', 'agentID']),
        appId: first(input, ['appID', 'appid', 'appEName']),
        clientType: first(input, ['clientType', 'client_type']),
        page: first(input, ['pageName', 'wpageName', 'page']),
        payload: input,
        ip,
        createdAt: new Date(clock()),
      });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;

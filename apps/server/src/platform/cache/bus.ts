import type { FastifyBaseLogger } from 'fastify';
import type { Listen } from '../../db/index.ts';

/** The channel the database's triggers notify (migration 0015_cache_notify). */
export const CACHE_CHANNEL = 'kaoshi_cache';

/** What changed: the catalog, the question bank, the live schedule, one learner's purchases (or all: '*'), or one session. */
export type CacheEvent = { kind: 'catalog' } | { kind: 'bank' } | { kind: 'live' } | { kind: 'purchase'; userId: number | '*' } | { kind: 'session'; tokenHash: string };
export type CacheKind = CacheEvent['kind'];

/** A notification payload ('catalog', 'bank', 'live', 'purchase:12', 'purchase:*', 'session:<hash>') as an event. */
export function parseCacheEvent(payload: string): CacheEvent | undefined {
  if (payload === 'catalog' || payload === 'bank' || payload === 'live') return { kind: payload };
  const [kind, arg] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
  if (kind === 'purchase') return arg === '*' ? { kind, userId: '*' } : /^\d+$/.test(arg) ? { kind, userId: Number(arg) } : undefined;
  if (kind === 'session' && arg !== '') return { kind, tokenHash: arg };
  return undefined;
}

export interface CacheBus {
  /** Run `fn` for each event of this kind, and with `undefined` when everything of every kind must go. */
  on<K extends CacheKind>(kind: K, fn: (event: Extract<CacheEvent, { kind: K }> | undefined) => void): void;
  /** Apply an event in this process at once: the database's notification of the same change reaches the others. */
  local(event: CacheEvent): void;
  /** Drop everything every cache holds (a gap in the notifications, or a test that wrote the database itself). */
  everything(): void;
  /** False while notifications may be missed (the listening connection is down): caches then load every time. */
  readonly live: boolean;
  stop(): Promise<void>;
}

/**
 * Cache invalidation across processes (docs/caching.md). The database notifies CACHE_CHANNEL from triggers on
 * every change to cached tables, whoever makes it; each server process listens and drops what it held. Without
 * `listen` (a process alone on its database, e.g. a test building a second app) events are local only.
 */
export async function createCacheBus(listen: Listen | undefined, log: FastifyBaseLogger): Promise<CacheBus> {
  const handlers = new Map<CacheKind, ((e: CacheEvent | undefined) => void)[]>();
  let live = true;
  const emit = (kind: CacheKind, event: CacheEvent | undefined) => {
    for (const fn of handlers.get(kind) ?? []) fn(event);
  };
  const everything = () => {
    for (const kind of handlers.keys()) emit(kind, undefined);
  };
  const onMessage = (payload: string) => {
    const event = parseCacheEvent(payload);
    if (event) emit(event.kind, event);
    else log.warn('Unknown cache notification ignored');
  };
  const stop = listen
    ? await listen(CACHE_CHANNEL, onMessage, (listening) => {
        // Lost: caches load every time. Listening again: whatever changed meanwhile was not heard, so all goes.
        live = listening;
        everything();
        if (listening) log.warn('Cache notifications resumed; every cache was cleared');
        else log.warn('Cache notifications lost; caches are bypassed until they resume');
      })
    : async () => undefined;
  return {
    on(kind, fn) {
      handlers.set(kind, [...(handlers.get(kind) ?? []), fn as (e: CacheEvent | undefined) => void]);
    },
    local: (event) => emit(event.kind, event),
    everything,
    get live() {
      return live;
    },
    stop,
  };
}

/** A bus that hears only this process's own events (tests that build a service alone, tools). */
export const localCacheBus = (log: Pick<FastifyBaseLogger, 'warn'> = { warn: () => undefined }): Promise<CacheBus> => createCacheBus(undefined, log as FastifyBaseLogger);

import { randomBytes } from 'node:crypto';
import type { LiveHostMessage } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { CardRow } from './chat-store.ts';

/**
 * What happens in a room (docs/live.md, "Chat across processes"). Every process applies every event to its own
 * sockets, the publisher included: the event is applied when it comes back, so all processes see one order.
 * `s` is the session id; a process without sockets in that room ignores it.
 */
export type RoomEvent =
  | { k: 'msg'; s: number; m: LiveHostMessage }
  | { k: 'del'; s: number; id: number }
  | { k: 'pin'; s: number; text: string }
  /** Likes added since the last flush (already written to live_likes). */
  | { k: 'likes'; s: number; n: number }
  /** A card was made, pushed or closed: its row as it is now. */
  | { k: 'card'; s: number; card: CardRow }
  /** Someone answered a card: the results are read again. */
  | { k: 'ans'; s: number; cardId: number }
  | { k: 'status'; s: number; status: number }
  /** `until` ms since the epoch, or null when lifted. */
  | { k: 'mute'; s: number; userId: number; until: number | null };

/** A process's people per room, sent every second when other processes listen; `p` is the process's id. */
export type OnlineReport = { k: 'online'; p: string; counts: Record<string, number> };
export type RelayEvent = RoomEvent | OnlineReport;

export interface LiveRelay {
  /** This process's id (online reports). */
  readonly id: string;
  /** True when other processes may be listening (Redis). */
  readonly shared: boolean;
  publish(event: RelayEvent): void;
  /** The one handler of this process; events come asynchronously, never inside publish. */
  onEvent(handler: (event: RelayEvent) => void): void;
  /** Resolves once the relay receives events (the Redis subscription is up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const processId = () => randomBytes(6).toString('hex');

/** One process, no REDIS_URL: events are handed back on the next microtask. */
export function createMemoryRelay(): LiveRelay {
  let handler: (event: RelayEvent) => void = () => {};
  return {
    id: processId(),
    shared: false,
    publish(event) {
      queueMicrotask(() => handler(event));
    },
    onEvent(h) {
      handler = h;
    },
    ready: async () => {},
    close: async () => {},
  };
}

/**
 * Redis pub/sub (REDIS_URL): one channel for all rooms, a publishing connection and a subscribed one. A process
 * that loses Redis keeps serving its own sockets through nothing (events are lost meanwhile, messages stay stored:
 * clients get them at their next reconnect); ioredis reconnects and subscribes again by itself.
 */
export function createRedisRelay(url: string, log: FastifyBaseLogger, channel = 'live:events'): LiveRelay {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url);
  pub.on('error', (err) => log.warn({ err }, 'live relay: Redis publisher error'));
  sub.on('error', (err) => log.warn({ err }, 'live relay: Redis subscriber error'));
  let handler: (event: RelayEvent) => void = () => {};
  sub.on('message', (_channel: string, text: string) => {
    try {
      handler(JSON.parse(text) as RelayEvent);
    } catch (err) {
      log.warn({ err }, 'live relay: bad event');
    }
  });
  const subscribed = sub.subscribe(channel);
  return {
    id: processId(),
    shared: true,
    publish(event) {
      pub.publish(channel, JSON.stringify(event)).catch((err: unknown) => log.warn({ err }, 'live relay: publish failed'));
    },
    onEvent(h) {
      handler = h;
    },
    async ready() {
      await subscribed;
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

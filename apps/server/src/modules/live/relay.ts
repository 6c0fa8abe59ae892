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
  /**
   * False while the subscription is down (events of every process, this one's too, are being missed); when it
   * returns, `onResync`'s handler runs: the rooms read what they missed from the database.
   */
  readonly connected: boolean;
  onResync(handler: () => void): void;
  /** Likes taken, kept until a process writes them (Redis: any process's tick, so a process's death loses none). */
  addLikes(sessionId: number, n: number): void;
  /** The likes kept so far, per session, taken off the buffer (the caller writes them). */
  takeLikes(): Promise<Map<number, number>>;
  /** Resolves once the relay receives events (the Redis subscription is up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const processId = () => randomBytes(6).toString('hex');

/** Likes of this process: the memory relay's buffer, and the Redis relay's while Redis does not answer. */
function likeBuffer() {
  const kept = new Map<number, number>();
  return {
    add: (sessionId: number, n: number) => void kept.set(sessionId, (kept.get(sessionId) ?? 0) + n),
    take(into = new Map<number, number>()): Map<number, number> {
      for (const [s, n] of kept) into.set(s, (into.get(s) ?? 0) + n);
      kept.clear();
      return into;
    },
  };
}

/** One process, no REDIS_URL: events are handed back on the next microtask. */
export function createMemoryRelay(): LiveRelay {
  let handler: (event: RelayEvent) => void = () => {};
  const likes = likeBuffer();
  return {
    id: processId(),
    shared: false,
    connected: true,
    publish(event) {
      queueMicrotask(() => handler(event));
    },
    onEvent(h) {
      handler = h;
    },
    onResync: () => {},
    addLikes: likes.add,
    takeLikes: async () => likes.take(),
    ready: async () => {},
    close: async () => {},
  };
}

/**
 * Redis pub/sub (REDIS_URL): one channel for all rooms, a publishing connection and a subscribed one. When the
 * subscribed connection drops (Redis restarts, `CLIENT KILL TYPE pubsub`, the network), the events published
 * meanwhile are lost to this process: the gap is logged, ioredis reconnects and subscribes again, and then the
 * rooms re-sync from the database (`onResync`). Likes wait in the hash `<channel>:likes` until a tick takes them.
 */
export function createRedisRelay(url: string, log: FastifyBaseLogger, channel = 'live:events'): LiveRelay {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url);
  const likesKey = `${channel}:likes`;
  const local = likeBuffer();
  pub.on('error', (err) => log.warn({ err }, 'live relay: Redis publisher error'));
  sub.on('error', (err) => log.warn({ err }, 'live relay: Redis subscriber error'));
  let handler: (event: RelayEvent) => void = () => {};
  let resync: () => void = () => {};
  sub.on('message', (_channel: string, text: string) => {
    try {
      handler(JSON.parse(text) as RelayEvent);
    } catch (err) {
      log.warn({ err }, 'live relay: bad event');
    }
  });
  let up = false;
  let closing = false;
  /** When the subscription went down (ms), while it is. */
  let lostAt: number | null = null;
  const subscribed = sub.subscribe(channel).then(() => void (up = true));
  sub.on('close', () => {
    if (!up || closing || lostAt !== null) return;
    lostAt = Date.now();
    log.warn("live relay: Redis subscription lost; live rooms miss the other processes' events until it returns");
  });
  sub.on('ready', () => {
    const since = lostAt;
    if (since === null || closing) return;
    // 'ready' comes before ioredis subscribes again: subscribed once this resolves (a second SUBSCRIBE is harmless).
    sub.subscribe(channel).then(
      () => {
        lostAt = null;
        log.warn(`live relay: Redis subscription back after ${((Date.now() - since) / 1000).toFixed(1)} s; re-syncing the open live rooms from the database`);
        resync();
      },
      (err: unknown) => log.warn({ err }, 'live relay: subscribing again failed'),
    );
  });
  return {
    id: processId(),
    shared: true,
    get connected() {
      return lostAt === null;
    },
    publish(event) {
      pub.publish(channel, JSON.stringify(event)).catch((err: unknown) => log.warn({ err }, 'live relay: publish failed'));
    },
    onEvent(h) {
      handler = h;
    },
    onResync(h) {
      resync = h;
    },
    addLikes(sessionId, n) {
      pub.hincrby(likesKey, String(sessionId), n).catch((err: unknown) => {
        log.warn({ err }, 'live relay: likes kept in this process (Redis did not take them)');
        local.add(sessionId, n);
      });
    },
    async takeLikes() {
      const out = local.take();
      try {
        // Read and emptied in one transaction: each like is taken by exactly one process.
        const [[err, kept]] = ((await pub.multi().hgetall(likesKey).del(likesKey).exec()) ?? [[null, {}]]) as [[Error | null, Record<string, string>]];
        if (err) throw err;
        for (const [s, n] of Object.entries(kept ?? {})) out.set(Number(s), (out.get(Number(s)) ?? 0) + Number(n));
      } catch (err) {
        log.warn({ err }, 'live relay: likes not taken from Redis (taken at the next tick)');
      }
      return out;
    },
    async ready() {
      await subscribed;
    },
    async close() {
      closing = true;
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

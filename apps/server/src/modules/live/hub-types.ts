import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { liveSessions } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { Cards } from './cards.ts';
import type { ChatStore } from './chat-store.ts';
import type { LiveRelay } from './relay.ts';
import type { Client } from './room.ts';

// The hub's shapes, shared by the hub (hub.ts) and its socket (socket.ts) without a circle between them.

export type LiveSessionRow = typeof liveSessions.$inferSelect;

export interface LiveHubDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  /** Set: fan-out across processes through Redis pub/sub. */
  redisUrl?: string;
  /** The Redis channel (default 'live:events'): processes serving one database share it. */
  redisChannel?: string;
  resolveSession(guid: string): Promise<{ userId: number } | null>;
  /** The lead's cached schedule. */
  sessionOf(id: number): Promise<LiveSessionRow | undefined>;
  /** Throws AppError (403 with unlocking) when the learner may not enter. */
  gate(userId: number, s: LiveSessionRow): Promise<void>;
  /** Chat display name (nickname or masked phone). */
  nameOf(userId: number): Promise<string>;
}

/** What socket.ts needs of the hub. */
export interface HubCore {
  deps: LiveHubDeps;
  store: ChatStore;
  cards: Cards;
  relay: LiveRelay;
  clients: Set<Client>;
  isHost(s: LiveSessionRow, hostKey: string | undefined): boolean;
  /** Enter the room after `hello`: the welcome, then the room's frames. */
  join(client: Client, since: number): Promise<void>;
  leave(client: Client): void;
  like(client: Client, n: number): void;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import websocket from '@fastify/websocket';
import { LIVE_STATUS, type LiveCard, type LiveChatMessage } from '@kaoshi/contract';
import type { FastifyInstance } from 'fastify';
import { cardsView, createCards } from './cards.ts';
import { createChatStore } from './chat-store.ts';
import { createMemoryRelay, createRedisRelay } from './relay.ts';
import { resyncRoom } from './resync.ts';
import { RING, Room, type Client, type RoomState } from './room.ts';
import type { HubCore, LiveHubDeps, LiveSessionRow } from './hub-types.ts';
import { installLiveSocket } from './socket.ts';

export type { HubCore, LiveHubDeps, LiveSessionRow } from './hub-types.ts';

/** The learners' status of a session: 0 预告, 1 直播中, 2 已结束, 3 回放. */
export const liveStatusOf = (s: Pick<LiveSessionRow, 'state' | 'replayState'>): number =>
  s.state === 'scheduled' ? LIVE_STATUS.upcoming : s.state === 'live' ? LIVE_STATUS.live : s.replayState === 'ready' ? LIVE_STATUS.replay : LIVE_STATUS.ended;

/** A socket may add this many likes a second. */
const LIKES_PER_SECOND = 50;
/** Another process's online report counts this long. */
const REPORT_TTL_MS = 3500;
const TICK_MS = 1000;
const HEARTBEAT_MS = 30_000;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The live rooms' real-time side (docs/live.md, "Chat"): the socket, the frames, likes, online, cards, moderation. */
export function createLiveHub(deps: LiveHubDeps) {
  const store = createChatStore(deps.db);
  const relay = deps.redisUrl ? createRedisRelay(deps.redisUrl, deps.log, deps.redisChannel) : createMemoryRelay();
  const cards = createCards({ store, relay, clock: deps.clock });
  const rooms = new Map<number, Room>();
  const loading = new Map<number, Promise<Room>>();
  const clients = new Set<Client>();
  const remote = new Map<string, { counts: Record<string, number>; at: number }>();
  let closed = false;

  const remoteOnline = (sessionId: number) => {
    let n = 0;
    const fresh = Date.now() - REPORT_TTL_MS;
    for (const r of remote.values()) if (r.at > fresh) n += r.counts[sessionId] ?? 0;
    return n;
  };

  relay.onEvent((e) => {
    if (e.k !== 'online') return rooms.get(e.s)?.apply(e);
    if (e.p === relay.id) return;
    remote.set(e.p, { counts: e.counts, at: Date.now() });
    for (const room of rooms.values()) room.refreshOnline();
  });

  /** A room's state as the database has it. */
  async function stateOf(sessionId: number): Promise<RoomState> {
    const [s, pinned, likes, mutes, recent, cardRows, results] = await Promise.all([
      deps.sessionOf(sessionId),
      store.pinned(sessionId),
      store.likes(sessionId),
      store.mutes(sessionId, new Date(deps.clock())),
      store.messagesAfter(sessionId, 0, RING),
      store.cards(sessionId),
      store.results(sessionId),
    ]);
    return { pinned, likes, mutes, recent, cards: cardRows, results, status: s ? liveStatusOf(s) : LIVE_STATUS.upcoming };
  }

  async function load(sessionId: number): Promise<Room> {
    const room = new Room(sessionId, {
      results: () => store.results(sessionId),
      remoteOnline: () => remoteOnline(sessionId),
      onError: (err) => deps.log.warn({ err, sessionId }, 'live frame failed'),
    });
    rooms.set(sessionId, room); // events from now on are kept until the state is loaded
    try {
      room.init(await stateOf(sessionId));
      return room;
    } catch (err) {
      rooms.delete(sessionId);
      throw err;
    }
  }

  const roomOf = (sessionId: number): Promise<Room> => {
    const room = rooms.get(sessionId);
    if (room?.loaded) return Promise.resolve(room);
    let p = loading.get(sessionId);
    if (!p) {
      p = load(sessionId).finally(() => loading.delete(sessionId));
      loading.set(sessionId, p);
    }
    return p;
  };

  // The relay missed events (its subscription was down): each open room reads its state again and sends the
  // difference as the events it missed (resync.ts).
  relay.onResync(() => {
    void (async () => {
      const open = [...rooms.values()].filter((r) => r.loaded);
      let done = 0;
      for (const room of open) {
        try {
          resyncRoom(room, await stateOf(room.sessionId));
          done++;
        } catch (err) {
          deps.log.warn({ err, sessionId: room.sessionId }, 'live room not re-synced');
        }
      }
      deps.log.info(`live relay: ${done} of ${open.length} open room(s) re-synced from the database`);
    })();
  });

  const dropIfEmpty = (room: Room) => {
    if (room.clients.size || room.joining || rooms.get(room.sessionId) !== room) return;
    rooms.delete(room.sessionId);
    room.dispose();
  };

  const core: HubCore = {
    deps,
    store,
    cards,
    relay,
    clients,
    isHost(s, hostKey) {
      return !!hostKey && !!s.hostKey && timingSafeEqual(digest(hostKey), digest(s.hostKey));
    },
    async join(client, since) {
      let room = await roomOf(client.sessionId);
      while (rooms.get(client.sessionId) !== room) room = await roomOf(client.sessionId); // emptied and dropped meanwhile
      room.joining++;
      try {
        // While the relay misses events the ring may lack some: the database has them all.
        const seen = (relay.connected && room.missed(since)) || room.withStored(since, await store.messagesAfter(client.sessionId, since, RING));
        if (client.ws.readyState !== client.ws.OPEN) return;
        room.add(client);
        const now = deps.clock();
        const until = room.mutes.get(client.userId);
        client.ws.send(
          JSON.stringify({
            t: 'welcome',
            name: client.name,
            host: client.host,
            mutedUntil: until && until > now ? new Date(until).toISOString() : null,
            online: room.online,
            likes: room.likes,
            pinned: room.pinned,
            status: room.status,
            missed: seen.missed.map((m) => ({ ...m, userId: client.host ? m.userId : null, mine: m.userId === client.userId })),
            gap: seen.gap,
            cards: cardsView(room.cards, room.results, client.host),
          }),
        );
      } finally {
        room.joining--;
        dropIfEmpty(room);
      }
    },
    leave(client) {
      clients.delete(client);
      const room = client.room;
      if (!room) return;
      room.remove(client);
      dropIfEmpty(room);
    },
    like(client, n) {
      const take = Math.min(n, LIKES_PER_SECOND - client.likes);
      if (!client.room || take <= 0) return;
      client.likes += take;
      relay.addLikes(client.sessionId, take);
    },
  };

  /**
   * Every second: write the likes taken (by any process, when they wait in Redis) and publish them, report this
   * process's people, forget stale reports.
   */
  async function tick() {
    for (const c of clients) c.likes = 0;
    for (const [sessionId, n] of await relay.takeLikes()) {
      try {
        await store.addLikes(sessionId, n);
        relay.publish({ k: 'likes', s: sessionId, n });
      } catch (err) {
        deps.log.warn({ err, sessionId }, 'live likes not written (kept for the next tick)');
        relay.addLikes(sessionId, n);
      }
    }
    if (!relay.shared) return;
    const counts: Record<string, number> = {};
    for (const room of rooms.values()) if (room.people) counts[room.sessionId] = room.people;
    relay.publish({ k: 'online', p: relay.id, counts });
    const stale = Date.now() - REPORT_TTL_MS;
    let dropped = false;
    for (const [p, r] of remote) if (r.at <= stale) dropped = remote.delete(p);
    if (dropped) for (const room of rooms.values()) room.refreshOnline();
  }
  let ticking = false;
  const ticker = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void tick().finally(() => (ticking = false));
  }, TICK_MS);
  const heartbeat = setInterval(() => {
    for (const c of clients) {
      if (!c.alive) c.ws.terminate();
      else {
        c.alive = false;
        c.ws.ping();
      }
    }
  }, HEARTBEAT_MS);
  ticker.unref();
  heartbeat.unref();

  async function close() {
    if (closed) return;
    closed = true;
    clearInterval(ticker);
    clearInterval(heartbeat);
    await tick();
    for (const room of rooms.values()) room.dispose();
    rooms.clear();
    await relay.close();
  }

  return {
    async install(app: FastifyInstance): Promise<void> {
      await relay.ready();
      await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
      installLiveSocket(app, core);
      app.addHook('onClose', close);
    },
    online: (sessionId: number): number => (rooms.get(sessionId)?.people ?? 0) + remoteOnline(sessionId),
    /** Rooms open in this process and the sockets connected to it (the metrics' gauge). */
    stats: (): { rooms: number; sockets: number } => ({ rooms: rooms.size, sockets: clients.size }),
    async likes(sessionId: number): Promise<number> {
      const room = rooms.get(sessionId);
      return room?.loaded ? room.likes : store.likes(sessionId);
    },
    statusChanged(sessionId: number, status: number): void {
      relay.publish({ k: 'status', s: sessionId, status });
    },
    answer: (userId: number, s: LiveSessionRow, cardId: number, choice: string): Promise<{ cardID: number; choice: string; card: LiveCard }> =>
      cards.answer(userId, s.id, cardId, choice),
    cardsFor: (sessionId: number, userId: number, host: boolean) => cards.cardsFor(sessionId, userId, host),
    async replayMessages(sessionId: number, userId: number): Promise<LiveChatMessage[]> {
      return (await store.replayMessages(sessionId)).map(({ userId: author, ...m }) => ({ ...m, mine: author === userId }));
    },
    async pinned(sessionId: number): Promise<string> {
      const room = rooms.get(sessionId);
      return room?.loaded ? room.pinned : store.pinned(sessionId);
    },
    isHost: core.isHost,
    close,
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

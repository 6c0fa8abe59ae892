import { LIVE_FRAME_MS, LIVE_MISSED_MAX, LIVE_SOCKET_MSG, type LiveHostMessage } from '@kaoshi/contract';
import type { WebSocket } from 'ws';
import { cardsView } from './cards.ts';
import type { CardResults, CardRow } from './chat-store.ts';
import type { RoomEvent } from './relay.ts';

/** One open socket of the room, after the upgrade's checks. */
export interface Client {
  ws: WebSocket;
  sessionId: number;
  userId: number;
  host: boolean;
  name: string;
  /** Answered the last ping (the heartbeat drops silent sockets). */
  alive: boolean;
  /** Likes taken from this socket in the current second. */
  likes: number;
  /** Set once `hello` was received; the room once welcomed. */
  hello: boolean;
  /** The join that `hello` started (frames that follow wait for it). */
  joined?: Promise<void>;
  room?: Room;
}

/** What a room loads when its first socket arrives in this process. */
export interface RoomState {
  pinned: string;
  likes: number;
  status: number;
  mutes: Map<number, number>;
  /** The newest messages (at most RING), oldest first. */
  recent: LiveHostMessage[];
  cards: CardRow[];
  results: Map<number, CardResults>;
}

/** Messages a room keeps in memory for reconnecting clients (twice what one may get, so deletes rarely empty it). */
export const RING = 2 * LIVE_MISSED_MAX;
/** A socket this far behind (bytes queued) is dropped rather than let it grow the process's memory. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const ERROR_MUTED = JSON.stringify({ t: 'error', msg: LIVE_SOCKET_MSG.muted });

export const sendText = (c: Client, data: Buffer | string) => {
  if (c.ws.readyState !== c.ws.OPEN) return;
  if (c.ws.bufferedAmount > MAX_BUFFERED) c.ws.terminate();
  else c.ws.send(data, { binary: false });
};

/**
 * A room in this process (docs/live.md, "Frames"): its sockets, what it knows of the session, and what happened
 * since the last frame. Events (relay.ts) change it; at most every LIVE_FRAME_MS one frame goes out, serialized
 * once for learners and once for hosts (plus once per sender of a message in it, who sees `mine`).
 */
export class Room {
  readonly clients = new Set<Client>();
  /** Sockets per user in this process: `people` is its size. */
  private readonly users = new Map<number, number>();
  /** Joins under way: the room stays while any waits. */
  joining = 0;
  loaded = false;
  private early: RoomEvent[] = [];

  ring: LiveHostMessage[] = [];
  /** The ring holds every message not deleted with an id ≥ floor; all of the session's when complete. */
  private floor = 0;
  private complete = true;
  private readonly deletedIds = new Set<number>();
  pinned = '';
  likes = 0;
  status = 0;
  online = 0;
  mutes = new Map<number, number>();
  cards: CardRow[] = [];
  results = new Map<number, CardResults>();

  private msgs: LiveHostMessage[] = [];
  private readonly pendingIds = new Set<number>();
  private deleted: number[] = [];
  private changed = { online: false, likes: false, pinned: false, status: false, learnerCards: false, hostCards: false };
  private resultsStale = false;
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  private lastFlush = 0;
  private disposed = false;

  constructor(
    readonly sessionId: number,
    private readonly io: { results(): Promise<Map<number, CardResults>>; remoteOnline(): number; onError(err: unknown): void },
  ) {}

  get people(): number {
    return this.users.size;
  }

  /** The loaded state, then the events that came while it loaded. */
  init(state: RoomState): void {
    Object.assign(this, { pinned: state.pinned, likes: state.likes, status: state.status, mutes: state.mutes, cards: state.cards, results: state.results });
    this.ring = state.recent;
    this.complete = state.recent.length < RING;
    this.floor = state.recent[0]?.id ?? 0;
    this.loaded = true;
    for (const e of this.early.splice(0)) this.apply(e);
  }

  apply(e: RoomEvent): void {
    if (!this.loaded) return void this.early.push(e);
    switch (e.k) {
      case 'msg':
        if (this.remember(e.m)) {
          this.msgs.push(e.m);
          this.pendingIds.add(e.m.id);
        }
        break;
      case 'del':
        this.deletedIds.add(e.id);
        this.ring = this.ring.filter((m) => m.id !== e.id);
        if (this.pendingIds.delete(e.id)) this.msgs = this.msgs.filter((m) => m.id !== e.id);
        this.deleted.push(e.id);
        break;
      case 'pin':
        this.pinned = e.text;
        this.changed.pinned = true;
        break;
      case 'likes':
        this.likes += e.n;
        this.changed.likes = true;
        break;
      case 'card': {
        const at = this.cards.findIndex((c) => c.id === e.card.id);
        if (at >= 0) this.cards[at] = e.card;
        else this.cards.push(e.card);
        this.changed.hostCards = true;
        if (e.card.state !== 'ready') this.changed.learnerCards = true;
        if (e.card.state === 'closed') this.resultsStale = true;
        break;
      }
      case 'ans':
        this.resultsStale = true;
        this.changed.hostCards = true;
        if (this.cards.find((c) => c.id === e.cardId)?.state === 'closed') this.changed.learnerCards = true;
        break;
      case 'status':
        this.status = e.status;
        this.changed.status = true;
        break;
      case 'mute':
        if (e.until === null) this.mutes.delete(e.userId);
        else {
          this.mutes.set(e.userId, e.until);
          for (const c of this.clients) if (c.userId === e.userId) sendText(c, ERROR_MUTED);
        }
        break;
    }
    this.schedule();
  }

  /** Keeps a message in the ring in id order (messages of two processes may arrive out of order); false if known. */
  private remember(m: LiveHostMessage): boolean {
    if (this.deletedIds.has(m.id)) return false;
    const ring = this.ring;
    let at = ring.length;
    while (at > 0 && ring[at - 1]!.id > m.id) at--;
    if (at > 0 && ring[at - 1]!.id === m.id) return false;
    ring.splice(at, 0, m);
    if (ring.length > RING) {
      ring.shift();
      this.complete = false;
      this.floor = ring[0]!.id;
    }
    return true;
  }

  /**
   * What a client saw last was `since`: the messages after it that the next frame will not bring, newest
   * LIVE_MISSED_MAX. Null when the ring does not reach back that far: the caller reads the database (`withStored`).
   */
  missed(since: number): { missed: LiveHostMessage[]; gap: boolean } | null {
    const list = this.ring.filter((m) => m.id > since && !this.pendingIds.has(m.id));
    if (list.length > LIVE_MISSED_MAX) return { missed: list.slice(-LIVE_MISSED_MAX), gap: true };
    if (this.complete || since + 1 >= this.floor) return { missed: list, gap: false };
    if (list.length === LIVE_MISSED_MAX) return { missed: list, gap: true };
    return null;
  }

  /** `missed` completed with stored messages read after `since` (at most LIVE_MISSED_MAX + 1 of them). */
  withStored(since: number, stored: LiveHostMessage[]): { missed: LiveHostMessage[]; gap: boolean } {
    const byId = new Map<number, LiveHostMessage>();
    for (const m of stored) if (!this.deletedIds.has(m.id)) byId.set(m.id, m);
    for (const m of this.ring) if (m.id > since) byId.set(m.id, m);
    const list = [...byId.values()].filter((m) => !this.pendingIds.has(m.id)).sort((a, b) => a.id - b.id);
    return { missed: list.slice(-LIVE_MISSED_MAX), gap: list.length > LIVE_MISSED_MAX };
  }

  add(c: Client): void {
    this.clients.add(c);
    c.room = this;
    this.users.set(c.userId, (this.users.get(c.userId) ?? 0) + 1);
    this.refreshOnline();
  }

  remove(c: Client): void {
    if (!this.clients.delete(c)) return;
    const n = (this.users.get(c.userId) ?? 1) - 1;
    if (n > 0) this.users.set(c.userId, n);
    else this.users.delete(c.userId);
    this.refreshOnline();
  }

  /** People here and in the other processes' reports. */
  refreshOnline(): void {
    const n = this.users.size + this.io.remoteOnline();
    if (n === this.online) return;
    this.online = n;
    this.changed.online = true;
    this.schedule();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.disposed || !this.loaded) return;
    const c = this.changed;
    if (!this.msgs.length && !this.deleted.length && !this.resultsStale && !Object.values(c).some(Boolean)) return;
    this.timer = setTimeout(() => void this.flush(), Math.max(0, this.lastFlush + LIVE_FRAME_MS - Date.now()));
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    this.flushing = true;
    try {
      if (this.resultsStale) {
        this.resultsStale = false;
        this.results = await this.io.results();
      }
      this.send();
    } catch (err) {
      this.io.onError(err);
    } finally {
      this.flushing = false;
      this.lastFlush = Date.now();
      this.schedule();
    }
  }

  /** One frame to every socket: each distinct text is serialized once. */
  private send(): void {
    const msgs = this.msgs;
    const deleted = this.deleted;
    const ch = this.changed;
    this.msgs = [];
    this.deleted = [];
    this.pendingIds.clear();
    this.changed = { online: false, likes: false, pinned: false, status: false, learnerCards: false, hostCards: false };
    if (!this.clients.size) return;

    const common = {
      ...(ch.online && { online: this.online }),
      ...(ch.likes && { likes: this.likes }),
      ...(ch.pinned && { pinned: this.pinned }),
      ...(ch.status && { status: this.status }),
    };
    const shared = msgs.length > 0 || deleted.length > 0 || Object.keys(common).length > 0;
    const build = (host: boolean, me: number | null): Buffer | null => {
      const cards = host ? ch.hostCards : ch.learnerCards;
      if (!shared && !cards) return null;
      const messages = msgs.map((m) => ({ ...m, userId: host ? m.userId : null, mine: m.userId === me }));
      return Buffer.from(JSON.stringify({ t: 'frame', messages, deleted, ...common, ...(cards && { cards: cardsView(this.cards, this.results, host) }) }));
    };
    const authors = new Set(msgs.map((m) => m.userId));
    const texts = new Map<string, Buffer | null>();
    for (const c of this.clients) {
      const own = authors.has(c.userId);
      const key = own ? `${c.host ? 'h' : 'l'}${c.userId}` : c.host ? 'h' : 'l';
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = build(c.host, own ? c.userId : null)));
      if (text) sendText(c, text);
    }
  }
}

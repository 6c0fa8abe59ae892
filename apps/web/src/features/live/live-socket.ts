import { LIVE_CLOSE, LIVE_MSG, type LiveCard, type LiveClientFrame, type LiveHostMessage, type LiveServerFrame } from '@kaoshi/contract';
import { useEffect, useState } from 'react';

/**
 * The live room's socket client (docs/live.md, "Chat"; frames of the contract's live-socket.ts). It says `hello`
 * with the id of the last message it saw, merges what the server sends into one state (messages by id, deleted ones
 * removed, cards by id), reconnects with a growing delay after a drop (the `hello` then asks for what was missed),
 * and gives up on the closes that retrying cannot mend (not logged in, not allowed, no such session, another tab).
 */

/** The newest messages kept on screen. */
export const KEEP_MESSAGES = 300;
/** Reconnect delays (ms): 1 s, 2 s, 4 s … at most 20 s, each with up to 30 % jitter. */
export const BACKOFF = { firstMs: 1000, maxMs: 20_000 } as const;
/** Taps on the like button are sent as one `like {n}` at most this often (ms). */
export const LIKE_BATCH_MS = 500;

export interface LiveRoomState {
  /** 'connecting' until `welcome`; 'closed' for good after a close that retrying cannot mend (see `closeCode`). */
  conn: 'connecting' | 'open' | 'closed';
  closeCode: number | null;
  name: string;
  host: boolean;
  mutedUntil: string | null;
  /** An `error` frame said I am muted (the exact end comes with the next `welcome`). */
  mutedNow: boolean;
  online: number | null;
  likes: number | null;
  pinned: string | null;
  status: number | null;
  messages: LiveHostMessage[];
  /** Cards the socket told of (newest state), by id. */
  cards: Record<number, LiveCard>;
  /** Older messages were left out when reconnecting. */
  gap: boolean;
}

export const initialRoomState = (): LiveRoomState => ({
  conn: 'connecting',
  closeCode: null,
  name: '',
  host: false,
  mutedUntil: null,
  mutedNow: false,
  online: null,
  likes: null,
  pinned: null,
  status: null,
  messages: [],
  cards: {},
  gap: false,
});

/** Closes after which the client does not come back. */
const FINAL_CLOSES: number[] = [LIVE_CLOSE.unauthorized, LIVE_CLOSE.forbidden, LIVE_CLOSE.unknown, LIVE_CLOSE.replaced];

/** Messages merged: new ids added in id order, known ids ignored, deleted ids removed, the newest KEEP_MESSAGES kept. */
export function mergeMessages(list: LiveHostMessage[], add: LiveHostMessage[], deleted: number[] = []): LiveHostMessage[] {
  const gone = new Set(deleted);
  const known = new Set(list.map((m) => m.id));
  const fresh: LiveHostMessage[] = [];
  for (const m of add) {
    if (known.has(m.id) || gone.has(m.id)) continue;
    known.add(m.id);
    fresh.push(m);
  }
  if (fresh.length === 0 && !list.some((m) => gone.has(m.id))) return list;
  const out = [...list.filter((m) => !gone.has(m.id)), ...fresh].sort((a, b) => a.id - b.id);
  return out.length > KEEP_MESSAGES ? out.slice(out.length - KEEP_MESSAGES) : out;
}

const mergeCards = (cards: Record<number, LiveCard>, add: LiveCard[] | undefined) => {
  if (!add || add.length === 0) return cards;
  const out = { ...cards };
  for (const c of add) out[c.id] = c;
  return out;
};

/** The state after one server frame (pure). */
export function applyFrame(s: LiveRoomState, f: LiveServerFrame): LiveRoomState {
  if (f.t === 'welcome') {
    return {
      ...s,
      conn: 'open',
      name: f.name,
      host: f.host,
      mutedUntil: f.mutedUntil,
      mutedNow: false,
      online: f.online,
      likes: f.likes,
      pinned: f.pinned,
      status: f.status,
      messages: mergeMessages(s.messages, f.missed),
      cards: mergeCards(s.cards, f.cards),
      gap: f.gap,
    };
  }
  if (f.t === 'frame') {
    return {
      ...s,
      messages: mergeMessages(s.messages, f.messages, f.deleted),
      online: f.online ?? s.online,
      likes: f.likes ?? s.likes,
      pinned: f.pinned ?? s.pinned,
      status: f.status ?? s.status,
      cards: mergeCards(s.cards, f.cards),
    };
  }
  return f.msg === LIVE_MSG.muted ? { ...s, mutedNow: true } : s;
}

/** A light check of a server frame (the server is ours; a malformed frame is dropped, never thrown). */
export function parseServerFrame(text: unknown): LiveServerFrame | null {
  if (typeof text !== 'string') return null;
  try {
    const f = JSON.parse(text) as Partial<LiveServerFrame> | null;
    if (!f || typeof f !== 'object') return null;
    if (f.t === 'welcome' && Array.isArray(f.missed) && Array.isArray(f.cards)) return f as LiveServerFrame;
    if (f.t === 'frame' && Array.isArray(f.messages) && Array.isArray(f.deleted)) return f as LiveServerFrame;
    if (f.t === 'error' && typeof f.msg === 'string') return f as LiveServerFrame;
  } catch {
    /* not JSON */
  }
  return null;
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((e: Event) => void) | null;
  onmessage: ((e: MessageEvent) => void) | null;
  onclose: ((e: CloseEvent) => void) | null;
  onerror: ((e: Event) => void) | null;
};

export interface LiveSocketOptions {
  /** The WebSocket constructor (tests pass a fake). */
  WebSocketImpl?: new (url: string) => SocketLike;
  /** Called with the Chinese text of each `error` frame. */
  onError?: (msg: string) => void;
  random?: () => number;
}

/** One room's connection and its state (a tiny store: subscribe, snapshot). */
export class LiveSocket {
  private state = initialRoomState();
  private listeners = new Set<() => void>();
  private ws: SocketLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private seenMax = 0;

  constructor(
    private readonly url: string,
    private readonly opts: LiveSocketOptions = {},
  ) {
    this.open();
  }

  readonly subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  readonly snapshot = (): LiveRoomState => this.state;

  /** The id of the last message seen (the `since` of the next hello). */
  lastId(): number {
    return this.seenMax;
  }

  /** Sends a frame when connected; false when it could not be sent. */
  send(frame: LiveClientFrame): boolean {
    if (!this.ws || this.ws.readyState !== 1 || this.state.conn !== 'open') return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Likes sent: counted at once on this screen (the server's next frame says the total). */
  like(n: number): boolean {
    const sent = this.send({ t: 'like', n });
    if (sent && this.state.likes !== null) this.set({ ...this.state, likes: this.state.likes + n });
    return sent;
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close(1000);
    this.ws = null;
  }

  private set(next: LiveRoomState) {
    this.state = next;
    for (const m of next.messages) if (m.id > this.seenMax) this.seenMax = m.id;
    for (const fn of this.listeners) fn();
  }

  private open() {
    const Impl = this.opts.WebSocketImpl ?? (globalThis.WebSocket as unknown as new (url: string) => SocketLike);
    const ws = new Impl(this.url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', since: this.lastId() } satisfies LiveClientFrame));
    ws.onmessage = (e) => {
      const f = parseServerFrame(e.data);
      if (!f || this.ws !== ws) return;
      if (f.t === 'welcome') this.attempt = 0;
      if (f.t === 'error') this.opts.onError?.(f.msg);
      this.set(applyFrame(this.state, f));
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (FINAL_CLOSES.includes(e.code)) {
        this.set({ ...this.state, conn: 'closed', closeCode: e.code });
        return;
      }
      this.set({ ...this.state, conn: 'connecting' });
      const base = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => this.open(), base * (1 + 0.3 * (this.opts.random ?? Math.random)()));
    };
    ws.onerror = () => undefined;
  }
}

/** The socket of a room while the screen shows it (null url: none yet), and its state (subscribed from its creation on). */
export function useLiveSocket(url: string | null, onError: (msg: string) => void): { socket: LiveSocket | null; state: LiveRoomState } {
  const [live, setLive] = useState<{ socket: LiveSocket | null; state: LiveRoomState }>({ socket: null, state: IDLE });
  const [errors] = useState(() => ({ current: onError }));
  errors.current = onError;
  useEffect(() => {
    if (!url) return;
    const s = new LiveSocket(url, { onError: (m) => errors.current(m) });
    const off = s.subscribe(() => setLive({ socket: s, state: s.snapshot() }));
    setLive({ socket: s, state: s.snapshot() });
    return () => {
      off();
      s.close();
      setLive({ socket: null, state: IDLE });
    };
  }, [url, errors]);
  return live;
}

const IDLE = initialRoomState();

/** Taps gathered into one `like {n}` at most every LIKE_BATCH_MS (at most 50 per frame, the rest next time). */
export class LikeBatcher {
  private pending = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly sendLikes: (n: number) => boolean,
    private readonly ms: number = LIKE_BATCH_MS,
  ) {}

  tap(): void {
    this.pending += 1;
    this.timer ??= setTimeout(() => this.flush(), this.ms);
  }

  /** Taps not sent yet. */
  waiting(): number {
    return this.pending;
  }

  private flush() {
    this.timer = null;
    const n = Math.min(50, this.pending);
    // Not connected: those taps are dropped (a like is not worth a queue).
    this.pending = n > 0 && this.sendLikes(n) ? this.pending - n : 0;
    if (this.pending > 0) this.timer = setTimeout(() => this.flush(), this.ms);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

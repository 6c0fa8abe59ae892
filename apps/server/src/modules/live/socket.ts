import {
  CONTENT_MSG,
  cutToWidth,
  hasBannedWords,
  LIVE_CHAT_LIMIT,
  LIVE_CHAT_MAX_WIDTH,
  LIVE_CLOSE,
  LIVE_MSG,
  LIVE_SOCKET_MSG,
  liveClientFrame,
  LIVE_STATUS,
  Status,
  type LiveClientFrame,
} from '@kaoshi/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../platform/errors.ts';
import { streamSecond } from './cards.ts';
import type { HubCore, LiveSessionRow } from './hub-types.ts';
import { sendText, type Client } from './room.ts';
import { statusOf } from './schedule.ts';

/** A socket must say `hello` this soon after it opened. */
const HELLO_WITHIN_MS = 15_000;
/** Frames a socket may send while its checks run (they are handled after). */
const EARLY_FRAMES = 8;

const errorFrame = (msg: string) => JSON.stringify({ t: 'error', msg });
const ERRORS = Object.fromEntries(Object.entries(LIVE_SOCKET_MSG).map(([k, msg]) => [k, errorFrame(msg)])) as Record<keyof typeof LIVE_SOCKET_MSG, string>;
const ERROR_BANNED = errorFrame(CONTENT_MSG.banned);

/** Chat is open before the class and while it is live; once it has ended (replay or not) it is closed to everyone. */
const chatOpen = (s: LiveSessionRow | undefined, now: number): s is LiveSessionRow => {
  if (!s) return false;
  const status = statusOf(s, now);
  return status === LIVE_STATUS.upcoming || status === LIVE_STATUS.live;
};

type Query = { liveID?: string; guid?: string; host?: string };

/** `GET /api/live/ws?liveID=&guid=[&host=]` (live-socket.ts): checks at the upgrade, then the room's frames. */
export function installLiveSocket(app: FastifyInstance, core: HubCore): void {
  app.get('/api/live/ws', { websocket: true }, (ws, request) => open(core, ws, request.query as Query));
}

function open(core: HubCore, ws: WebSocket, query: Query): void {
  const { log } = core.deps;
  // Frames that arrive while the checks run are kept (listeners must be attached at once, or frames are lost).
  const early: string[] = [];
  let client: Client | undefined;
  ws.on('message', (data) => {
    const text = String(data);
    if (client) void receive(core, client, text);
    else if (early.length < EARLY_FRAMES) early.push(text);
    else ws.close(LIVE_CLOSE.protocol, 'too many frames before the checks');
  });
  ws.on('error', (err) => log.debug({ err }, 'live socket error'));
  ws.on('close', () => {
    if (client) core.leave(client);
  });

  admit(core, query)
    .then((admitted) => {
      if ('code' in admitted) return ws.close(admitted.code, admitted.reason);
      if (ws.readyState !== ws.OPEN) return;
      const c: Client = { ws, ...admitted, alive: true, likes: 0, hello: false };
      client = c;
      core.clients.add(c);
      ws.on('pong', () => (c.alive = true));
      const helloTimer = setTimeout(() => c.hello || ws.close(LIVE_CLOSE.protocol, 'no hello'), HELLO_WITHIN_MS);
      ws.once('close', () => clearTimeout(helloTimer));
      for (const text of early.splice(0)) void receive(core, c, text);
    })
    .catch((err: unknown) => {
      log.warn({ err }, 'live socket checks failed');
      ws.close(1011, 'server error');
    });
}

type Admitted = { sessionId: number; userId: number; host: boolean; name: string } | { code: number; reason: string };

/** The upgrade's checks: who (4401), which session (4404), allowed (4403; the host key passes). */
async function admit(core: HubCore, query: Query): Promise<Admitted> {
  const { deps } = core;
  const who = typeof query.guid === 'string' && query.guid ? await deps.resolveSession(query.guid) : null;
  if (!who) return { code: LIVE_CLOSE.unauthorized, reason: 'not logged in' };
  const id = Number(query.liveID);
  const s = Number.isSafeInteger(id) && id > 0 ? await deps.sessionOf(id) : undefined;
  if (!s) return { code: LIVE_CLOSE.unknown, reason: 'unknown session' };
  const host = core.isHost(s, typeof query.host === 'string' ? query.host : undefined);
  if (!host) {
    try {
      await deps.gate(who.userId, s);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return err.status === Status.NOT_FOUND ? { code: LIVE_CLOSE.unknown, reason: 'unknown subject' } : { code: LIVE_CLOSE.forbidden, reason: 'not allowed' };
    }
  }
  return { sessionId: s.id, userId: who.userId, host, name: await deps.nameOf(who.userId) };
}

async function receive(core: HubCore, c: Client, text: string): Promise<void> {
  let frame: LiveClientFrame;
  try {
    const parsed = liveClientFrame.safeParse(JSON.parse(text));
    if (!parsed.success) return sendText(c, ERRORS.badFrame);
    frame = parsed.data;
  } catch {
    return sendText(c, ERRORS.badFrame);
  }
  if (!c.hello) {
    if (frame.t !== 'hello') return c.ws.close(LIVE_CLOSE.protocol, 'hello first');
    c.hello = true;
    c.joined = core.join(c, frame.since).catch((err: unknown) => {
      core.deps.log.warn({ err, sessionId: c.sessionId }, 'live join failed');
      c.ws.close(1011, 'server error');
    });
    return c.joined;
  }
  try {
    await c.joined; // frames sent right after hello wait for the welcome (the room's mutes)
    switch (frame.t) {
      case 'hello':
        return;
      case 'say':
        return await say(core, c, frame.text);
      case 'like':
        return core.like(c, frame.n);
      default:
        if (!c.host) return sendText(c, ERRORS.notHost);
        return await moderate(core, c, frame);
    }
  } catch (err) {
    core.deps.log.warn({ err, sessionId: c.sessionId, frame: frame.t }, 'live frame refused');
    sendText(c, err instanceof AppError ? errorFrame(err.message) : ERRORS.badFrame);
  }
}

/**
 * A chat message: refused when the class has ended (a replay has no chat), empty, with a banned word, muted or too
 * fast; else stored as typed (trimmed, cut to the width the box counts) and published.
 */
async function say(core: HubCore, c: Client, raw: string): Promise<void> {
  const { deps, store, relay } = core;
  const now = deps.clock();
  const s = await deps.sessionOf(c.sessionId);
  if (!chatOpen(s, now)) return sendText(c, ERRORS.chatClosed);
  const text = cutToWidth(raw.trim(), LIVE_CHAT_MAX_WIDTH).trim();
  if (!text) return sendText(c, ERRORS.empty);
  if (hasBannedWords(text)) return sendText(c, ERROR_BANNED);
  if (!c.host) {
    // While the relay misses events (docs/live.md, "Across processes") the room's mutes may be stale: ask the database.
    const mutedUntil = relay.connected ? c.room?.mutes.get(c.userId) : (await store.mutes(c.sessionId, new Date(now))).get(c.userId);
    if ((mutedUntil ?? 0) > now) return sendText(c, ERRORS.muted);
    const window = await deps.limiter.hit(`live:chat:${c.sessionId}:${c.userId}`, LIVE_CHAT_LIMIT.windowMs);
    if (window.count > LIVE_CHAT_LIMIT.count) return sendText(c, ERRORS.tooFast);
  }
  const second = streamSecond(s.liveStartedAt, now);
  const id = await store.insertMessage({ sessionId: c.sessionId, userId: c.userId, name: c.name, text, host: c.host, second, at: new Date(now) });
  relay.publish({ k: 'msg', s: c.sessionId, m: { id, name: c.name, text, second, host: c.host, userId: c.userId, mine: false } });
}

type HostFrame = Exclude<LiveClientFrame, { t: 'hello' | 'say' | 'like' }>;

/** The host's frames: mute, unmute, delete, pin, and the quiz cards' make, push and close. */
async function moderate(core: HubCore, c: Client, f: HostFrame): Promise<void> {
  const { deps, store, relay, cards } = core;
  const s = c.sessionId;
  const now = deps.clock();
  switch (f.t) {
    case 'mute': {
      const until = now + f.minutes * 60_000;
      await store.mute(s, f.userId, new Date(until));
      return relay.publish({ k: 'mute', s, userId: f.userId, until });
    }
    case 'unmute':
      await store.unmute(s, f.userId);
      return relay.publish({ k: 'mute', s, userId: f.userId, until: null });
    case 'delete':
      if (await store.deleteMessage(s, f.id, new Date(now))) relay.publish({ k: 'del', s, id: f.id });
      return;
    case 'pin': {
      const text = f.text.trim();
      await store.setPinned(s, text);
      return relay.publish({ k: 'pin', s, text });
    }
    case 'card':
      await cards.create(s, f);
      return;
    case 'push': {
      const second = streamSecond((await deps.sessionOf(s))?.liveStartedAt ?? null, now);
      if (!(await cards.push(s, f.cardId, second))) sendText(c, errorFrame(LIVE_MSG.cardUnknown));
      return;
    }
    case 'close':
      if (!(await cards.close(s, f.cardId))) sendText(c, errorFrame(LIVE_MSG.cardClosed));
      return;
  }
}

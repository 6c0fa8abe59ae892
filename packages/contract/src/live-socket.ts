import { z } from 'zod';
import { LIVE_CARD_KEYS, LIVE_MSG, liveCard, liveChatMessage } from './calls/live-shapes.ts';

/**
 * The live room's WebSocket (docs/live.md, "Chat"): `GET /api/live/ws?liveID=&guid=[&host=]`, JSON text frames.
 * The server checks the session and the session's gate at the upgrade (closing with 4401 / 4403 / 4404), then
 * waits for `hello`. What happens in the room reaches each client in one `frame` every LIVE_FRAME_MS at most.
 */

/** Close codes: not logged in, not allowed (no version), no such session, replaced by a newer tab, bad frames. */
export const LIVE_CLOSE = { unauthorized: 4401, forbidden: 4403, unknown: 4404, replaced: 4409, protocol: 4400 } as const;

const chatText = z.string().max(1000);
/** What a client sends. Host frames are refused unless the socket was opened with the host key. */
export const liveClientFrame = z.discriminatedUnion('t', [
  /** First frame: the id of the last message I saw (0: none); the server answers `welcome` with what I missed. */
  z.object({ t: z.literal('hello'), since: z.number().int().min(0) }),
  z.object({ t: z.literal('say'), text: chatText }),
  z.object({ t: z.literal('like'), n: z.number().int().min(1).max(50) }),
  z.object({ t: z.literal('mute'), userId: z.number().int().min(1), minutes: z.number().int().min(1).max(10_080) }),
  z.object({ t: z.literal('unmute'), userId: z.number().int().min(1) }),
  z.object({ t: z.literal('delete'), id: z.number().int().min(1) }),
  z.object({ t: z.literal('pin'), text: z.string().max(200) }),
  z.object({
    t: z.literal('card'),
    stem: z.string().min(1).max(500),
    options: z.array(z.string().min(1).max(200)).min(2).max(LIVE_CARD_KEYS.length),
    answer: z.enum(LIVE_CARD_KEYS),
    explanation: z.string().max(1000),
  }),
  z.object({ t: z.literal('push'), cardId: z.number().int().min(1) }),
  z.object({ t: z.literal('close'), cardId: z.number().int().min(1) }),
]);
export type LiveClientFrame = z.infer<typeof liveClientFrame>;

/** A chat message as the host sees it: who wrote it, to mute them. */
export const liveHostMessage = liveChatMessage.extend({ userId: z.number().int().nullable() });
export type LiveHostMessage = z.infer<typeof liveHostMessage>;

/** What the server sends. */
export const liveServerFrame = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('welcome'),
    name: z.string(),
    host: z.boolean(),
    mutedUntil: z.string().nullable(),
    online: z.number().int(),
    likes: z.number().int(),
    pinned: z.string(),
    status: z.number().int(),
    /** The newest messages after `since` (at most LIVE_MISSED_MAX), oldest first; `gap` when older ones were left out. */
    missed: z.array(liveHostMessage),
    gap: z.boolean(),
    cards: z.array(liveCard),
  }),
  z.object({
    t: z.literal('frame'),
    messages: z.array(liveHostMessage),
    deleted: z.array(z.number().int()),
    online: z.number().int().optional(),
    likes: z.number().int().optional(),
    pinned: z.string().optional(),
    status: z.number().int().optional(),
    cards: z.array(liveCard).optional(),
  }),
  /** A refusal of one frame (Chinese, shown as a toast): muted, too fast, empty... */
  z.object({ t: z.literal('error'), msg: z.string() }),
]);
export type LiveServerFrame = z.infer<typeof liveServerFrame>;

/** The refusals a learner can read in an `error` frame. */
export const LIVE_SOCKET_MSG = {
  muted: LIVE_MSG.muted,
  tooFast: LIVE_MSG.tooFast,
  empty: LIVE_MSG.empty,
  /** The class has ended (with a replay or not): chat is closed. */
  chatClosed: '直播已结束，聊天已关闭',
  notHost: '只有主持人可以这样做',
  badFrame: '消息格式不正确',
} as const;

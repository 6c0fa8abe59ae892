import { createHmac } from 'node:crypto';
import { playTokens, type PlayTokens } from '../../platform/media-tokens.ts';

/**
 * Live media tokens (docs/live.md, "Delivery"): the video lessons' play-token scheme under a key derived from theirs,
 * so a lesson's token never opens a session's media (and session ids are lesson ids' neighbours, never equal).
 * A grant's `lessonId` is the session id; `limitSeconds` is always 0.
 */
export const liveTokens = (videoKey: Buffer): PlayTokens => playTokens(createHmac('sha256', videoKey).update('live-media').digest());

/**
 * The calendar link's tokens (docs/live.md): a key of their own, so the `.ics` link the detail page gives every learner
 * of the subject never opens the stream or the replay, which need the session's gate (and the reverse).
 */
export const liveIcsTokens = (videoKey: Buffer): PlayTokens => playTokens(createHmac('sha256', videoKey).update('live-ics').digest());

/** The media path of a session under a token: `file` is 'index.m3u8' (live), 'replay/index.m3u8' or 'live.ics'. */
export const liveMediaPath = (sessionId: number, token: string, file: string) => `/media/l/${sessionId}/${token}/${file}`;

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { serverSecret } from './server-secrets.ts';

/**
 * Signed media links (docs/video.md, "Protected delivery"): the one token format and the one verifier of every
 * route that serves a file under a link a call gave after its entitlement decision — video segments and keys
 * (/media/v), reading PDFs (/media/r), live media and recordings (/media/l), plan calendars (/media/p). Each
 * purpose signs with a key of its own (derived from one secret), so a link of one never opens another.
 */

/** A play token lives this long; the player asks for a new one before it runs out. */
export const TOKEN_TTL_MS = 10 * 60_000;

export interface PlayGrant {
  userId: number;
  lessonId: number;
  /** ms since the epoch. */
  expiresAt: number;
  /** 0: the whole lesson; else how many seconds from the start may be played (the free preview). */
  limitSeconds: number;
}

/**
 * Play tokens (docs/video.md, "Protected delivery"): `base64url(userId.lessonId.expiresAt.limit)` and its
 * HMAC-SHA256, as one path segment. Verification is constant-time and binds the token to one lesson.
 */
export function playTokens(key: Buffer) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(g: PlayGrant): string {
      const payload = Buffer.from(`${g.userId}.${g.lessonId}.${g.expiresAt}.${g.limitSeconds}`).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The grant of a token for `lessonId`, or why not (in English, for the log). */
    verify(token: string, lessonId: number, now: number): PlayGrant | { refused: string } {
      const [payload, sig, extra] = token.split('.');
      if (!payload || !sig || extra !== undefined) return { refused: 'malformed' };
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: 'signature' };
      const parts = Buffer.from(payload, 'base64url').toString().split('.').map(Number);
      if (parts.length !== 4 || parts.some((n) => !Number.isSafeInteger(n) || n < 0)) return { refused: 'malformed' };
      const [userId, forLesson, expiresAt, limitSeconds] = parts as [number, number, number, number];
      if (forLesson !== lessonId) return { refused: 'other lesson' };
      if (expiresAt <= now) return { refused: 'expired' };
      return { userId, lessonId, expiresAt, limitSeconds };
    },
  };
}
export type PlayTokens = ReturnType<typeof playTokens>;

/** The one refusal of a media request: 403 plain text, logged in English with why (no token, no parameters). */
export function refuseMedia(request: FastifyRequest, reply: FastifyReply, what: string, reason: string) {
  request.log.warn({ reason }, `${what} request refused`);
  return reply.code(403).type('text/plain').send('forbidden');
}

/**
 * The grant of a signed link for the item `rawId` (the path segment: digits only, else no item) at `now`; or
 * undefined once the request has been refused (refuseMedia). `what` names the route in the log ('video media').
 */
export function mediaGrant(request: FastifyRequest, reply: FastifyReply, tokens: PlayTokens, rawId: string, token: string, now: number, what: string): PlayGrant | undefined {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const grant = tokens.verify(token, id, now);
  if (!('refused' in grant)) return grant;
  void refuseMedia(request, reply, what, grant.refused);
  return undefined;
}

/** The configured key, else the database's own (made once, the first process to ask wins). */
export async function tokenKey(db: Database, configured: string | undefined, now: Date): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  return serverSecret(db, 'video-token-key', now);
}

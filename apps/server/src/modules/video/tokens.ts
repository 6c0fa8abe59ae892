import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/index.ts';
import { serverSecret } from '../../platform/server-secrets.ts';

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

/** The configured key, else the database's own (made once, the first process to ask wins). */
export async function tokenKey(db: Database, configured: string | undefined, now: Date): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  return serverSecret(db, 'video-token-key', now);
}

import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@kaoshi/contract';
import type { Clock } from '../clock.ts';
import { newToken, sha256Hex } from '../crypto.ts';
import type { SessionStore } from './store.ts';

/** A valid session: who is calling. The guid itself is never kept; only its SHA-256. */
export interface Session {
  tokenHash: string;
  userId: number;
  createdAt: Date;
}

/** Touch the idle expiry at most once a minute per session, not on every call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Sessions: a guid of 256 random bits per login; idle expiry of 7 days slid forward on use, never past
 * the absolute expiry of 30 days after login. Logout and password changes end sessions.
 */
export function createSessionService(store: SessionStore, clock: Clock) {
  return {
    async start(userId: number, client: { ip?: string; userAgent?: string }): Promise<string> {
      const guid = newToken();
      const now = clock();
      await store.insert({
        tokenHash: sha256Hex(guid),
        userId,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + SESSION_IDLE_MS),
        absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_MS),
        ip: client.ip ?? null,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      });
      return guid;
    },

    /** The session of a guid, or null when unknown, ended or expired. Slides the idle expiry. */
    async resolve(guid: string): Promise<Session | null> {
      if (guid.length < 16 || guid.length > 128) return null;
      const now = clock();
      const tokenHash = sha256Hex(guid);
      const row = await store.findActive(tokenHash, new Date(now));
      if (!row) return null;
      const slid = Math.min(now + SESSION_IDLE_MS, row.absoluteExpiresAt.getTime());
      if (slid - row.expiresAt.getTime() >= TOUCH_EVERY_MS) await store.touch(tokenHash, new Date(now), new Date(slid));
      return { tokenHash, userId: row.userId, createdAt: row.createdAt };
    },

    end: (tokenHash: string) => store.end(tokenHash, new Date(clock())),

    /** End every session of the user; `keep` (a token hash) survives when given. */
    endAll: (userId: number, keep?: string) => store.endAllOfUser(userId, new Date(clock()), keep),

    /** Forget sessions that expired more than 30 days ago. */
    purge: () => store.purge(new Date(clock() - SESSION_ABSOLUTE_MS)),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

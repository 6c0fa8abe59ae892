import { LRUCache } from 'lru-cache';
import { SESSION_ABSOLUTE_MS, SESSION_ENDED_MSG, SESSION_IDLE_MS, Status, type SessionEndReason } from '@kaoshi/contract';
import type { CacheBus } from '../cache/bus.ts';
import { createMemo } from '../cache/memo.ts';
import type { Clock } from '../clock.ts';
import { newToken, sha256Hex } from '../crypto.ts';
import { AppError, sessionExpired } from '../errors.ts';
import type { SessionStore } from './store.ts';

/** A valid session: who is calling. The guid itself is never kept; only its SHA-256. */
export interface Session {
  tokenHash: string;
  userId: number;
  createdAt: Date;
}

/**
 * Touch the idle expiry (and the last-seen time the devices list shows) at most every 5 minutes per session, not on
 * every call: a learner autosaving every 30 s through an exam evening writes their session row 12 times an hour,
 * not 60; the 7-day idle expiry moves in 5-minute steps.
 */
const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * Sessions held in memory (docs/caching.md): an entry is dropped when the session ends (logout, password change,
 * the database's notification from any process) and after SESSION_CACHE_MS in any case; expiry is checked
 * against the held times on every call. A miss (an unknown guid) is not held.
 */
export const SESSION_CACHE_MS = 5 * 60_000;
const SESSION_CACHE_MAX = 100_000;
const GUID_HASHES_MAX = 10_000;

interface HeldSession {
  userId: number;
  createdAt: Date;
  expiresAt: number;
  absoluteExpiresAt: number;
}

/**
 * Sessions: a guid of 256 random bits per login; idle expiry of 7 days slid forward on use, never past
 * the absolute expiry of 30 days after login. Logout and password changes end sessions.
 */
export function createSessionService(store: SessionStore, clock: Clock, bus: CacheBus) {
  const held = createMemo<string, HeldSession | null>(bus, { max: SESSION_CACHE_MAX, ttlMs: SESSION_CACHE_MS });
  // The hashes of the guids of recent calls (docs/server.md, "Hot replies"): every call of a session hashes the same
  // guid, and a lookup costs a third of the hash. A pure function of the guid, so nothing ever invalidates it; bounded,
  // and in memory only (the guids are in this process's requests anyway).
  const hashes = new LRUCache<string, string>({ max: GUID_HASHES_MAX });
  const hashOf = (guid: string): string => {
    let hash = hashes.get(guid);
    if (hash === undefined) hashes.set(guid, (hash = sha256Hex(guid)));
    return hash;
  };
  bus.on('session', (e) => (e ? held.delete(e.tokenHash) : held.clear()));

  const load = async (tokenHash: string, now: number): Promise<HeldSession | null> => {
    const row = await store.findActive(tokenHash, new Date(now));
    return row ? { userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt.getTime(), absoluteExpiresAt: row.absoluteExpiresAt.getTime() } : null;
  };

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
      const tokenHash = hashOf(guid);
      // Unknown guids are not held (random guids cannot fill the cache); a held session past an expiry is reread.
      let row = await held.get(
        tokenHash,
        () => load(tokenHash, now),
        (r) => r !== null,
      );
      if (row === null) return null;
      if (row.expiresAt <= now || row.absoluteExpiresAt <= now) {
        held.delete(tokenHash);
        row = await load(tokenHash, now);
        if (!row) return null;
      }
      const slid = Math.min(now + SESSION_IDLE_MS, row.absoluteExpiresAt);
      if (slid - row.expiresAt >= TOUCH_EVERY_MS) {
        await store.touch(tokenHash, new Date(now), new Date(slid));
        // Held on with its new expiry (a later expiry notifies nothing: other processes holding the earlier one
        // reread the row when they reach it).
        held.replace(tokenHash, { ...row, expiresAt: slid });
      }
      return { tokenHash, userId: row.userId, createdAt: row.createdAt };
    },

    /** End one session; `by` is kept so that its device's next call is told why (ended()). */
    async end(tokenHash: string, by: SessionEndReason): Promise<void> {
      await store.end(tokenHash, new Date(clock()), by);
      held.delete(tokenHash);
    },

    /** End every session of the user; `keep` (a token hash) survives when given. */
    async endAll(userId: number, by: SessionEndReason, keep?: string): Promise<void> {
      const ended = await store.endAllOfUser(userId, new Date(clock()), by, keep);
      for (const tokenHash of ended) held.delete(tokenHash);
    },

    /**
     * The 401 for a guid that resolves to no session: its session was ended by another device, a password change or a
     * deletion request → that reason's message (SESSION_ENDED_MSG); anything else (logged out here, expired, unknown)
     * → MSG.sessionExpired. Read only on this failure path.
     */
    async ended(guid: string): Promise<AppError> {
      const by = guid.length < 16 || guid.length > 128 ? null : await store.endedBy(sha256Hex(guid));
      const told = by !== null && Object.hasOwn(SESSION_ENDED_MSG, by) ? SESSION_ENDED_MSG[by as keyof typeof SESSION_ENDED_MSG] : null;
      return told ? new AppError(Status.UNAUTHORIZED, told) : sessionExpired();
    },

    /** Forget sessions that expired more than 30 days ago. */
    purge: () => store.purge(new Date(clock() - SESSION_ABSOLUTE_MS)),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

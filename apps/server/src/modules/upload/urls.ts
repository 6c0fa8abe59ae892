import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseUploadKey } from '@kaoshi/contract';

/** Feedback screenshots' URLs hold for the rest of the day they were made and the whole next one (UTC). */
const DAY = 86_400_000;

/**
 * Where an upload is served (docs/uploads.md). Avatars: `/media/<key>`, public and cached for good (a new avatar is a
 * new key). Feedback screenshots: `/media/<key>?e=<expiry s>&s=<HMAC>`, a capability only the owner's own calls (and
 * operators' tools) hand out, expiring after a day or two; the same URL all day, so the browser's cache works.
 */
export function uploadUrls(key: Buffer, now: () => number) {
  const mac = (path: string, e: number) => createHmac('sha256', key).update(`${path}\n${e}`).digest('base64url');
  return {
    url(uploadKey: string): string {
      const p = parseUploadKey(uploadKey);
      if (!p) return '';
      const path = `/media/${uploadKey}`;
      if (p.purpose === 'avatar') return path;
      const e = (Math.floor(now() / DAY) + 2) * (DAY / 1000);
      return `${path}?e=${e}&s=${mac(uploadKey, e)}`;
    },
    /** Whether a screenshot's URL parameters are its own signature, not yet expired. */
    check(uploadKey: string, e: unknown, s: unknown): boolean {
      if (typeof e !== 'string' || typeof s !== 'string' || !/^\d{1,12}$/.test(e)) return false;
      if (Number(e) * 1000 <= now()) return false;
      const expected = Buffer.from(mac(uploadKey, Number(e)));
      const given = Buffer.from(s);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type UploadUrls = ReturnType<typeof uploadUrls>;

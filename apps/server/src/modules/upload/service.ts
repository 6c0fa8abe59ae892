import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUploadKey, UPLOAD_MSG, type UploadPurpose } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { badInput, tooMany } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { MediaStore } from '../video/index.ts';
import type { Decoder } from './decoder.ts';
import { reencode } from './image.ts';
import type { UploadStore } from './store.ts';
import type { UploadUrls } from './urls.ts';

/** A learner may upload this many images per window (avatars and screenshots together). */
export const UPLOAD_LIMIT = { count: 20, windowMs: 10 * 60_000 } as const;
/** An upload that no profile or feedback took within this long is an orphan: the sweep deletes it. */
export const UPLOAD_KEEP_MS = 24 * 3600_000;
/** The most orphans one run of the sweep deletes (the next run takes the rest). */
const SWEEP_BATCH = 500;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Uploads (docs/uploads.md): check, re-encode, store under a key naming the owner and purpose; look up and delete. */
export function createUploadService(deps: {
  media: MediaStore;
  store: UploadStore;
  limiter: RateLimiter;
  clock: Clock;
  urls: () => UploadUrls;
  log: FastifyBaseLogger;
  decoder: Decoder;
}) {
  const { media, store, limiter, clock, log, decoder } = deps;
  /** Learners with an upload under way in this process: one at a time each (a second is refused, not queued). */
  const busy = new Set<number>();

  const put = async (key: string, bytes: Buffer) => {
    const dir = await mkdtemp(join(tmpdir(), 'upload-'));
    try {
      const file = join(dir, 'image.jpg');
      await writeFile(file, bytes);
      await media.putFile(key, file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    /** One upload of a learner at a time (a second meanwhile: 429 at once), the rate limit, then image.ts and the decoder. */
    async upload(userId: number, purpose: UploadPurpose, data: string) {
      if (busy.has(userId)) throw tooMany(UPLOAD_MSG.tooMany);
      busy.add(userId);
      try {
        const window = await limiter.hit(`upload:${userId}`, UPLOAD_LIMIT.windowMs);
        if (window.count > UPLOAD_LIMIT.count) throw tooMany(UPLOAD_MSG.tooMany);
        if (!BASE64.test(data)) throw badInput(UPLOAD_MSG.broken);
        const image = await reencode(Buffer.from(data, 'base64'), purpose, decoder);
        const key = `u/${userId}/${purpose}/${randomBytes(18).toString('base64url')}.jpg`;
        await put(key, image.bytes);
        await store.added(key, userId, purpose, new Date(clock()));
        log.info({ userId, purpose, bytes: image.bytes.length }, 'image uploaded');
        return { key, url: deps.urls().url(key), width: image.width, height: image.height };
      } finally {
        busy.delete(userId);
      }
    },
    /** Whether `key` names an upload of this learner for this purpose that is still stored. */
    async ownedBy(userId: number, key: string, purpose: UploadPurpose): Promise<boolean> {
      const p = parseUploadKey(key);
      if (!p || p.userId !== userId || p.purpose !== purpose) return false;
      return (await media.size(key)) !== null;
    },
    /** Marks the learner's uploads kept: a profile or a feedback now points to them, so the sweep leaves them. */
    async keep(userId: number, keys: readonly string[]): Promise<void> {
      await store.kept(userId, keys, new Date(clock()));
    },
    /** Deletes an upload's file and row (nothing when there is none; a string that is not an upload key is ignored). */
    async remove(key: string): Promise<void> {
      if (!parseUploadKey(key)) return;
      await media.removePrefix(key);
      await store.removed(key);
    },
    /**
     * The orphan sweep (docs/uploads.md): uploads never kept within UPLOAD_KEEP_MS lose their row (claimed in one
     * statement) and then their file. A file that fails to go is logged and left; its row is gone, so it is not retried.
     */
    async sweep(): Promise<number> {
      const keys = await store.claimOrphans(new Date(clock() - UPLOAD_KEEP_MS), SWEEP_BATCH);
      for (const key of keys) await media.removePrefix(key).catch((err: unknown) => log.warn({ err }, 'orphan upload file not deleted'));
      if (keys.length > 0) log.info({ count: keys.length }, 'orphan uploads deleted');
      return keys.length;
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;

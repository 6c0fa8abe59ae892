import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUploadKey, UPLOAD_MSG, type UploadPurpose } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badInput, tooMany } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { MediaStore } from '../video/index.ts';
import { reencode } from './image.ts';
import type { UploadUrls } from './urls.ts';

/** A learner may upload this many images per window (avatars and screenshots together). */
export const UPLOAD_LIMIT = { count: 20, windowMs: 10 * 60_000 } as const;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Uploads (docs/uploads.md): check, re-encode, store under a key naming the owner and purpose; look up and delete. */
export function createUploadService(deps: { media: MediaStore; limiter: RateLimiter; urls: () => UploadUrls; log: FastifyBaseLogger }) {
  const { media, limiter, log } = deps;

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
    async upload(userId: number, purpose: UploadPurpose, data: string) {
      const window = await limiter.hit(`upload:${userId}`, UPLOAD_LIMIT.windowMs);
      if (window.count > UPLOAD_LIMIT.count) throw tooMany(UPLOAD_MSG.tooMany);
      if (!BASE64.test(data)) throw badInput(UPLOAD_MSG.broken);
      const image = await reencode(Buffer.from(data, 'base64'), purpose);
      const key = `u/${userId}/${purpose}/${randomBytes(18).toString('base64url')}.jpg`;
      await put(key, image.bytes);
      log.info({ userId, purpose, bytes: image.bytes.length }, 'image uploaded');
      return { key, url: deps.urls().url(key), width: image.width, height: image.height };
    },
    /** Whether `key` names an upload of this learner for this purpose that is still stored. */
    async ownedBy(userId: number, key: string, purpose: UploadPurpose): Promise<boolean> {
      const p = parseUploadKey(key);
      if (!p || p.userId !== userId || p.purpose !== purpose) return false;
      return (await media.size(key)) !== null;
    },
    /** Deletes an upload's file (nothing when there is none; a string that is not an upload key is ignored). */
    async remove(key: string): Promise<void> {
      if (!parseUploadKey(key)) return;
      await media.removePrefix(key);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;

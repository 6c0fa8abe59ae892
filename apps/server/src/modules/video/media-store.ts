import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where lesson media live (docs/video.md, "Media pipeline and store"): keys like `1001/lesson-key/v2/720p/seg-00001.ts`.
 * A folder by default (MEDIA_DIR); an S3-compatible bucket when configured (s3-store.ts).
 */
export interface MediaStore {
  putFile(key: string, path: string): Promise<void>;
  /** Size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The file's bytes (a range: both ends included). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  removePrefix(prefix: string): Promise<void>;
}

/** Keys are relative paths of letters, digits and - _ . / only, never climbing out of the store. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.\-/]*$/;
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((p) => p === '..' || p === '')) throw new Error(`bad media key ${JSON.stringify(key)}`);
  return key;
}

export function localMediaStore(root: string): MediaStore {
  const path = (key: string) => {
    const p = normalize(join(root, checkKey(key)));
    if (!p.startsWith(normalize(root) + sep)) throw new Error('media key outside the store');
    return p;
  };
  return {
    async putFile(key, from) {
      const to = path(key);
      await mkdir(dirname(to), { recursive: true });
      await copyFile(from, to);
    },
    async size(key) {
      try {
        const s = await stat(path(key));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
    read: async (key, range) => createReadStream(path(key), range),
    async removePrefix(prefix) {
      await rm(path(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
    },
  };
}

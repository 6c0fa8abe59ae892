import type { UploadPurpose } from '@kaoshi/contract';
import { HOUR, serverModule, type Platform } from '../../platform/module.ts';
import { mediaStoreOf } from '../video/index.ts';
import { createDecoder, DECODER_DEFAULTS } from './decoder.ts';
import { uploadRoutes } from './routes.ts';
import { installUploadServing } from './serve.ts';
import { createUploadService } from './service.ts';
import { createUploadStore } from './store.ts';
import { uploadUrls, type UploadUrls } from './urls.ts';

/** Whether `key` is a stored upload of this learner for this purpose (check every key a learner hands in). */
export type UploadOwnedBy = (userId: number, key: string, purpose: UploadPurpose) => Promise<boolean>;
/** Where an upload is served: avatars public, feedback screenshots as an expiring signed URL ('' for a non-key). */
export type UploadUrl = (key: string) => string;
/** Deletes an upload's file (an old avatar, an erased account's images). */
export type DeleteUpload = (key: string) => Promise<void>;
/** Marks uploads kept once a profile or a feedback points to them (else the orphan sweep deletes them after a day). */
export type KeepUploads = (userId: number, keys: readonly string[]) => Promise<void>;
/** What the upload module gives other modules. */
export interface Uploads {
  uploadOwnedBy: UploadOwnedBy;
  uploadUrl: UploadUrl;
  deleteUpload: DeleteUpload;
  keepUploads: KeepUploads;
}

export { AVATAR_SIDE, MAX_INPUT_PIXELS, SCREENSHOT_SIDE, sniffFormat } from './image.ts';
export { UPLOAD_KEEP_MS, UPLOAD_LIMIT } from './service.ts';

/**
 * Image uploads (docs/uploads.md): upload.image, the serving route GET /media/u/…, and `uploads` (uploadOwnedBy,
 * uploadUrl, deleteUpload, keepUploads) for the modules that keep upload keys (profile, feedback, discussions, account
 * deletion), and the hourly sweep of orphans (uploads nothing took within a day).
 * The images live in the media store (MEDIA_DIR, or the S3 bucket when configured) beside lesson media.
 */
export function createUploadModule(p: Platform) {
  const media = mediaStoreOf(p.config);
  const store = createUploadStore(p.db);
  let urls: UploadUrls | undefined;
  // The signing key is read from the database when the app installs its routes, before it serves a request.
  const ready = () => {
    if (!urls) throw new Error('upload URLs used before the upload module was installed');
    return urls;
  };
  const log = p.log.child({ module: 'upload' });
  // Images are decoded in a child process, one at a time (decoder.ts; docs/uploads.md, "Decoding apart").
  const decoder = createDecoder({ ...DECODER_DEFAULTS, log });
  const service = createUploadService({ media, store, limiter: p.limiter, clock: p.clock, urls: ready, log, decoder });
  const uploads: Uploads = {
    uploadOwnedBy: (userId, key, purpose) => service.ownedBy(userId, key, purpose),
    uploadUrl: (key) => ready().url(key),
    deleteUpload: (key) => service.remove(key),
    keepUploads: (userId, keys) => service.keep(userId, keys),
  };
  return serverModule({
    name: 'upload',
    handlers: uploadRoutes(service),
    jobs: [{ name: 'orphan uploads', everyMs: HOUR, run: service.sweep }],
    async install(app) {
      urls = uploadUrls(await store.urlKey(new Date(p.clock())), () => p.clock());
      installUploadServing(app, { media, urls: ready });
      app.addHook('onClose', async () => decoder.close());
    },
    uploads,
    /** One run of the orphan sweep (tests call it with a moved clock). */
    sweep: service.sweep,
  });
}

import type { UploadPurpose } from '@kaoshi/contract';
import { serverModule, type Platform } from '../../platform/module.ts';
import { mediaStoreOf } from '../video/index.ts';
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
/** What the upload module gives other modules. */
export interface Uploads {
  uploadOwnedBy: UploadOwnedBy;
  uploadUrl: UploadUrl;
  deleteUpload: DeleteUpload;
}

export { AVATAR_SIDE, SCREENSHOT_SIDE, sniffFormat } from './image.ts';
export { UPLOAD_LIMIT } from './service.ts';

/**
 * Image uploads (docs/uploads.md): upload.image, the serving route GET /media/u/…, and `uploads` (uploadOwnedBy,
 * uploadUrl, deleteUpload) for the modules that keep upload keys (profile, feedback, discussions, account deletion).
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
  const service = createUploadService({ media, limiter: p.limiter, urls: ready, log: p.log.child({ module: 'upload' }) });
  const uploads: Uploads = {
    uploadOwnedBy: (userId, key, purpose) => service.ownedBy(userId, key, purpose),
    uploadUrl: (key) => ready().url(key),
    deleteUpload: (key) => service.remove(key),
  };
  return serverModule({
    name: 'upload',
    handlers: uploadRoutes(service),
    async install(app) {
      urls = uploadUrls(await store.urlKey(new Date(p.clock())), () => p.clock());
      installUploadServing(app, { media, urls: ready });
    },
    uploads,
  });
}

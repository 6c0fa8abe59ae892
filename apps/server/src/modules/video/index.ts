import { resolve } from 'node:path';
import { serverModule, type Platform } from '../../platform/module.ts';
import { installDelivery } from './delivery.ts';
import { localMediaStore } from './media-store.ts';
import { playTokens, tokenKey, type PlayTokens } from './tokens.ts';

/**
 * Video lessons (docs/video.md). Built so far: the model, the media store, the import pipeline (ffmpeg) and
 * protected delivery of the media by play tokens. The calls that give tokens, the player and the screens come next.
 */
export function createVideoModule(p: Platform) {
  const store = localMediaStore(resolve(p.config.MEDIA_DIR));
  let tokens: PlayTokens | undefined;
  return serverModule({
    name: 'video',
    handlers: [],
    async install(app) {
      tokens = playTokens(await tokenKey(p.db, p.config.VIDEO_TOKEN_KEY, new Date(p.clock())));
      installDelivery(app, { db: p.db, store, tokens, clock: p.clock });
    },
    store,
    /** Play tokens (the lesson call gives them; tests mint them). Ready once the module is installed. */
    tokens: () => tokens!,
  });
}

export { importVideoCourse, videoManifest, type ImportedCourse, type VideoManifest } from './import.ts';
export { localMediaStore, type MediaStore } from './media-store.ts';
export { ffmpegAvailable, RENDITIONS, SEGMENT_SECONDS } from './transcode.ts';
export { TOKEN_TTL_MS, type PlayGrant, type PlayTokens } from './tokens.ts';

import { createMemo } from '../../platform/cache/memo.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import { installDelivery } from './delivery.ts';
import { mediaStoreOf } from './stores.ts';
import { videoNoteRoutes } from './notes.ts';
import { videoRoutes } from './routes.ts';
import { createVideoService } from './service.ts';
import { createVideoStore, type VideoTree } from './store.ts';
import { playTokens, tokenKey, type PlayTokens } from '../../platform/media-tokens.ts';

/** A subject's video tree is held this long at most (an import drops it at once: migration 0027 notifies 'bank'). */
export const VIDEO_TREE_CACHE_MS = 5 * 60_000;

/**
 * Video lessons (docs/video.md): the calls of calls/video.ts, the media store, the import pipeline (ffmpeg) and
 * protected delivery of the media by play tokens, which only the lesson call gives, after the entitlement decision.
 */
export function createVideoModule(p: Platform, deps: { entitlements: Pick<EntitlementService, 'decide'> }) {
  const store = mediaStoreOf(p.config);
  let tokens: PlayTokens | undefined;
  const data = createVideoStore(p.db);
  const trees = createMemo<number, VideoTree>(p.bus, { max: 2_000, ttlMs: VIDEO_TREE_CACHE_MS });
  p.bus.on('bank', () => trees.clear());
  const learners = createMemo<number, Map<number, number>>(p.bus, { max: 2_000, ttlMs: 60_000 });
  const service = createVideoService({
    store: data,
    tree: (appId) => trees.get(appId, () => data.tree(appId)),
    learners: (appId) => learners.get(appId, () => data.learnersPerCourse(appId)),
    entitlements: deps.entitlements,
    tokens: () => tokens!,
    limiter: p.limiter,
    clock: p.clock,
  });
  return serverModule({
    name: 'video',
    handlers: [...videoRoutes(service), ...videoNoteRoutes(p.db, p.clock)],
    items: [service.lessons, service.courses],
    async install(app) {
      tokens = playTokens(await tokenKey(p.db, p.config.VIDEO_TOKEN_KEY, new Date(p.clock())));
      installDelivery(app, { lessonMedia: data.lessonMedia, store, tokens, clock: p.clock });
    },
    store,
    /** Book or cancel an upcoming lesson (the live module routes POST /api/user/live/appoint here for lesson ids). */
    appoint: service.appoint,
    /** For knowledge points' pages: the lessons explaining a point. */
    lessonsForPoint: service.lessonsForPoint,
    /** Play tokens (the lesson call gives them; tests mint them). Ready once the module is installed. */
    tokens: () => tokens!,
  });
}

export { DEMO_VIDEO_SCRIPT, seedDemoVideo } from './demo.ts';
export { renderDemoCourse } from './demo-render.ts';
export { demoScript, type DemoScript } from './demo-script.ts';
export { demoTools, makeDemoSlides, type DemoTools } from './demo-slides.ts';
export { importVideoCourse, videoManifest, type ImportedCourse, type VideoManifest } from './import.ts';
export { localMediaStore, type MediaStore } from './media-store.ts';
export { sendBytes } from './delivery.ts';
export { eraseVideoOf } from './erase.ts';
export { mediaStoreOf } from './stores.ts';
export { s3MediaStore, type S3Settings } from './s3-store.ts';
export { ffmpegAvailable, RENDITIONS, SEGMENT_SECONDS } from './transcode.ts';
export { TOKEN_TTL_MS, type PlayGrant, type PlayTokens } from '../../platform/media-tokens.ts';
export { listVideoReports, resolveVideoReport } from './reports.ts';
export {
  lessonFacts,
  lessonProgressOf,
  searchableLessons,
  subjectLessonPoints,
  subjectLessons,
  teachersByIds,
  watchedSince,
  type SearchableLesson,
  type TeacherCard,
} from './readers.ts';

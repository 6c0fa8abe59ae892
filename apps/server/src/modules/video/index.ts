/**
 * Video lessons (docs/video.md). Built so far: the model, the media store and the import pipeline (ffmpeg). The
 * calls, protected delivery and the player come next; no route is registered yet.
 */
export { importVideoCourse, videoManifest, type ImportedCourse, type VideoManifest } from './import.ts';
export { localMediaStore, type MediaStore } from './media-store.ts';
export { ffmpegAvailable, RENDITIONS, SEGMENT_SECONDS } from './transcode.ts';

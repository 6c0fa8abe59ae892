import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { subjects, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { demoScript, demoTools, renderDemoCourse } from './demo-render.ts';
import { importVideoCourse } from './import.ts';
import type { MediaStore } from './media-store.ts';

/** The demo course of 护士执业资格 (1001): text only; the video is rendered from it here (docs/video.md, "Demo content"). */
export const DEMO_VIDEO_SCRIPT = fileURLToPath(new URL('../../../../../content/demo/video/1001/script.json', import.meta.url));

/**
 * Render and import the demo video lessons once: 'present' when the script's course already has lessons (no work),
 * 'skipped' when ffmpeg, espeak-ng or a CJK font is missing (one log line says which), else 'imported'.
 */
export async function seedDemoVideo(
  db: Database,
  store: MediaStore,
  now: Date,
  log: (line: string) => void,
  scriptPath: string = DEMO_VIDEO_SCRIPT,
): Promise<'imported' | 'present' | 'skipped'> {
  const script = demoScript.parse(JSON.parse(readFileSync(scriptPath, 'utf8')));
  const [lesson] = await db
    .select({ id: videoLessons.id })
    .from(videoLessons)
    .innerJoin(videoChapters, eq(videoLessons.chapterId, videoChapters.id))
    .innerJoin(videoCourses, eq(videoChapters.courseId, videoCourses.id))
    .where(eq(videoCourses.key, script.course.key))
    .limit(1);
  if (lesson) return 'present';
  const [subject] = await db.select({ appId: subjects.appId }).from(subjects).where(eq(subjects.appId, script.appId));
  if (!subject) {
    log(`demo video lessons are off: subject ${script.appId} is not in the database`);
    return 'skipped';
  }
  const tools = await demoTools();
  if ('missing' in tools) {
    log(`demo video lessons are off: ${tools.missing} is missing`);
    return 'skipped';
  }
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'demo-video-'));
  try {
    await renderDemoCourse(scriptPath, dir, tools);
    const done = await importVideoCourse(db, store, dir, now);
    log(`demo video: ${done.lessons.length} lessons of ${script.course.key} rendered and imported in ${Math.round((Date.now() - started) / 1000)} s`);
    return 'imported';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

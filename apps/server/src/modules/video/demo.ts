import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { subjects, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { renderDemoCourse } from './demo-render.ts';
import { checkDemoSlides, readDemoScript } from './demo-script.ts';
import { importVideoCourse } from './import.ts';
import type { MediaStore } from './media-store.ts';
import { ffmpegAvailable } from './transcode.ts';

/** The demo course of 护士执业资格 (1001): its text, with the slides and narration made from it beside it (docs/video.md, "Demo content"). */
export const DEMO_VIDEO_SCRIPT = fileURLToPath(new URL('../../../../../content/demo/video/1001/script.json', import.meta.url));

/** ffmpeg's priority below the server's while it renders and transcodes the demo lessons. */
const NICE = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Render and import the demo video lessons once, from the committed slides and narration with ffmpeg alone (one
 * ffmpeg at a time, niced): 'present' when the script's course already has lessons (no work), 'skipped' when
 * ffmpeg is missing or the committed slides are older than the script (one log line says which), else 'imported',
 * with one log line saying what was rendered and imported and how long each took.
 */
export async function seedDemoVideo(
  db: Database,
  store: MediaStore,
  now: Date,
  log: (line: string) => void,
  scriptPath: string = DEMO_VIDEO_SCRIPT,
): Promise<'imported' | 'present' | 'skipped'> {
  const script = readDemoScript(scriptPath);
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
  if (!(await ffmpegAvailable())) {
    log('demo video lessons are off: ffmpeg and ffprobe are missing (Debian package ffmpeg)');
    return 'skipped';
  }
  const checked = checkDemoSlides(scriptPath, script);
  if ('stale' in checked) {
    log(`demo video lessons are off: the committed slides and narration are older than the script (${checked.stale}); npm run demo-slides -w apps/server makes them again`);
    return 'skipped';
  }
  const dir = await mkdtemp(join(tmpdir(), 'demo-video-'));
  try {
    const started = Date.now();
    const rendered = await renderDemoCourse(scriptPath, dir, { nice: NICE });
    const imported = Date.now();
    await importVideoCourse(db, store, dir, now, { nice: NICE, fastAudio: true });
    const end = Date.now();
    log(
      `demo video: ${rendered.lessons} lesson${rendered.lessons === 1 ? '' : 's'} of ${script.course.key} rendered in ${seconds(imported - started)} and transcoded and imported in ${seconds(end - imported)} (${seconds(end - started)} in all)`,
    );
    return 'imported';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

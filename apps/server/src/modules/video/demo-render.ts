import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { videoManifest, type VideoManifest } from './import.ts';
import { checkDemoSlides, FPS, lessonTimeline, slidesDir, narrationFile, readDemoScript, slideSeconds, stillFile, type DemoLesson } from './demo-script.ts';
import { runTool } from './transcode.ts';

const TIMEOUT_MS = 10 * 60_000;

export interface RenderOptions {
  /** Lower ffmpeg's priority by this much (see RunOptions.nice). */
  nice?: number;
}

/**
 * One lesson to `outFile` (Matroska: H.264 stills at FPS, the narration as PCM, so that the import's transcode
 * is the only lossy audio step): each still decoded once and repeated for its slide's frames, each narration
 * padded to its slide's length, both concatenated, in one ffmpeg. Needs ffmpeg alone.
 */
async function renderLesson(slides: string, lesson: DemoLesson, seconds: number[], outFile: string, options: RenderOptions) {
  const n = lesson.slides.length;
  const all = lesson.slides.map((_, i) => i);
  const graph = [
    ...all.map((i) => `[${i}:v]format=yuv420p,tpad=stop_mode=clone:stop=${Math.round(seconds[i]! * FPS) - 1}[v${i}]`),
    ...all.map((i) => `[${n + i}:a]aresample=48000,apad=whole_dur=${seconds[i]!.toFixed(2)}[a${i}]`),
    `${all.map((i) => `[v${i}]`).join('')}concat=n=${n}:v=1:a=0[v]`,
    `${all.map((i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1[a]`,
  ].join(';');
  const args = [
    ...['-y', '-v', 'error'],
    ...all.flatMap((i) => ['-framerate', String(FPS), '-i', stillFile(lesson.key, i)]),
    ...all.flatMap((i) => ['-i', narrationFile(lesson.key, i)]),
    ...['-filter_complex', graph, '-map', '[v]', '-map', '[a]'],
    // The stills change only at slide starts, so the cheapest preset loses nothing.
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-r', String(FPS), '-c:a', 'pcm_s16le', '-ac', '1', outFile],
  ];
  await runTool('ffmpeg', args, { cwd: slides, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, nice: options.nice });
}

/**
 * Render the demo course of a script from its committed slides (demo-script.ts, `slides/`): every lesson to
 * `<outDir>/<lessonKey>.mkv` (1280×720 slides with their narration) and `<outDir>/lessons.json` for
 * importVideoCourse. Throws, saying what, when the slides are older than the script.
 */
export async function renderDemoCourse(scriptPath: string, outDir: string, options: RenderOptions = {}): Promise<{ lessons: number }> {
  const script = readDemoScript(scriptPath);
  const checked = checkDemoSlides(scriptPath, script);
  if ('stale' in checked) throw new Error(`the demo slides are older than the script (${checked.stale}): run npm run demo-slides -w apps/server`);
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const chapters: VideoManifest['chapters'] = [];
  for (const chapter of script.chapters) {
    const lessons: VideoManifest['chapters'][number]['lessons'] = [];
    for (const lesson of chapter.lessons) {
      const seconds = checked.index.slides[lesson.key]!.map((s) => slideSeconds(s.seconds));
      const file = `${lesson.key}.mkv`;
      await renderLesson(slidesDir(scriptPath), lesson, seconds, join(out, file), options);
      const { key, title, teacher, free, previewSeconds, publishInDays } = lesson;
      lessons.push({ key, title, file, teacher, free, previewSeconds, publishInDays, ...lessonTimeline(lesson, seconds) });
    }
    chapters.push({ title: chapter.title, lessons });
  }
  const manifest = videoManifest.parse({ appId: script.appId, teachers: script.teachers, course: script.course, chapters });
  await writeFile(join(out, 'lessons.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { lessons: chapters.reduce((a, c) => a + c.lessons.length, 0) };
}

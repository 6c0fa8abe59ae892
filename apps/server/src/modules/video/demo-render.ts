import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { videoManifest, type VideoManifest } from './import.ts';
import { ffmpegAvailable, probe } from './transcode.ts';

const run = promisify(execFile);

const key = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'keys are lower-case letters, digits and -');
/** Text of at most `max` characters (code points: 36.0–37.0℃ counts 11). */
const chars = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((s) => [...s].length <= max, `at most ${max} characters`);

/**
 * content/demo/video/<appID>/script.json: the text the demo lessons are rendered from (docs/video.md, "Demo
 * content"). Each slide is drawn as a still and read aloud; its points are the knowledge-point codes it explains.
 */
export const demoScript = z.object({
  appId: z.number().int().positive(),
  /** Words the synthesiser misreads, with what to say instead (homophones); the narration itself stays right. */
  pronounce: z.record(z.string().min(1), z.string().min(1)).default({}),
  teachers: z.array(z.object({ key, name: chars(20), title: z.string().max(40).default(''), introduction: z.string().max(2000).default('') })).min(1),
  course: z.object({ key, title: chars(30), introduction: z.string().max(2000).default(''), teacher: key.optional(), sort: z.number().int().default(0) }),
  chapters: z
    .array(
      z.object({
        title: chars(30),
        lessons: z
          .array(
            z.object({
              key,
              title: chars(30),
              teacher: key.optional(),
              free: z.boolean().default(false),
              previewSeconds: z.number().int().min(0).max(3600).default(30),
              publishInDays: z.number().int().min(0).max(365).default(0),
              slides: z
                .array(
                  z.object({
                    heading: chars(14),
                    lines: z.array(chars(20)).min(2).max(4),
                    narration: z.string().trim().min(1).max(400),
                    points: z.array(z.string().min(1).max(64)).default([]),
                  }),
                )
                .min(1)
                .max(8),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type DemoScript = z.infer<typeof demoScript>;

export interface DemoTools {
  /** espeak-ng's Mandarin voice. */
  voice: string;
  /** The CJK font fontconfig picks for Simplified Chinese: its file, its face in that file, its family. */
  font: { file: string; index: number; family: string };
}

const W = 1280;
const H = 720;
const FPS = 25;
/** Silence after each slide's narration. */
const PAD_S = 0.5;
/** espeak-ng words per minute. */
const SPEED = 165;
const TIMEOUT_MS = 10 * 60_000;

async function stdout(cmd: string, args: string[]): Promise<string | null> {
  try {
    return (await run(cmd, args, { timeout: 10_000 })).stdout;
  } catch {
    return null;
  }
}

/** The tools the renderer needs (ffmpeg, espeak-ng with a Mandarin voice, a CJK font), or what is missing. */
export async function demoTools(): Promise<DemoTools | { missing: string }> {
  if (!(await ffmpegAvailable())) return { missing: 'ffmpeg (Debian package ffmpeg)' };
  const voices = await stdout('espeak-ng', ['--voices=cmn']);
  if (voices === null) return { missing: 'espeak-ng (Debian package espeak-ng)' };
  // espeak-ng 1.51's `cmn` reads many characters as English pinyin with tone digits ("wen one");
  // `cmn-latn-pinyin` is the same Mandarin voice and reads them right.
  const listed = voices.split('\n').map((l) => l.trim().split(/\s+/)[1]?.toLowerCase());
  const voice = ['cmn-latn-pinyin', 'cmn'].find((v) => listed.includes(v));
  if (!voice) return { missing: "espeak-ng's Mandarin voice cmn (Debian package espeak-ng-data)" };
  const [file = '', index = '', family = ''] = ((await stdout('fc-match', ['-f', '%{file}\n%{index}\n%{family[0]}', 'Noto Sans CJK SC:lang=zh-cn'])) ?? '').split('\n');
  const zh = ((await stdout('fc-list', [':lang=zh-cn', '-f', '%{file}\n'])) ?? '').split('\n');
  if (!file || !zh.includes(file)) return { missing: 'a CJK font (Debian package fonts-noto-cjk)' };
  return { voice, font: { file, index: Number(index) || 0, family } };
}

const ffmpeg = (cwd: string, args: string[]) => run('ffmpeg', ['-y', '-v', 'error', ...args], { cwd, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });

/**
 * drawtext's font. A font file alone opens its first face, which in a collection (NotoSansCJK-Regular.ttc) is
 * the Japanese one (other shapes of 直, 骨, 令, a centred ：), so a later face is named for fontconfig instead.
 */
async function fontOption(font: DemoTools['font'], work: string): Promise<string> {
  if (font.index > 0 && /^[\w -]+$/.test(font.family)) return `font=${font.family}`;
  const name = `font${extname(font.file).replace(/[^.\w]/g, '')}`;
  await symlink(font.file, join(work, name));
  return `fontfile=${name}`;
}

interface SlideTexts {
  heading: string;
  page: string;
  lines: string[];
  course: string;
  lesson: string;
}

/** One slide: a title bar with the heading and page, the bullet lines, a footer with the course and lesson. */
function slideFilter(font: string, t: SlideTexts): string {
  const teal = '0x0F6E6E';
  // Text comes from files (relative to the work folder), never from the filter string: no escaping of Chinese,
  // colons or percent signs, and no %{…} expansion.
  const text = (file: string, size: number, color: string, x: string, y: number, extra = '') =>
    `drawtext=${font}:textfile=${file}:expansion=none:fontsize=${size}:fontcolor=${color}:x=${x}:y=${y}${extra}`;
  return [
    `drawbox=x=0:y=0:w=${W}:h=120:color=${teal}:t=fill`,
    text(t.heading, 54, 'white', '64', 30, ':borderw=1:bordercolor=white'),
    text(t.page, 28, '0xCDE8E8', 'w-tw-64', 46),
    ...t.lines.flatMap((file, i) => [`drawbox=x=96:y=${222 + i * 100}:w=14:h=14:color=${teal}:t=fill`, text(file, 46, '0x1F2937', '136', 200 + i * 100)]),
    `drawbox=x=0:y=${H - 64}:w=${W}:h=64:color=0xE3EBF0:t=fill`,
    text(t.course, 26, '0x475569', '64', H - 46),
    text(t.lesson, 26, '0x475569', 'w-tw-64', H - 46),
  ].join(',');
}

type Lesson = DemoScript['chapters'][number]['lessons'][number];

/** Render one lesson to `<outFile>`; answers each slide's length in seconds (narration, pad, whole frames). */
async function renderLesson(script: DemoScript, lesson: Lesson, tools: DemoTools, font: string, work: string, outFile: string): Promise<number[]> {
  const dir = lesson.key;
  await mkdir(join(work, dir));
  const put = async (name: string, text: string) => {
    await writeFile(join(work, dir, name), text);
    return `${dir}/${name}`;
  };
  const words = Object.keys(script.pronounce).sort((a, b) => b.length - a.length);
  const say = (text: string) => words.reduce((s, w) => s.replaceAll(w, script.pronounce[w]!), text);
  const course = await put('course.txt', script.course.title);
  const title = await put('lesson.txt', lesson.title);
  const seconds: number[] = [];
  for (const [i, slide] of lesson.slides.entries()) {
    const narration = await put(`n${i}.txt`, say(slide.narration));
    const wav = `${dir}/n${i}.wav`;
    await run('espeak-ng', ['-v', tools.voice, '-s', String(SPEED), '-b', '1', '-f', narration, '-w', wav], { cwd: work, timeout: 60_000 });
    const spoken = await probe(join(work, wav));
    if (!(spoken.durationS > 0)) throw new Error(`${lesson.key}: espeak-ng made no audio for slide ${i + 1}`);
    seconds.push(Math.ceil((spoken.durationS + PAD_S) * FPS) / FPS);
    const texts: SlideTexts = {
      heading: await put(`h${i}.txt`, slide.heading),
      page: await put(`p${i}.txt`, `${i + 1} / ${lesson.slides.length}`),
      lines: await Promise.all(slide.lines.map((l, j) => put(`l${i}-${j}.txt`, l))),
      course,
      lesson: title,
    };
    await ffmpeg(work, ['-f', 'lavfi', '-i', `color=c=0xF5F8FA:s=${W}x${H}`, '-frames:v', '1', '-vf', slideFilter(font, texts), `${dir}/s${i}.png`]);
  }

  // One encode: each still decoded once and repeated for its slide's frames, each narration padded to the same
  // length, both concatenated. The stills change only at slide starts, so the cheapest preset loses nothing.
  const n = lesson.slides.length;
  const all = lesson.slides.map((_, i) => i);
  const graph = [
    ...all.map((i) => `[${i}:v]format=yuv420p,fps=${FPS},tpad=stop_mode=clone:stop=${Math.round(seconds[i]! * FPS) - 1}[v${i}]`),
    ...all.map((i) => `[${n + i}:a]aresample=44100,apad=whole_dur=${seconds[i]!.toFixed(2)}[a${i}]`),
    `${all.map((i) => `[v${i}]`).join('')}concat=n=${n}:v=1:a=0[v]`,
    `${all.map((i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1[a]`,
  ].join(';');
  await ffmpeg(work, [
    ...all.flatMap((i) => ['-i', `${dir}/s${i}.png`]),
    ...all.flatMap((i) => ['-i', `${dir}/n${i}.wav`]),
    ...['-filter_complex', graph, '-map', '[v]', '-map', '[a]'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', '-r', String(FPS)],
    ...['-c:a', 'aac', '-b:a', '64k', '-ac', '1', '-movflags', '+faststart', outFile],
  ]);
  return seconds;
}

/** Markers at each slide's start and, per knowledge point, the stretch from its first slide's start to its last slide's end. */
export function lessonTimeline(lesson: Lesson, seconds: number[]): Pick<VideoManifest['chapters'][number]['lessons'][number], 'markers' | 'points'> {
  const total = seconds.reduce((a, s) => a + s, 0);
  const starts = seconds.map((_, i) => seconds.slice(0, i).reduce((a, s) => a + s, 0));
  const ranges = new Map<string, { point: string; from: number; to: number }>();
  lesson.slides.forEach((slide, i) => {
    const from = Math.floor(starts[i]!);
    const to = Math.min(Math.ceil(starts[i]! + seconds[i]!), Math.floor(total));
    for (const point of slide.points) {
      const r = ranges.get(point);
      ranges.set(point, r ? { point, from: Math.min(r.from, from), to: Math.max(r.to, to) } : { point, from, to });
    }
  });
  return { markers: lesson.slides.map((s, i) => ({ second: Math.floor(starts[i]!), title: s.heading })), points: [...ranges.values()] };
}

/**
 * Render the demo course of a script: every lesson to `<outDir>/<lessonKey>.mp4` (1280×720 stills drawn by ffmpeg
 * with the CJK font, narration by espeak-ng, H.264 + AAC), and `<outDir>/lessons.json` for importVideoCourse.
 */
export async function renderDemoCourse(scriptPath: string, outDir: string, tools?: DemoTools): Promise<void> {
  const script = demoScript.parse(JSON.parse(await readFile(scriptPath, 'utf8')));
  const found = tools ?? (await demoTools());
  if ('missing' in found) throw new Error(`cannot render demo video: ${found.missing} is missing`);
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'demo-render-'));
  try {
    const font = await fontOption(found.font, work);
    const chapters: VideoManifest['chapters'] = [];
    for (const chapter of script.chapters) {
      const lessons: VideoManifest['chapters'][number]['lessons'] = [];
      for (const lesson of chapter.lessons) {
        const file = `${lesson.key}.mp4`;
        const seconds = await renderLesson(script, lesson, found, font, work, join(out, file));
        const { key, title, teacher, free, previewSeconds, publishInDays } = lesson;
        lessons.push({ key, title, file, teacher, free, previewSeconds, publishInDays, ...lessonTimeline(lesson, seconds) });
      }
      chapters.push({ title: chapter.title, lessons });
    }
    const manifest = videoManifest.parse({ appId: script.appId, teachers: script.teachers, course: script.course, chapters });
    await writeFile(join(out, 'lessons.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  demoSlidesIndex,
  slidesDir,
  slidesIndexPath,
  narrationDigest,
  narrationFile,
  readDemoScript,
  spokenText,
  stillDigest,
  stillFile,
  VOICE,
  type DemoLesson,
  type DemoSlidesIndex,
  type DemoScript,
} from './demo-script.ts';
import { ffmpegAvailable, probe } from './transcode.ts';

/*
 * The developer's tool behind `npm run demo-slides -w apps/server` (docs/video.md, "Demo content"): it draws each
 * slide of content/demo/video/<appID>/script.json with the CJK font and reads its narration with espeak-ng, into
 * the small files committed beside the script. The server never runs it: at first start it renders the lessons
 * from those files with ffmpeg alone (demo-render.ts).
 */

const run = promisify(execFile);

export interface DemoTools {
  /** espeak-ng's Mandarin voice. */
  voice: string;
  /** The CJK font fontconfig picks for Simplified Chinese: its file, its face in that file, its family. */
  font: { file: string; index: number; family: string };
}

const W = 1280;
const H = 720;
/** The narration's Opus bit rate (mono speech; docs/video.md has the sizes measured). */
const OPUS_KBPS = 16;

async function stdout(cmd: string, args: string[]): Promise<string | null> {
  try {
    return (await run(cmd, args, { timeout: 10_000 })).stdout;
  } catch {
    return null;
  }
}

/** The tools the slides are made with (ffmpeg, espeak-ng with the Mandarin voice, a CJK font), or what is missing. */
export async function demoTools(): Promise<DemoTools | { missing: string }> {
  if (!(await ffmpegAvailable())) return { missing: 'ffmpeg (Debian package ffmpeg)' };
  const voices = await stdout('espeak-ng', ['--voices=cmn']);
  if (voices === null) return { missing: 'espeak-ng (Debian package espeak-ng)' };
  // espeak-ng 1.51's `cmn` reads many characters as English pinyin with tone digits ("wen one");
  // `cmn-latn-pinyin` is the same Mandarin voice and reads them right.
  const listed = voices.split('\n').map((l) => l.trim().split(/\s+/)[1]?.toLowerCase());
  if (!listed.includes(VOICE.name)) return { missing: `espeak-ng's Mandarin voice ${VOICE.name} (Debian package espeak-ng-data)` };
  const [file = '', index = '', family = ''] = ((await stdout('fc-match', ['-f', '%{file}\n%{index}\n%{family[0]}', 'Noto Sans CJK SC:lang=zh-cn'])) ?? '').split('\n');
  const zh = ((await stdout('fc-list', [':lang=zh-cn', '-f', '%{file}\n'])) ?? '').split('\n');
  if (!file || !zh.includes(file)) return { missing: 'a CJK font (Debian package fonts-noto-cjk)' };
  return { voice: VOICE.name, font: { file, index: Number(index) || 0, family } };
}

/** Same input, same bytes: no encoder tag, no random Ogg serial, so an unchanged slide leaves git quiet. */
const ffmpeg = (cwd: string, args: string[]) =>
  run('ffmpeg', ['-y', '-v', 'error', ...args.slice(0, -1), '-fflags', '+bitexact', '-map_metadata', '-1', ...args.slice(-1)], { cwd, timeout: 120_000 });

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
    'format=rgb24',
    `drawbox=x=0:y=0:w=${W}:h=120:color=${teal}:t=fill`,
    text(t.heading, 54, 'white', '64', 30, ':borderw=1:bordercolor=white'),
    text(t.page, 28, '0xCDE8E8', 'w-tw-64', 46),
    ...t.lines.flatMap((file, i) => [`drawbox=x=96:y=${222 + i * 100}:w=14:h=14:color=${teal}:t=fill`, text(file, 46, '0x1F2937', '136', 200 + i * 100)]),
    `drawbox=x=0:y=${H - 64}:w=${W}:h=64:color=0xE3EBF0:t=fill`,
    text(t.course, 26, '0x475569', '64', H - 46),
    text(t.lesson, 26, '0x475569', 'w-tw-64', H - 46),
  ].join(',');
}

/** Draw slide i of a lesson into `out` (lossless WebP), from text files in `work`. */
async function drawStill(script: DemoScript, lesson: DemoLesson, i: number, font: string, work: string, out: string) {
  const slide = lesson.slides[i]!;
  const put = async (name: string, text: string) => {
    await writeFile(join(work, name), text);
    return name;
  };
  const texts: SlideTexts = {
    heading: await put('heading.txt', slide.heading),
    page: await put('page.txt', `${i + 1} / ${lesson.slides.length}`),
    lines: await Promise.all(slide.lines.map((l, j) => put(`line${j}.txt`, l))),
    course: await put('course.txt', script.course.title),
    lesson: await put('lesson.txt', lesson.title),
  };
  await ffmpeg(work, [
    '-f',
    'lavfi',
    '-i',
    `color=c=0xF5F8FA:s=${W}x${H}`,
    '-frames:v',
    '1',
    '-vf',
    slideFilter(font, texts),
    '-c:v',
    'libwebp',
    '-lossless',
    '1',
    '-compression_level',
    '6',
    out,
  ]);
}

/** Read slide i's narration aloud into `out` (Opus, mono); answers its length in seconds. */
async function speak(script: DemoScript, text: string, tools: DemoTools, work: string, out: string): Promise<number> {
  await writeFile(join(work, 'narration.txt'), spokenText(script, text));
  await run('espeak-ng', ['-v', tools.voice, '-s', String(VOICE.speed), '-b', '1', '-f', 'narration.txt', '-w', 'narration.wav'], { cwd: work, timeout: 60_000 });
  await ffmpeg(work, ['-i', 'narration.wav', '-ac', '1', '-c:a', 'libopus', '-b:a', `${OPUS_KBPS}k`, '-application', 'voip', out]);
  const spoken = await probe(out);
  if (!(spoken.durationS > 0)) throw new Error(`espeak-ng made no audio for "${text.slice(0, 20)}…"`);
  return Math.round(spoken.durationS * 1000) / 1000;
}

/**
 * Make the committed slides of a script again where its text changed (or the files are missing): stills and
 * narration of every slide, and slides.json. Lessons no longer in the script lose their folder. Answers how many
 * stills and narrations were made.
 */
export async function makeDemoSlides(scriptPath: string, tools: DemoTools): Promise<{ stills: number; narrations: number }> {
  const script = readDemoScript(scriptPath);
  const root = slidesDir(scriptPath);
  const indexPath = slidesIndexPath(scriptPath);
  const old: DemoSlidesIndex = existsSync(indexPath) ? demoSlidesIndex.parse(JSON.parse(readFileSync(indexPath, 'utf8'))) : { slides: {} };
  const next: DemoSlidesIndex = { slides: {} };
  const made = { stills: 0, narrations: 0 };
  const work = await mkdtemp(join(tmpdir(), 'demo-slides-'));
  try {
    const font = await fontOption(tools.font, work);
    const lessons = script.chapters.flatMap((c) => c.lessons);
    for (const lesson of lessons) {
      await mkdir(join(root, lesson.key), { recursive: true });
      next.slides[lesson.key] = [];
      for (const [i, slide] of lesson.slides.entries()) {
        const was = old.slides[lesson.key]?.[i];
        const still = stillDigest(script, lesson, i);
        if (was?.still !== still || !existsSync(join(root, stillFile(lesson.key, i)))) {
          await drawStill(script, lesson, i, font, work, join(root, stillFile(lesson.key, i)));
          made.stills++;
        }
        const narration = narrationDigest(script, slide.narration, VOICE);
        let seconds = was?.seconds ?? 0;
        if (was?.narration !== narration || !existsSync(join(root, narrationFile(lesson.key, i)))) {
          seconds = await speak(script, slide.narration, tools, work, join(root, narrationFile(lesson.key, i)));
          made.narrations++;
        }
        next.slides[lesson.key]!.push({ still, narration, seconds });
      }
      // A slide dropped from the end of a lesson: its files go.
      const keep = new Set(lesson.slides.flatMap((_, i) => [stillFile(lesson.key, i), narrationFile(lesson.key, i)]));
      for (const f of await readdir(join(root, lesson.key))) if (!keep.has(`${lesson.key}/${f}`)) await rm(join(root, lesson.key, f));
    }
    const keys = new Set(lessons.map((l) => l.key));
    for (const d of await readdir(root)) if (!keys.has(d)) await rm(join(root, d), { recursive: true, force: true });
    await writeFile(indexPath, `${JSON.stringify(next, null, 2)}\n`);
    return made;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

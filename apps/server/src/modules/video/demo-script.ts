import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { VideoManifest } from './import.ts';

const key = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'keys are lower-case letters, digits and -');
/** Text of at most `max` characters (code points: 36.0–37.0℃ counts 11). */
const chars = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((s) => [...s].length <= max, `at most ${max} characters`);

/**
 * content/demo/video/<appID>/script.json: the text the demo lessons are made from (docs/video.md, "Demo
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
export type DemoLesson = DemoScript['chapters'][number]['lessons'][number];

export const readDemoScript = (path: string): DemoScript => demoScript.parse(JSON.parse(readFileSync(path, 'utf8')));

/** Silence after each slide's narration. */
export const PAD_S = 0.5;
/** The rendered lessons' frame rate: slides are stills, so five frames a second show them as well as 25 do, for a fifth of the encoding. */
export const FPS = 5;

/**
 * The committed slides the lessons are rendered from at first start, beside the script (docs/video.md, "Demo
 * content"): `slides/<lessonKey>/<n>.webp` (the drawn slide, lossless) and `slides/<lessonKey>/<n>.opus` (its
 * narration, mono), n from 1, listed in `slides.json` with a digest of what each was made from and the narration's
 * length. `npm run demo-slides -w apps/server` (espeak-ng and the CJK font) makes them again.
 */
export const demoSlidesIndex = z.object({
  slides: z.record(z.string(), z.array(z.object({ still: z.string(), narration: z.string(), seconds: z.number().positive() }))),
});
export type DemoSlidesIndex = z.infer<typeof demoSlidesIndex>;

export const slidesDir = (scriptPath: string) => join(dirname(scriptPath), 'slides');
export const slidesIndexPath = (scriptPath: string) => join(dirname(scriptPath), 'slides.json');
export const stillFile = (lesson: string, i: number) => `${lesson}/${i + 1}.webp`;
export const narrationFile = (lesson: string, i: number) => `${lesson}/${i + 1}.opus`;

const digest = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

/** What a slide's still shows: its heading, page, lines, the course and lesson titles. */
export function stillDigest(script: DemoScript, lesson: DemoLesson, i: number): string {
  const slide = lesson.slides[i]!;
  return digest([slide.heading, `${i + 1} / ${lesson.slides.length}`, slide.lines, script.course.title, lesson.title]);
}

/** What a slide's narration says: the narration with the `pronounce` swaps, and the voice's settings. */
export function spokenText(script: DemoScript, text: string): string {
  const words = Object.keys(script.pronounce).sort((a, b) => b.length - a.length);
  return words.reduce((s, w) => s.replaceAll(w, script.pronounce[w]!), text);
}
export const narrationDigest = (script: DemoScript, text: string, voice: { name: string; speed: number }) => digest([spokenText(script, text), voice.name, voice.speed]);

/** The voice the committed narration is read in (espeak-ng's Mandarin, words per minute). */
export const VOICE = { name: 'cmn-latn-pinyin', speed: 165 } as const;

/**
 * The committed slides of a script's lessons, checked against the script: each slide's still and narration must
 * exist and have been made from the slide's current text. Answers the index, or what is out of date.
 */
export function checkDemoSlides(scriptPath: string, script: DemoScript): { index: DemoSlidesIndex } | { stale: string } {
  const path = slidesIndexPath(scriptPath);
  if (!existsSync(path)) return { stale: 'slides.json is missing' };
  const index = demoSlidesIndex.parse(JSON.parse(readFileSync(path, 'utf8')));
  for (const lesson of script.chapters.flatMap((c) => c.lessons)) {
    const made = index.slides[lesson.key];
    if (!made || made.length !== lesson.slides.length) return { stale: `the slides of ${lesson.key}` };
    for (const [i, slide] of lesson.slides.entries()) {
      if (made[i]!.still !== stillDigest(script, lesson, i)) return { stale: `the still of ${lesson.key} slide ${i + 1}` };
      if (made[i]!.narration !== narrationDigest(script, slide.narration, VOICE)) return { stale: `the narration of ${lesson.key} slide ${i + 1}` };
      for (const f of [stillFile(lesson.key, i), narrationFile(lesson.key, i)]) if (!existsSync(join(slidesDir(scriptPath), f))) return { stale: `${f} is missing` };
    }
  }
  return { index };
}

/** A slide's length in the lesson: its narration, the pause, in whole frames. */
export const slideSeconds = (narrationS: number) => Math.ceil((narrationS + PAD_S) * FPS) / FPS;

/** Markers at each slide's start and, per knowledge point, the stretch from its first slide's start to its last slide's end. */
export function lessonTimeline(lesson: DemoLesson, seconds: number[]): Pick<VideoManifest['chapters'][number]['lessons'][number], 'markers' | 'points'> {
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

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCalls as v } from '@kaoshi/contract';
import { lessonMarkers, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers.ts';
import { checkDemoSlides, lessonTimeline, slidesDir, slidesIndexPath, readDemoScript, slideSeconds, type DemoScript } from './demo-script.ts';
import { DEMO_VIDEO_SCRIPT, seedDemoVideo } from './demo.ts';
import { localMediaStore } from './media-store.ts';
import { ffmpegAvailable } from './transcode.ts';

// Only ffmpeg (Debian package) is needed to render the demo lessons at first start; without it they are off.
const ffmpeg = await ffmpegAvailable();
const script = readDemoScript(DEMO_VIDEO_SCRIPT);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'demo-video-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the script (changed by `edit`) in a folder of its own, beside the committed slides it is rendered from. */
function scriptCopy(name: string, edit: (s: DemoScript) => DemoScript): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  symlinkSync(slidesDir(DEMO_VIDEO_SCRIPT), join(folder, 'slides'));
  copyFileSync(slidesIndexPath(DEMO_VIDEO_SCRIPT), join(folder, 'slides.json'));
  writeFileSync(join(folder, 'script.json'), JSON.stringify(edit(structuredClone(script))));
  return join(folder, 'script.json');
}

describe('the timeline of a demo lesson', () => {
  it('marks each slide at its start and merges a point over the slides that explain it', () => {
    const first = script.chapters[0]!.lessons[0]!;
    const lesson = { ...first, slides: first.slides.slice(0, 3).map((s) => ({ ...s })) };
    lesson.slides[0]!.points = ['a-tiwen-zhengchang'];
    lesson.slides[1]!.points = ['a-tiwen-zhengchang', 'a-buji'];
    lesson.slides[2]!.points = ['a-rexing', 'a-tiwen-zhengchang'];
    expect(lessonTimeline(lesson, [10.4, 12.36, 8.12])).toEqual({
      markers: lesson.slides.map((s, i) => ({ second: [0, 10, 22][i], title: s.heading })),
      points: [
        { point: 'a-tiwen-zhengchang', from: 0, to: 30 },
        { point: 'a-buji', from: 10, to: 23 },
        { point: 'a-rexing', from: 22, to: 30 },
      ],
    });
    // A slide lasts its narration and half a second, in whole frames (five a second).
    expect([slideSeconds(10), slideSeconds(10.01), slideSeconds(10.2)]).toEqual([10.6, 10.6, 10.8]);
  });

  it('keeps the real script within its limits: 7 lessons of 3–5 slides, known point codes', () => {
    const lessons = script.chapters.flatMap((c) => c.lessons);
    expect(lessons).toHaveLength(7);
    expect(lessons.map((l) => l.free)).toEqual([true, true, false, false, false, false, false]);
    expect(lessons.filter((l) => l.publishInDays > 0).map((l) => [l.key, l.publishInDays])).toEqual([['hushi-xinshuai', 3]]);
    for (const l of lessons) expect(l.slides.length).toBeGreaterThanOrEqual(3);
    for (const l of lessons) expect(l.slides.length).toBeLessThanOrEqual(5);
    const bank = ['part-a', 'part-b'].flatMap(
      (f) => (JSON.parse(readFileSync(join(DEMO_VIDEO_SCRIPT, `../../../questions/1001/${f}.json`), 'utf8')) as { knowledgePoints: { code: string }[] }).knowledgePoints,
    );
    const codes = new Set(bank.map((k) => k.code));
    expect(lessons.flatMap((l) => l.slides.flatMap((s) => s.points)).filter((p) => !codes.has(p))).toEqual([]);
  });
});

describe('the committed slides and narration', () => {
  it('are made from the script as it is now, every slide a still and a narration of 60–100 s a lesson, under 2.5 MB in all', () => {
    const checked = checkDemoSlides(DEMO_VIDEO_SCRIPT, script);
    expect(checked).not.toHaveProperty('stale');
    if (!('index' in checked)) return;
    for (const l of script.chapters.flatMap((c) => c.lessons)) {
      const total = checked.index.slides[l.key]!.reduce((a, s) => a + slideSeconds(s.seconds), 0);
      expect(total).toBeGreaterThanOrEqual(60);
      expect(total).toBeLessThanOrEqual(100);
    }
    const size = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((a, f) => a + size(join(p, f)), 0) : statSync(p).size);
    const files = readdirSync(slidesDir(DEMO_VIDEO_SCRIPT), { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('.'));
    expect(files).toHaveLength(2 * script.chapters.flatMap((c) => c.lessons).reduce((a, l) => a + l.slides.length, 0));
    expect(size(slidesDir(DEMO_VIDEO_SCRIPT))).toBeLessThan(2.5 * 1024 * 1024);
  });

  it('are found older than a script whose narration, slide text or slide count changed', () => {
    const said = scriptCopy('said', (s) => ((s.chapters[1]!.lessons[0]!.slides[2]!.narration += '再说一遍。'), s));
    expect(checkDemoSlides(said, readDemoScript(said))).toEqual({ stale: 'the narration of hushi-qingmeisu slide 3' });
    const shown = scriptCopy('shown', (s) => ((s.course.title = '护士执业资格 · 新课'), s));
    expect(checkDemoSlides(shown, readDemoScript(shown))).toEqual({ stale: 'the still of hushi-tiwen slide 1' });
    const fewer = scriptCopy('fewer', (s) => (s.chapters[0]!.lessons[1]!.slides.pop(), s));
    expect(checkDemoSlides(fewer, readDemoScript(fewer))).toEqual({ stale: 'the slides of hushi-xueya' });
  });
});

describe.skipIf(!ffmpeg)('seeding the demo video lessons (ffmpeg alone)', { timeout: 300_000 }, () => {
  let t: TestApp;
  const media = () => join(dir, 'media');
  beforeAll(async () => {
    mkdirSync(join(dir, 'media'), { recursive: true });
    t = await createTestApp({ config: { MEDIA_DIR: join(dir, 'media') } as never });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Run with PATH holding only `tools` (linked from where they are now): no espeak-ng, no fc-match. */
  async function withPath<T>(tools: string[], f: () => Promise<T>): Promise<T> {
    const bin = mkdtempSync(join(dir, 'bin-'));
    for (const tool of tools) symlinkSync(execFileSync('which', [tool]).toString().trim(), join(bin, tool));
    const path = process.env.PATH;
    process.env.PATH = bin;
    try {
      return await f();
    } finally {
      process.env.PATH = path;
    }
  }

  it('says once that they are off when ffmpeg is missing', async () => {
    const log: string[] = [];
    expect(await withPath([], () => seedDemoVideo(t.db, localMediaStore(media()), new Date(t.clock.now), (l) => log.push(l)))).toBe('skipped');
    expect(log).toEqual(['demo video lessons are off: ffmpeg and ffprobe are missing (Debian package ffmpeg)']);
  });

  it('says once that they are off when the committed slides are older than the script, naming the command that remakes them', async () => {
    const said = scriptCopy('stale', (s) => ((s.chapters[0]!.lessons[0]!.slides[0]!.narration = '新的讲解。'), s));
    const log: string[] = [];
    expect(await seedDemoVideo(t.db, localMediaStore(media()), new Date(t.clock.now), (l) => log.push(l), said)).toBe('skipped');
    expect(log).toEqual([
      'demo video lessons are off: the committed slides and narration are older than the script (the narration of hushi-tiwen slide 1); npm run demo-slides -w apps/server makes them again',
    ]);
  });

  // The shortest lesson published at once, alone in a copy of the script: the others take the same path.
  it('without espeak-ng renders a lesson from the committed slides, imports it, says so in one line, and a member plays it', async () => {
    const lessons = script.chapters.flatMap((c) => c.lessons).filter((l) => l.publishInDays === 0);
    const index = JSON.parse(readFileSync(slidesIndexPath(DEMO_VIDEO_SCRIPT), 'utf8')) as { slides: Record<string, { seconds: number }[]> };
    const length = (key: string) => index.slides[key]!.reduce((a, s) => a + slideSeconds(s.seconds), 0);
    const shortest = lessons.reduce((a, l) => (length(l.key) < length(a.key) ? l : a));
    const one = scriptCopy('one', (s) => ({
      ...s,
      chapters: s.chapters.filter((c) => c.lessons.some((l) => l.key === shortest.key)).map((c) => ({ ...c, lessons: [shortest] })),
    }));
    const log: string[] = [];
    const seeded = await withPath(['ffmpeg', 'ffprobe'], () => seedDemoVideo(t.db, localMediaStore(media()), new Date(t.clock.now), (l) => log.push(l), one));
    expect(seeded).toBe('imported');
    expect(log).toEqual([expect.stringMatching(/^demo video: 1 lesson of hushi-jingjiang rendered in \d+\.\d s and transcoded and imported in \d+\.\d s \(\d+\.\d s in all\)$/)]);

    const [row] = await t.db
      .select({ id: videoLessons.id, key: videoLessons.key, durationS: videoLessons.durationS })
      .from(videoLessons)
      .innerJoin(videoChapters, eq(videoLessons.chapterId, videoChapters.id))
      .innerJoin(videoCourses, eq(videoChapters.courseId, videoCourses.id))
      .where(eq(videoCourses.key, 'hushi-jingjiang'));
    expect(row).toMatchObject({ key: shortest.key, durationS: Math.round(length(shortest.key)) });
    expect((await t.db.select().from(lessonMarkers).where(eq(lessonMarkers.lessonId, row!.id))).map((m) => m.title)).toEqual(shortest.slides.map((s) => s.heading));

    // Playable: the member holding 至尊班 gets the lesson whole; its playlists and a segment are served.
    t.forgetCaches();
    const guid = await t.login(DEMO.owner, DEMO.password);
    const lesson = await t.call(v.videoLesson, { guid, lessonID: row!.id });
    expect([lesson.status, lesson.data.access.mode]).toEqual([200, 'full']);
    const master = await t.app.inject({ url: lesson.data.play.url });
    expect([master.statusCode, master.body]).toEqual([200, expect.stringContaining('720p/index.m3u8')]);
    const list = await t.app.inject({ url: lesson.data.play.url.replace('master.m3u8', '360p/index.m3u8') });
    const segments = list.body.match(/^seg-\d{5}\.ts$/gm) ?? [];
    expect(segments.length).toBeGreaterThanOrEqual(Math.floor(length(shortest.key) / 4));
    const segment = await t.app.inject({ url: lesson.data.play.url.replace('master.m3u8', `360p/${segments[0]}`) });
    expect([segment.statusCode, segment.rawPayload[0]]).toEqual([200, 0x47]); // an MPEG-TS packet's sync byte

    // Nothing is written beside the script: the media are in MEDIA_DIR.
    expect(readdirSync(join(media(), '1001'))).toEqual([shortest.key]);
    expect(readdirSync(dirname(one)).sort()).toEqual(['script.json', 'slides', 'slides.json']);

    expect(await seedDemoVideo(t.db, localMediaStore(media()), new Date(t.clock.now), (l) => log.push(l), one)).toBe('present');
    expect(log).toHaveLength(1);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonMarkers, lessonPoints, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { demoScript, demoTools, lessonTimeline, renderDemoCourse, type DemoScript } from './demo-render.ts';
import { DEMO_VIDEO_SCRIPT, seedDemoVideo } from './demo.ts';
import { videoManifest } from './import.ts';
import { localMediaStore } from './media-store.ts';

// ffmpeg, espeak-ng and a CJK font are Debian packages (.ci/run installs them); without them the demo lessons are off.
const tools = await demoTools();
const ready = !('missing' in tools);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'demo-video-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tiny: DemoScript = demoScript.parse({
  appId: 1001,
  teachers: [{ key: 'teacher-test', name: '测试老师' }],
  course: { key: 'demo-test', title: '测试课程', teacher: 'teacher-test' },
  chapters: [
    {
      title: '测试章',
      lessons: [
        {
          key: 'demo-one',
          title: '一节测试课',
          free: true,
          slides: [
            { heading: '第一页', lines: ['腋温 36.0–37.0℃', '浓度≤0.3%：%{pts}'], narration: '这是第一页。', points: ['a-tiwen-zhengchang'] },
            { heading: '第二页', lines: ['见尿补钾', '严禁静脉推注'], narration: '这是第二页的讲解，稍微长一点。', points: ['a-tiwen-zhengchang', 'a-buji'] },
          ],
        },
      ],
    },
  ],
});

describe('the timeline of a demo lesson', () => {
  it('marks each slide at its start and merges a point over the slides that explain it', () => {
    const lesson = { ...tiny.chapters[0]!.lessons[0]!, slides: [...tiny.chapters[0]!.lessons[0]!.slides, { ...tiny.chapters[0]!.lessons[0]!.slides[0]!, heading: '第三页' }] };
    lesson.slides[2]!.points = ['a-rexing', 'a-tiwen-zhengchang'];
    expect(lessonTimeline(lesson, [10.4, 12.36, 8.12])).toEqual({
      markers: [
        { second: 0, title: '第一页' },
        { second: 10, title: '第二页' },
        { second: 22, title: '第三页' },
      ],
      points: [
        { point: 'a-tiwen-zhengchang', from: 0, to: 30 },
        { point: 'a-buji', from: 10, to: 23 },
        { point: 'a-rexing', from: 22, to: 30 },
      ],
    });
  });

  it('keeps the real script within its limits: 7 lessons of 3–5 slides, known point codes', () => {
    const script = demoScript.parse(JSON.parse(readFileSync(DEMO_VIDEO_SCRIPT, 'utf8')));
    const lessons = script.chapters.flatMap((c) => c.lessons);
    expect(lessons).toHaveLength(7);
    expect(lessons.map((l) => l.free)).toEqual([true, true, false, false, false, false, false]);
    for (const l of lessons) expect(l.slides.length).toBeGreaterThanOrEqual(3);
    for (const l of lessons) expect(l.slides.length).toBeLessThanOrEqual(5);
    const bank = ['part-a', 'part-b'].flatMap(
      (f) => (JSON.parse(readFileSync(join(DEMO_VIDEO_SCRIPT, `../../../questions/1001/${f}.json`), 'utf8')) as { knowledgePoints: { code: string }[] }).knowledgePoints,
    );
    const codes = new Set(bank.map((k) => k.code));
    expect(lessons.flatMap((l) => l.slides.flatMap((s) => s.points)).filter((p) => !codes.has(p))).toEqual([]);
  });
});

describe.skipIf(!ready)('rendering demo lessons (ffmpeg, espeak-ng)', { timeout: 120_000 }, () => {
  it('reads each slide aloud over its drawn still, one mp4 a lesson, with markers and merged point ranges', async () => {
    if ('missing' in tools) return;
    const scriptPath = join(dir, 'tiny.json');
    writeFileSync(scriptPath, JSON.stringify(tiny));
    const out = join(dir, 'tiny');
    await renderDemoCourse(scriptPath, out, tools);

    // What each slide lasts: its narration as espeak-ng says it, half a second of silence, whole frames.
    const slides = tiny.chapters[0]!.lessons[0]!.slides.map((s, i) => {
      const wav = join(dir, `check-${i}.wav`);
      execFileSync('espeak-ng', ['-v', tools.voice, '-s', '165', '-w', wav, s.narration]);
      const spoken = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]).toString());
      return Math.ceil((spoken + 0.5) * 25) / 25;
    });
    const total = slides[0]! + slides[1]!;
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_name,width,height,pix_fmt,r_frame_rate',
        '-of',
        'json',
        join(out, 'demo-one.mp4'),
      ]).toString(),
    ) as { format: { duration: string }; streams: Record<string, string | number>[] };
    expect(Math.abs(Number(probe.format.duration) - total)).toBeLessThan(0.15);
    expect(probe.streams).toEqual([
      expect.objectContaining({ codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p', r_frame_rate: '25/1' }),
      expect.objectContaining({ codec_name: 'aac' }),
    ]);

    const manifest = videoManifest.parse(JSON.parse(readFileSync(join(out, 'lessons.json'), 'utf8')));
    expect(manifest.course).toMatchObject({ key: 'demo-test', title: '测试课程', teacher: 'teacher-test' });
    const [lesson] = manifest.chapters[0]!.lessons;
    expect(lesson).toMatchObject({ key: 'demo-one', file: 'demo-one.mp4', free: true, previewSeconds: 30 });
    expect(lesson!.markers).toEqual([
      { second: 0, title: '第一页' },
      { second: Math.floor(slides[0]!), title: '第二页' },
    ]);
    expect(lesson!.points).toEqual([
      { point: 'a-tiwen-zhengchang', from: 0, to: Math.floor(total) },
      { point: 'a-buji', from: Math.floor(slides[0]!), to: Math.floor(total) },
    ]);
  });
});

describe.skipIf(!ready)('seeding the demo video lessons', { timeout: 600_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says once that they are off when a tool is missing', async () => {
    const path = process.env.PATH;
    const log: string[] = [];
    try {
      process.env.PATH = join(dir, 'nothing-here');
      expect(await seedDemoVideo(t.db, localMediaStore(join(dir, 'media')), new Date(t.clock.now), (l) => log.push(l))).toBe('skipped');
    } finally {
      process.env.PATH = path;
    }
    expect(log).toEqual(['demo video lessons are off: ffmpeg (Debian package ffmpeg) is missing']);
  });

  // Three minutes of ffmpeg: run once (the embedded database), not again in the PostgreSQL pass of CI.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('renders and imports the 7 lessons of the script on a fresh database, and does nothing the next time', async () => {
    const media = join(dir, 'media');
    const log: string[] = [];
    expect(await seedDemoVideo(t.db, localMediaStore(media), new Date(t.clock.now), (l) => log.push(l))).toBe('imported');
    expect(log).toEqual([expect.stringMatching(/^demo video: 7 lessons of hushi-jingjiang rendered and imported in \d+ s$/)]);

    const lessons = await t.db
      .select({ id: videoLessons.id, key: videoLessons.key, durationS: videoLessons.durationS, free: videoLessons.free, previewSeconds: videoLessons.previewSeconds })
      .from(videoLessons)
      .innerJoin(videoChapters, eq(videoLessons.chapterId, videoChapters.id))
      .innerJoin(videoCourses, eq(videoChapters.courseId, videoCourses.id))
      .where(eq(videoCourses.key, 'hushi-jingjiang'));
    expect(lessons).toHaveLength(7);
    for (const l of lessons) expect(l.durationS).toBeGreaterThanOrEqual(60);
    for (const l of lessons) expect(l.durationS).toBeLessThanOrEqual(100);
    expect(lessons.filter((l) => l.free).map((l) => l.key)).toEqual(['hushi-tiwen', 'hushi-xueya']);
    expect(lessons.filter((l) => !l.free).every((l) => l.previewSeconds === 30)).toBe(true);
    // One lesson is 即将上线 for three days after the first start (to be booked on /upVideo).
    const later = await t.db
      .select({ key: videoLessons.key, at: videoLessons.publishedAt })
      .from(videoLessons)
      .where(gt(videoLessons.publishedAt, new Date(t.clock.now)));
    expect(later).toEqual([{ key: 'hushi-xinshuai', at: new Date(t.clock.now + 3 * 86_400_000) }]);
    const first = lessons.find((l) => l.key === 'hushi-tiwen')!;
    expect((await t.db.select().from(lessonMarkers).where(eq(lessonMarkers.lessonId, first.id))).map((m) => m.title)).toEqual([
      '体温的正常值',
      '体温的生理变化',
      '发热程度（口温）',
      '常见热型',
      '测量注意事项',
    ]);
    expect((await t.db.select().from(lessonPoints).where(eq(lessonPoints.lessonId, first.id))).length).toBe(4);

    // The media, as served: HLS in two renditions with a poster and a sprite for every lesson.
    const size = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((a, f) => a + size(join(p, f)), 0) : statSync(p).size);
    expect(readdirSync(join(media, '1001')).sort()).toEqual(lessons.map((l) => l.key).sort());
    expect(size(media)).toBeLessThan(200 * 1024 * 1024);

    expect(await seedDemoVideo(t.db, localMediaStore(media), new Date(t.clock.now), (l) => log.push(l))).toBe('present');
    expect(log).toHaveLength(1);
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgePoints, lessonMarkers, lessonPoints, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { main } from '../../cli/import-video.ts';
import { importVideoCourse, type VideoManifest } from './import.ts';
import { localMediaStore } from './media-store.ts';
import { ffmpegAvailable } from './transcode.ts';

// ffmpeg is a Debian package (.ci/run installs it); without it video import is off and these tests cannot run.
const hasFfmpeg = await ffmpegAvailable();

let t: TestApp;
let dir: string;
const media = () => join(dir, 'media');
const store = () => localMediaStore(media());

/** A test source: colour bars, with a tone unless silent. */
function source(name: string, seconds: number, silent = false) {
  const audio = silent ? [] : ['-f', 'lavfi', '-i', 'sine=frequency=440'];
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=25',
    ...audio,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    join(dir, name),
  ]);
}
function manifest(over: (m: VideoManifest) => void = () => undefined) {
  const m: VideoManifest = {
    appId: 1001,
    teachers: [{ key: 'teacher-li', name: '李老师', title: '主管护师', introduction: '' }],
    course: { key: 'nursing-basics', title: '基础护理精讲', introduction: '', teacher: 'teacher-li', sort: 0 },
    chapters: [
      {
        title: '生命体征',
        lessons: [
          {
            key: 'vital-signs',
            title: '体温的测量',
            file: 'a.mp4',
            free: true,
            previewSeconds: 180,
            markers: [{ second: 4, title: '口温' }],
            points: [{ point: 'a-tiwen-zhengchang', from: 2, to: 7 }],
          },
          { key: 'pulse', title: '脉搏', file: 'b.mp4', free: false, previewSeconds: 3, markers: [], points: [] },
        ],
      },
    ],
  };
  over(m);
  writeFileSync(join(dir, 'lessons.json'), JSON.stringify(m));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'video-test-'));
  t = await createTestApp();
  if (hasFfmpeg) {
    source('a.mp4', 9);
    source('b.mp4', 6, true);
    writeFileSync(join(dir, 'broken.mp4'), 'not a video');
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasFfmpeg)('npm run import:video', { timeout: 120_000 }, () => {
  it('says how to use it, imports a folder into the configured database and media folder, and refuses a bad manifest', async () => {
    const out: string[] = [];
    const err: string[] = [];
    expect(
      await main(
        [],
        {},
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(2);
    manifest();
    const env = { DATA_DIR: 'memory://', MEDIA_DIR: join(dir, 'cli-media'), LOG_LEVEL: 'silent', INIT_CWD: dir };
    expect(
      await main(
        ['.'],
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(0);
    expect(out.at(-1)).toMatch(/^course \d+: 2 lesson\(s\) imported$/);
    expect(existsSync(join(dir, 'cli-media/1001/pulse/v1/master.m3u8'))).toBe(true);
    writeFileSync(join(dir, 'lessons.json'), JSON.stringify({ appId: 1001, course: { key: 'X', title: '' }, chapters: [] }));
    expect(
      await main(
        ['.'],
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(1);
    expect(err.at(-1)).toMatch(/lessons\.json course\.key: keys are lower-case[\s\S]*nothing was imported$/);
  });
});

describe.skipIf(!hasFfmpeg)('importing a video course (ffmpeg)', { timeout: 120_000 }, () => {
  it('makes HLS in two renditions with a poster and a sprite, and the course, lessons, markers and point ranges', async () => {
    manifest();
    const done = await importVideoCourse(t.db, store(), dir, new Date(t.clock.now));
    expect(done.lessons.map((l) => [l.key, l.durationS, l.mediaVersion])).toEqual([
      ['vital-signs', 9, 1],
      ['pulse', 6, 1],
    ]);
    const base = join(media(), '1001/vital-signs/v1');
    const master = readFileSync(join(base, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    for (const f of ['poster.jpg', 'sprite.jpg', 'sprite.vtt', '360p/index.m3u8', '720p/seg-00000.ts']) expect(existsSync(join(base, f))).toBe(true);
    // The silent source gets a silent audio track, so every rendition is video and audio alike.
    expect(readFileSync(join(media(), '1001/pulse/v1/master.m3u8'), 'utf8')).toContain('mp4a');
    const lessons = await t.db
      .select()
      .from(videoLessons)
      .where(inArray(videoLessons.key, ['vital-signs', 'pulse']));
    expect(lessons.map((l) => [l.title, l.free, l.previewSeconds, l.renditions])).toEqual([
      ['体温的测量', true, 180, ['360p', '720p']],
      ['脉搏', false, 3, ['360p', '720p']],
    ]);
    const first = lessons.find((l) => l.key === 'vital-signs')!;
    expect(await t.db.select({ second: lessonMarkers.second, title: lessonMarkers.title }).from(lessonMarkers).where(eq(lessonMarkers.lessonId, first.id))).toEqual([
      { second: 4, title: '口温' },
    ]);
    const [point] = await t.db
      .select({ id: knowledgePoints.id })
      .from(knowledgePoints)
      .where(and(eq(knowledgePoints.appId, 1001), eq(knowledgePoints.code, 'a-tiwen-zhengchang')));
    expect(
      await t.db.select({ pointId: lessonPoints.pointId, fromS: lessonPoints.fromS, toS: lessonPoints.toS }).from(lessonPoints).where(eq(lessonPoints.lessonId, first.id)),
    ).toEqual([{ pointId: point!.id, fromS: 2, toS: 7 }]);
  });

  it('imports again as a new media version under the same lesson ids, and removes the old version', async () => {
    const before = await t.db.select({ id: videoLessons.id, key: videoLessons.key }).from(videoLessons).orderBy(videoLessons.key);
    manifest((m) => (m.course.title = '基础护理精讲（新版）'));
    const done = await importVideoCourse(t.db, store(), dir, new Date(t.clock.now));
    expect(done.lessons.map((l) => l.mediaVersion)).toEqual([2, 2]);
    expect(await t.db.select({ id: videoLessons.id, key: videoLessons.key }).from(videoLessons).orderBy(videoLessons.key)).toEqual(before);
    expect(existsSync(join(media(), '1001/vital-signs/v2/master.m3u8'))).toBe(true);
    expect(existsSync(join(media(), '1001/vital-signs/v1'))).toBe(false);
  });

  it('is all or nothing: a source that is no video, or a point range past the end, leaves rows and media as they were', async () => {
    manifest((m) => {
      m.course.title = '不应写入';
      m.chapters[0]!.lessons.push({ key: 'broken', title: '坏文件', file: 'broken.mp4', free: false, previewSeconds: 180, markers: [], points: [] });
    });
    await expect(importVideoCourse(t.db, store(), dir, new Date(t.clock.now))).rejects.toThrow(/not a video/);
    manifest((m) => {
      m.course.title = '不应写入';
      m.chapters[0]!.lessons[0]!.points = [{ point: 'a-rexing', from: 5, to: 60 }];
    });
    await expect(importVideoCourse(t.db, store(), dir, new Date(t.clock.now))).rejects.toThrow(/not within the lesson/);
    manifest((m) => {
      m.course.title = '不应写入';
      m.chapters[0]!.lessons[0]!.points = [{ point: 'no-such-point', from: 1, to: 2 }];
    });
    await expect(importVideoCourse(t.db, store(), dir, new Date(t.clock.now))).rejects.toThrow(/knowledge points not in subject 1001: no-such-point/);
    const [course] = await t.db.select().from(videoCourses).where(eq(videoCourses.key, 'nursing-basics'));
    expect(course!.title).toBe('基础护理精讲（新版）');
    expect(existsSync(join(media(), '1001/vital-signs/v3'))).toBe(false);
    expect(existsSync(join(media(), '1001/vital-signs/v2/master.m3u8'))).toBe(true);
    expect((await t.db.select().from(videoLessons).where(eq(videoLessons.key, 'broken'))).length).toBe(0);
  });
});

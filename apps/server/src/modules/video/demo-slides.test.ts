import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/demo-slides.ts';
import { demoTools, makeDemoSlides } from './demo-slides.ts';
import { renderDemoCourse } from './demo-render.ts';
import { checkDemoSlides, demoSlidesIndex, demoScript, readDemoScript, slideSeconds, type DemoScript } from './demo-script.ts';
import { videoManifest } from './import.ts';

// The developer's tool needs ffmpeg, espeak-ng and a CJK font (Debian packages; .ci/run installs them).
const tools = await demoTools();
const ready = !('missing' in tools);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'demo-slides-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tiny: DemoScript = demoScript.parse({
  appId: 1001,
  pronounce: { 测量: '测良' },
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
            { heading: '第二页', lines: ['见尿补钾', '严禁静脉推注'], narration: '这是第二页的讲解，测量稍微长一点。', points: ['a-tiwen-zhengchang', 'a-buji'] },
          ],
        },
      ],
    },
  ],
});

describe('the demo slides command', () => {
  it('refuses options and more than one script, and says which tool is missing', async () => {
    const err: string[] = [];
    expect(
      await main(
        ['--all'],
        {},
        () => undefined,
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(
      await main(
        ['a.json', 'b.json'],
        {},
        () => undefined,
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(err[0]).toMatch(/^usage: npm run demo-slides -w apps\/server/);
    const path = process.env.PATH;
    try {
      process.env.PATH = join(dir, 'nothing-here');
      expect(
        await main(
          [],
          {},
          () => undefined,
          (l) => err.push(l),
        ),
      ).toBe(1);
    } finally {
      process.env.PATH = path;
    }
    expect(err[2]).toBe('ffmpeg (Debian package ffmpeg) is needed to make the demo slides; nothing was made');
  });
});

describe.skipIf(!ready)('making the demo slides (espeak-ng, the CJK font) and rendering from them (ffmpeg)', { timeout: 120_000 }, () => {
  it('draws and reads each slide once, again only where the text changed, and renders a lesson of the stills with their narration', async () => {
    if ('missing' in tools) return;
    const scriptPath = join(dir, 'script.json');
    writeFileSync(scriptPath, JSON.stringify(tiny));
    const out: string[] = [];
    expect(await main([scriptPath], {}, (l) => out.push(l))).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^demo slides: 2 still\(s\) drawn and 2 narration\(s\) read in \d+\.\d s$/)]);
    expect(readdirSync(join(dir, 'slides', 'demo-one')).sort()).toEqual(['1.opus', '1.webp', '2.opus', '2.webp']);
    const streams = (f: string) =>
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,channels,width,height', '-of', 'csv=p=0', join(dir, 'slides', 'demo-one', f)])
        .toString()
        .trim();
    expect([streams('1.opus'), streams('1.webp')]).toEqual(['opus,1', 'webp,1280,720']);
    const index = demoSlidesIndex.parse(JSON.parse(readFileSync(join(dir, 'slides.json'), 'utf8')));
    expect(checkDemoSlides(scriptPath, tiny)).toEqual({ index });

    // Nothing changed: nothing made. One narration changed: that one alone, and the old bytes elsewhere stay.
    const before = readFileSync(join(dir, 'slides', 'demo-one', '1.opus'));
    expect(await makeDemoSlides(scriptPath, tools)).toEqual({ stills: 0, narrations: 0 });
    const changed = structuredClone(tiny);
    changed.chapters[0]!.lessons[0]!.slides[1]!.narration = '这是第二页，换了讲解。';
    writeFileSync(scriptPath, JSON.stringify(changed));
    expect(await makeDemoSlides(scriptPath, tools)).toEqual({ stills: 0, narrations: 1 });
    expect(readFileSync(join(dir, 'slides', 'demo-one', '1.opus')).equals(before)).toBe(true);

    // The lesson: each slide lasts its narration and the pause, in whole frames; H.264 stills at 5 fps, PCM narration.
    const seconds = demoSlidesIndex.parse(JSON.parse(readFileSync(join(dir, 'slides.json'), 'utf8'))).slides['demo-one']!.map((s) => slideSeconds(s.seconds));
    const rendered = join(dir, 'rendered');
    expect(await renderDemoCourse(scriptPath, rendered)).toEqual({ lessons: 1 });
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_name,width,height,pix_fmt,r_frame_rate,channels',
        '-of',
        'json',
        join(rendered, 'demo-one.mkv'),
      ]).toString(),
    ) as { format: { duration: string }; streams: Record<string, string | number>[] };
    expect(Math.abs(Number(probe.format.duration) - (seconds[0]! + seconds[1]!))).toBeLessThan(0.25);
    expect(probe.streams).toEqual([
      expect.objectContaining({ codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p', r_frame_rate: '5/1' }),
      expect.objectContaining({ codec_name: 'pcm_s16le', channels: 1 }),
    ]);
    const manifest = videoManifest.parse(JSON.parse(readFileSync(join(rendered, 'lessons.json'), 'utf8')));
    expect(manifest.course).toMatchObject({ key: 'demo-test', title: '测试课程', teacher: 'teacher-test' });
    expect(manifest.chapters[0]!.lessons[0]).toMatchObject({
      key: 'demo-one',
      file: 'demo-one.mkv',
      free: true,
      markers: [
        { second: 0, title: '第一页' },
        { second: Math.floor(seconds[0]!), title: '第二页' },
      ],
    });

    // A script changed after its media: rendering refuses, naming what is out of date.
    writeFileSync(scriptPath, JSON.stringify(tiny));
    expect(checkDemoSlides(scriptPath, readDemoScript(scriptPath))).toEqual({ stale: 'the narration of demo-one slide 2' });
    await expect(renderDemoCourse(scriptPath, rendered)).rejects.toThrow(
      'the demo slides are older than the script (the narration of demo-one slide 2): run npm run demo-slides -w apps/server',
    );
  });
});

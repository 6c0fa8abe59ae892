import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoLesson } from '@kaoshi/contract';
import { videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/helpers.ts';
import { cutPlaylist } from './delivery.ts';
import { cutSprite } from './thumbnails.ts';
import { TOKEN_TTL_MS } from '../../platform/media-tokens.ts';

let t: TestApp;
let dir: string;
let lesson: number;
let other: number;

const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  ...[0, 1, 2].flatMap((i) => ['#EXTINF:4.000000,', `seg-0000${i}.ts`]),
  '#EXT-X-ENDLIST',
  '',
].join('\n');
const SEGMENT = Buffer.from('0123456789abcdef'.repeat(64));

/** Frame i of a sprite: a flat colour of its own, never near black. */
const COLOUR = (i: number) => ({ r: 60 + ((i * 53) % 190), g: 60 + ((i * 97) % 190), b: 60 + ((i * 31) % 190) });
const stamp = (s: number) => new Date(Math.round(s * 1000)).toISOString().slice(11, 23);
/** A sprite and its map as the import makes them (transcode.ts): 160×90 frames, ten to a row, one every 10 s. */
async function spriteOf(durationS: number) {
  const n = Math.ceil(durationS / 10);
  const cell = (i: number) => ({ left: (i % 10) * 160, top: Math.floor(i / 10) * 90 });
  const jpeg = await sharp({ create: { width: 1600, height: Math.ceil(n / 10) * 90, channels: 3, background: '#000000' } })
    .composite(Array.from({ length: n }, (_, i) => ({ input: { create: { width: 160, height: 90, channels: 3 as const, background: COLOUR(i) } }, ...cell(i) })))
    .jpeg({ quality: 90 })
    .toBuffer();
  const cues = Array.from({ length: n }, (_, i) => `${stamp(i * 10)} --> ${stamp(Math.min(durationS, i * 10 + 10))}\nsprite.jpg#xywh=${cell(i).left},${cell(i).top},160,90`);
  return { jpeg, vtt: `WEBVTT\n\n${cues.join('\n\n')}\n` };
}
/** The colour at the middle of frame i of a sprite (tolerating JPEG), or 'black'. */
async function frameColour(jpeg: Buffer, i: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = ((Math.floor(i / 10) * 90 + 45) * info.width + (i % 10) * 160 + 80) * info.channels;
  const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
  if (r < 16 && g < 16 && b < 16) return 'black';
  const want = COLOUR(i);
  return Math.abs(r - want.r) < 16 && Math.abs(g - want.g) < 16 && Math.abs(b - want.b) < 16 ? i : `other ${r},${g},${b}`;
}
let long: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'delivery-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
  const base = join(dir, '1001/lesson-one/v1');
  mkdirSync(join(base, '360p'), { recursive: true });
  writeFileSync(join(base, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=765600\n360p/index.m3u8\n');
  writeFileSync(join(base, '360p/index.m3u8'), PLAYLIST);
  for (const i of [0, 1, 2]) writeFileSync(join(base, `360p/seg-0000${i}.ts`), SEGMENT);
  const now = new Date(t.clock.now);
  const [course] = await t.db.insert(videoCourses).values({ key: 'c1', appId: 1001, title: '课程', publishedAt: now }).returning();
  const [chapter] = await t.db.insert(videoChapters).values({ courseId: course!.id, title: '第一章' }).returning();
  const row = (key: string) => ({ key, chapterId: chapter!.id, title: key, durationS: 12, mediaKey: '1001/lesson-one', mediaVersion: 1, renditions: ['360p'], publishedAt: now });
  [{ id: lesson }, { id: other }] = await t.db
    .insert(videoLessons)
    .values([row('lesson-one'), row('lesson-two')])
    .returning({ id: videoLessons.id });
  // A lesson of 86.9 s whose preview is 30 s (as the demo's), with its thumbnails.
  const thumbs = join(dir, '1001/lesson-long/v1');
  mkdirSync(thumbs, { recursive: true });
  const sprite = await spriteOf(86.9);
  writeFileSync(join(thumbs, 'sprite.jpg'), sprite.jpeg);
  writeFileSync(join(thumbs, 'sprite.vtt'), sprite.vtt);
  writeFileSync(join(thumbs, 'poster.jpg'), sprite.jpeg);
  [{ id: long }] = await t.db
    .insert(videoLessons)
    .values({ ...row('lesson-long'), durationS: 87, previewSeconds: 30, mediaKey: '1001/lesson-long' })
    .returning({ id: videoLessons.id });
  t.forgetCaches();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const mint = (over: { lessonId?: number; limitSeconds?: number; expiresAt?: number } = {}) =>
  t.app.videoTokens().sign({ userId: 7, lessonId: over.lessonId ?? lesson, expiresAt: over.expiresAt ?? t.clock.now + TOKEN_TTL_MS, limitSeconds: over.limitSeconds ?? 0 });
const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });

describe('protected delivery of lesson media', () => {
  it('serves the playlists and segments of a lesson to its token, with byte ranges', async () => {
    const token = mint();
    const master = await get(`/media/v/${lesson}/${token}/master.m3u8`);
    expect([master.statusCode, master.headers['content-type']]).toEqual([200, 'application/vnd.apple.mpegurl']);
    expect(master.body).toContain('360p/index.m3u8');
    expect((await get(`/media/v/${lesson}/${token}/360p/index.m3u8`)).body).toBe(PLAYLIST);
    const seg = await get(`/media/v/${lesson}/${token}/360p/seg-00002.ts`);
    expect([seg.statusCode, seg.headers['content-type'], seg.rawPayload.length]).toEqual([200, 'video/mp2t', SEGMENT.length]);
    const part = await get(`/media/v/${lesson}/${token}/360p/seg-00000.ts`, { range: 'bytes=16-31' });
    expect([part.statusCode, part.headers['content-range'], part.body]).toEqual([206, `bytes 16-31/${SEGMENT.length}`, '0123456789abcdef']);
  });

  it('refuses every token that is not this lesson’s valid one, and every path outside its files', async () => {
    const ok = mint();
    const [payload, sig] = ok.split('.');
    const refused = [
      `/media/v/${lesson}/nothing/master.m3u8`,
      `/media/v/${lesson}/${payload}.${sig!.slice(0, -2)}xx/master.m3u8`,
      `/media/v/${lesson}/${Buffer.from(`8.${lesson}.${t.clock.now + TOKEN_TTL_MS}.0`).toString('base64url')}.${sig}/master.m3u8`,
      `/media/v/${other}/${ok}/master.m3u8`,
      `/media/v/${lesson}/${mint({ lessonId: other })}/master.m3u8`,
      `/media/v/${lesson}/${mint({ expiresAt: t.clock.now - 1 })}/master.m3u8`,
    ];
    for (const url of refused) expect((await get(url)).statusCode, url).toBe(403);
    for (const url of [
      `/media/v/${lesson}/${ok}/../../x`,
      `/media/v/${lesson}/${ok}/720p/index.m3u8`,
      `/media/v/${lesson}/${ok}/360p/seg-00009.ts`,
      `/media/v/${lesson}/${ok}/notes.txt`,
    ])
      expect((await get(url)).statusCode, url).toBe(404);
    t.clock.advance(TOKEN_TTL_MS + 1000);
    expect((await get(`/media/v/${lesson}/${ok}/master.m3u8`)).statusCode).toBe(403);
  });

  it('a preview token plays the playlist cut at its limit and no segment past it', async () => {
    const token = mint({ limitSeconds: 6 });
    const list = (await get(`/media/v/${lesson}/${token}/360p/index.m3u8`)).body;
    expect(list.match(/seg-\d{5}\.ts/g)).toEqual(['seg-00000.ts', 'seg-00001.ts']);
    expect(list.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect((await get(`/media/v/${lesson}/${token}/360p/seg-00001.ts`)).statusCode).toBe(200);
    expect((await get(`/media/v/${lesson}/${token}/360p/seg-00002.ts`)).statusCode).toBe(403);
    expect(cutPlaylist(PLAYLIST, 100)).toBe(PLAYLIST);
  });

  it('a preview learner gets the thumbnails of the preview only: the map cut at its limit, the sprite cut to its frames', async () => {
    const thumbnails = async (phone: string) => {
      const body = await t.call(videoLesson, { guid: await t.login(phone, DEMO.password), lessonID: long });
      expect(body.status, body.msg).toBe(200);
      const url = body.data.play.thumbnails as string;
      const [vtt, jpg] = [await get(url), await get(url.replace(/sprite\.vtt$/, 'sprite.jpg'))];
      expect([vtt.statusCode, jpg.statusCode, jpg.headers['content-type']]).toEqual([200, 200, 'image/jpeg']);
      return { limit: body.data.play.limitSeconds, vtt: vtt.body, jpg: jpg.rawPayload, size: await sharp(jpg.rawPayload).metadata() };
    };
    // The demo trial learner plays 30 s: the cues of 0–30 s and their three frames, nothing of 30–86.9 s.
    const trial = await thumbnails(DEMO.learner);
    expect(trial.limit).toBe(30);
    expect(trial.vtt.match(/^[\d:.]+ --> [\d:.]+$/gm)).toEqual(['00:00:00.000 --> 00:00:10.000', '00:00:10.000 --> 00:00:20.000', '00:00:20.000 --> 00:00:30.000']);
    expect(trial.vtt.match(/xywh=[\d,]+/g)).toEqual(['xywh=0,0,160,90', 'xywh=160,0,160,90', 'xywh=320,0,160,90']);
    expect([trial.size.width, trial.size.height]).toEqual([480, 90]);
    expect(await Promise.all([0, 1, 2].map((i) => frameColour(trial.jpg, i)))).toEqual([0, 1, 2]);
    // A member (至尊班) gets the lesson's own files.
    const member = await thumbnails(DEMO.owner);
    expect(member.limit).toBe(0);
    expect(member.vtt.match(/-->/g)).toHaveLength(9);
    expect(member.vtt).toContain('00:01:20.000 --> 00:01:26.900');
    expect([member.size.width, member.size.height]).toEqual([1600, 90]);
    expect(await frameColour(member.jpg, 8)).toBe(8);
    // The poster (the frame at 8.7 s) is in a 30 s preview, not in a 5 s one.
    expect((await get(`/media/v/${long}/${mint({ lessonId: long, limitSeconds: 30 })}/poster.jpg`)).statusCode).toBe(200);
    expect((await get(`/media/v/${long}/${mint({ lessonId: long, limitSeconds: 5 })}/poster.jpg`)).statusCode).toBe(403);
  });

  it('cuts a sprite of several rows to the rows of the preview, painting the frames past it black', async () => {
    const { jpeg, vtt } = await spriteOf(135);
    const cut = await cutSprite(jpeg, vtt, 115);
    const meta = await sharp(cut).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 180]);
    expect(await Promise.all([0, 9, 10, 11, 12].map((i) => frameColour(cut, i)))).toEqual([0, 9, 10, 11, 'black']);
    expect(await cutSprite(jpeg, vtt, 200)).toBe(jpeg);
  });
});

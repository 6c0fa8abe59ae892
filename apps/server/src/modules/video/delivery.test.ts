import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { cutPlaylist } from './delivery.ts';
import { TOKEN_TTL_MS } from './tokens.ts';

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
});

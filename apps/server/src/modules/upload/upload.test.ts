import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_KEY_RE, UPLOAD_MAX_BYTES, UPLOAD_MSG, uploadImage } from '@kaoshi/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { UPLOAD_LIMIT } from './index.ts';
import { b64, hugePng, testImage } from '../../test/images.ts';

/**
 * upload.image through HTTP (docs/uploads.md): the type told by content, the size limit, a new JPEG without metadata
 * (avatar 256×256, screenshot within 1600 px), the rate limit, and the serving route: avatars public, screenshots only
 * with their unexpired signature.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upload-test-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const learner = () => t.register(nextPhone());

describe('upload.image', () => {
  it('needs a session (401) and names the bad field (400)', async () => {
    expect(await t.callRaw(uploadImage, { purpose: 'avatar', data: b64(await testImage('png')) })).toEqual(NOT_LOGGED_IN);
    const { guid } = await learner();
    expect(await t.call(uploadImage, { guid, purpose: 'poster', data: b64(await testImage('png')) })).toMatchObject({ status: 400, msg: '用途格式不正确' });
    expect(await t.call(uploadImage, { guid, purpose: 'avatar' })).toMatchObject({ status: 400, msg: UPLOAD_MSG.broken });
    expect(await t.call(uploadImage, { guid, purpose: 'avatar', data: 'not base64 at all!!' })).toMatchObject({ status: 400, msg: UPLOAD_MSG.broken });
  });

  it('turns a PNG with transparency into a 256×256 JPEG avatar, served to anyone and cached for good', async () => {
    const { guid, userID } = await learner();
    const r = await t.call(uploadImage, { guid, purpose: 'avatar', data: b64(await testImage('png', 800, 400, { alpha: true })) });
    expect(r.status).toBe(200);
    expect(r.data.key).toMatch(UPLOAD_KEY_RE);
    expect(r.data.key.startsWith(`u/${userID}/avatar/`)).toBe(true);
    expect(r.data).toMatchObject({ url: `/media/${r.data.key}`, width: 256, height: 256 });
    const served = await get(r.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256, hasAlpha: false });
  });

  it('re-encodes a photo without its metadata, upright, and fits a screenshot within 1600 px', async () => {
    const { guid } = await learner();
    const photo = await testImage('jpeg', 300, 200, { exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await t.call(uploadImage, { guid, purpose: 'feedback', data: photo.toString('base64') });
    expect(r.data).toMatchObject({ width: 200, height: 300 }); // orientation 6 applied, then dropped
    const out = (await get(r.data.url)).rawPayload;
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.includes(Buffer.from('secret-owner'))).toBe(false);

    const wide = await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(await testImage('png', 3200, 1000)) });
    expect(wide.data).toMatchObject({ width: 1600, height: 500 });
    const small = await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(await testImage('png', 120, 90)) });
    expect(small.data).toMatchObject({ width: 120, height: 90 }); // never enlarged
  });

  it('takes GIF (first frame) and WebP', async () => {
    const { guid } = await learner();
    for (const format of ['gif', 'webp'] as const) {
      const r = await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(await testImage(format, 64, 48)) });
      expect(r, format).toMatchObject({ status: 200, data: { width: 64, height: 48 } });
    }
  });

  it('tells the type by content: SVG, text, and a name-only disguise are refused', async () => {
    const { guid } = await learner();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const xmlSvg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>');
    for (const bad of [svg, xmlSvg, Buffer.from('GIF is not what this file is, just text')]) {
      expect(await t.call(uploadImage, { guid, purpose: 'avatar', data: b64(bad) })).toMatchObject({ status: 400, msg: UPLOAD_MSG.badType });
    }
    // PNG's signature over garbage, and a JPEG cut in half.
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect(await t.call(uploadImage, { guid, purpose: 'avatar', data: b64(fakePng) })).toMatchObject({ status: 400, msg: UPLOAD_MSG.broken });
    const jpeg = await testImage('jpeg', 400, 300);
    expect(await t.call(uploadImage, { guid, purpose: 'avatar', data: b64(jpeg.subarray(0, jpeg.length >> 1)) })).toMatchObject({ status: 400, msg: UPLOAD_MSG.broken });
  });

  it('refuses a file over 5 MB and an image of too many pixels', async () => {
    const { guid } = await learner();
    const big = Buffer.concat([await testImage('jpeg'), Buffer.alloc(UPLOAD_MAX_BYTES, 1)]);
    expect(await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(big) })).toMatchObject({ status: 400, msg: UPLOAD_MSG.tooLarge });
    const justOver = Buffer.concat([await testImage('jpeg'), Buffer.alloc(UPLOAD_MAX_BYTES, 1)]).subarray(0, UPLOAD_MAX_BYTES + 1);
    expect(await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(justOver) })).toMatchObject({ status: 400, msg: UPLOAD_MSG.tooLarge });
    // Refused by the dimensions the header claims (MAX_INPUT_PIXELS), before anything is decoded.
    for (const [w, h] of [
      [30_000, 30_000],
      [6300, 6300],
      [6000, 4001],
    ] as const) {
      const bomb = await hugePng(w, h);
      expect(bomb.length).toBeLessThan(1000);
      expect(await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(bomb) }), `${w}×${h}`).toMatchObject({ status: 400, msg: UPLOAD_MSG.tooManyPixels });
    }
  });

  it(`allows ${UPLOAD_LIMIT.count} uploads per learner in ${UPLOAD_LIMIT.windowMs / 60_000} minutes`, async () => {
    const { guid } = await learner();
    const other = await learner();
    const data = b64(await testImage('png', 16, 16));
    for (let i = 0; i < UPLOAD_LIMIT.count; i++) expect((await t.call(uploadImage, { guid, purpose: 'feedback', data })).status).toBe(200);
    expect(await t.call(uploadImage, { guid, purpose: 'feedback', data })).toMatchObject({ status: 429, msg: UPLOAD_MSG.tooMany });
    expect((await t.call(uploadImage, { guid: other.guid, purpose: 'feedback', data })).status).toBe(200);
    t.clock.advance(UPLOAD_LIMIT.windowMs);
    expect((await t.call(uploadImage, { guid, purpose: 'feedback', data })).status).toBe(200);
  });
});

describe('serving uploads', () => {
  it('serves a screenshot only with its own unexpired signature; refusals are plain 404s', async () => {
    const { guid } = await learner();
    const r = await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(await testImage('png')) });
    const url: string = r.data.url;
    expect(url).toMatch(/^\/media\/u\/\d+\/feedback\/[\w-]+\.jpg\?e=\d+&s=[\w-]+$/);
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url)).headers['cache-control']).toContain('private');
    const bare = url.split('?')[0]!;
    expect((await get(bare)).statusCode).toBe(404);
    // Another first character of the signature (one in 64 signatures already starts with 'A').
    expect((await get(url.replace(/s=(.)/, (_, c: string) => `s=${c === 'A' ? 'B' : 'A'}`))).statusCode).toBe(404);
    const later = url.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 86400}`);
    expect((await get(later)).statusCode).toBe(404);
    // Another screenshot's signature does not open this one.
    const second = await t.call(uploadImage, { guid, purpose: 'feedback', data: b64(await testImage('png')) });
    expect((await get(`${bare}?${second.data.url.split('?')[1]}`)).statusCode).toBe(404);
    t.clock.advance(3 * 86_400_000);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('answers 404 for unknown keys and paths that are not keys', async () => {
    const { userID } = await learner();
    for (const path of [
      `/media/u/${userID}/avatar/AAAAAAAAAAAAAAAAAAAAAAAA.jpg`,
      `/media/u/${userID}/avatar/..%2F..%2Fetc.jpg`,
      `/media/u/x/avatar/AAAAAAAAAAAAAAAAAAAA.jpg`,
      `/media/u/${userID}/other/AAAAAAAAAAAAAAAAAAAA.jpg`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it('stores the files under MEDIA_DIR by owner and purpose', async () => {
    const { guid, userID } = await learner();
    await t.call(uploadImage, { guid, purpose: 'avatar', data: b64(await testImage('png')) });
    expect(await readdir(join(dir, 'u', String(userID), 'avatar'))).toHaveLength(1);
  });
});

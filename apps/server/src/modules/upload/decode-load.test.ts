import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { UPLOAD_MAX_BYTES, UPLOAD_MSG, uploadImage } from '@kaoshi/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { b64, hugePng } from '../../test/images.ts';
import { MAX_INPUT_PIXELS } from './index.ts';

/**
 * Issue 32 item 10 (docs/uploads.md, "Decoding apart"): decoding images must not stall the server. During 8 concurrent
 * uploads of the largest image accepted (MAX_INPUT_PIXELS of 16-bit RGBA PNG) by 8 learners, password logins (argon2 on
 * libuv's threadpool) answer within 200 ms at p99 on a quiet 2-core machine (docs/uploads.md has the figures). Shared
 * CI machines are not quiet (other test files, other work: logins alone take hundreds of ms there), so the test prints
 * the figures and holds a looser bound: LOOSE_P99_MS or SLOWDOWN times the p99 of the same logins without uploads,
 * whichever is larger (before the fix a login took 9.6 s, and 23 s in this test). UPLOAD_P99_STRICT=1 holds 200 ms. The
 * PostgreSQL pass of CI, beside the journeys, prints the figure without holding a bound (decoding asks no database).
 * Meanwhile a second upload of the same learner is refused at once, and so is an image whose header claims too many
 * pixels (the 6300×6300 PNG), without waiting for the decoder.
 */

const P99_MS = 200;
const LOOSE_P99_MS = 1000;
const SLOWDOWN = 3;
const LOGIN_PASSWORD = 'Passw0rd!';

let t: TestApp;
let dir: string;
let maximal: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decode-load-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
  const side = Math.floor(Math.sqrt(MAX_INPUT_PIXELS));
  const png = await sharp({ create: { width: side, height: side, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.6 } } })
    .toColorspace('rgb16')
    .png()
    .toBuffer();
  const meta = await sharp(png).metadata();
  expect(meta).toMatchObject({ format: 'png', depth: 'ushort', channels: 4, width: side, height: side });
  expect(png.length).toBeLessThan(UPLOAD_MAX_BYTES);
  maximal = b64(png);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timed = async (f: () => Promise<unknown>) => {
  const start = performance.now();
  await f();
  return performance.now() - start;
};
const quantile = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * q) - 1]!;
const p99 = (ms: number[]) => quantile(ms, 0.99);
const round = (ms: number) => Math.round(ms);

describe('decoding apart from logins', () => {
  it(`a password login answers within ${P99_MS} ms at p99 during 8 concurrent maximal uploads`, async () => {
    const learners = await Promise.all(Array.from({ length: 8 }, () => t.register(nextPhone())));
    const phone = nextPhone();
    await t.register(phone, LOGIN_PASSWORD);
    const login = () => t.login(phone, LOGIN_PASSWORD);
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) idle.push(await timed(login));

    const rssBefore = process.memoryUsage().rss;
    let finished = 0;
    const started = performance.now();
    const uploads = learners.map((l, i) =>
      t.call(uploadImage, { guid: l.guid, purpose: i % 2 ? 'avatar' : 'feedback', data: maximal }).then((r) => {
        finished++;
        return r;
      }),
    );
    const during: number[] = [];
    while (finished < uploads.length) {
      during.push(await timed(login));
      await sleep(20);
    }
    const results = await Promise.all(uploads);
    const elapsed = performance.now() - started;
    const rssAfter = process.memoryUsage().rss;
    for (let i = 0; i < 10; i++) idle.push(await timed(login)); // the same logins without uploads, after them too

    for (const [i, r] of results.entries()) expect(r, r.msg).toMatchObject({ status: 200, data: i % 2 ? { width: 256, height: 256 } : { width: 1600, height: 1600 } });
    const figure = p99(during);
    const idleP99 = p99(idle);
    const strict = process.env.UPLOAD_P99_STRICT === '1';
    const bound = strict ? P99_MS : Math.max(LOOSE_P99_MS, SLOWDOWN * idleP99);
    console.log(
      `logins during 8 uploads of ${Math.floor(Math.sqrt(MAX_INPUT_PIXELS))}² 16-bit PNG: n=${during.length} p50=${round(quantile(during, 0.5))} p99=${round(figure)} max=${round(Math.max(...during))} ms` +
        ` (${figure < P99_MS ? 'within' : 'over'} ${P99_MS} ms); without uploads p99=${round(idleP99)} ms; uploads took ${round(elapsed)} ms;` +
        ` server process RSS ${round(rssBefore / 2 ** 20)} → ${round(rssAfter / 2 ** 20)} MB; bound held ${round(bound)} ms`,
    );
    expect(during.length).toBeGreaterThanOrEqual(50);
    // CI's second pass (PostgreSQL, TEST_DATABASE_URL) runs beside the browser journeys, whose Chromium and servers take
    // the cores in bursts: there the figure is printed, not held. The first pass (PGlite) holds it.
    if (!process.env.TEST_DATABASE_URL || strict) expect(figure).toBeLessThan(bound);
  }, 300_000);

  it('refuses at once a second upload of a learner whose first is under way, and an image claiming too many pixels', async () => {
    const a = await t.register(nextPhone());
    const b = await t.register(nextPhone());
    const both = [t.call(uploadImage, { guid: a.guid, purpose: 'feedback', data: maximal }), t.call(uploadImage, { guid: a.guid, purpose: 'avatar', data: maximal })];
    // Whichever reached the handler second is refused at once, while the other is decoded.
    expect(await Promise.race(both)).toMatchObject({ status: 429, msg: UPLOAD_MSG.tooMany });
    await sleep(200);
    // The 6300×6300 16-bit PNG (its header; the rest is never read): refused by the header, not queued.
    const huge = await hugePng(6300, 6300);
    const refusedIn = await timed(async () => {
      expect(await t.call(uploadImage, { guid: b.guid, purpose: 'avatar', data: b64(huge) })).toMatchObject({ status: 400, msg: UPLOAD_MSG.tooManyPixels });
    });
    expect(refusedIn).toBeLessThan(1000);
    const replies = await Promise.all(both);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 429]);
    // The first done, the learner may upload again.
    expect(await t.call(uploadImage, { guid: a.guid, purpose: 'avatar', data: maximal })).toMatchObject({ status: 200 });
  }, 120_000);
});

import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { ffmpegAvailable, localMediaStore } from '../video/index.ts';
import { makeDemoReplay } from './replay.ts';
import { PUBLISH_AFTER_END_MS, RECONNECT_MS } from './ingest.ts';
import { ICS, ICS_TOKENS, ingestHarness, newSession, testFlv, TOKENS, until, type Harness } from './ingest-harness.ts';
import { createIngestStore } from './ingest-store.ts';

let t: TestApp;
let h: Harness;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  h = await ingestHarness(t);
});
afterAll(async () => {
  await h?.app.close();
  await t?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const callback = (app: Harness['app'], path: string, fields: Record<string, string>, opts: { remoteAddress?: string; query?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: `/live/ingest/${path}${opts.query ?? ''}`,
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ app: 'live', addr: '192.0.2.7', ...fields }),
  });
const publish = (name: string, opts?: { remoteAddress?: string; query?: string }) => callback(h.app, 'publish', { call: 'publish', name, type: 'live' }, opts);
const stop = (name: string) => callback(h.app, 'publish_done', { call: 'publish_done', name });
const row = async (id: number) => (await createIngestStore(t.db).byId(id))!;

describe('on_publish: who may stream', () => {
  it('refuses an unknown or malformed stream key', async () => {
    expect((await publish('nosuchkey123456789012345')).statusCode).toBe(403);
    expect((await publish('../../etc')).statusCode).toBe(403);
    expect((await publish('')).statusCode).toBe(403);
  });

  it('refuses a key too early and too late, allows it in its window and the session goes live', async () => {
    const early = await newSession(t, 2 * 60 * MIN);
    expect((await publish(early.streamKey)).statusCode).toBe(403);
    expect((await row(early.id)).state).toBe('scheduled');
    const late = await newSession(t, -60 * MIN - PUBLISH_AFTER_END_MS - MIN);
    expect((await publish(late.streamKey)).statusCode).toBe(403);

    const s = await newSession(t, 10 * MIN); // opens 30 minutes before
    const res = await publish(s.streamKey);
    expect(res.statusCode).toBe(200);
    const live = await row(s.id);
    expect(live.state).toBe('live');
    expect(live.liveStartedAt?.getTime()).toBe(t.clock.now);
    expect(h.statuses).toContainEqual([s.id, 1]);
    // The encoder publishing again (nginx restarted, no publish_done) keeps the first start.
    t.clock.advance(MIN);
    expect((await publish(s.streamKey)).statusCode).toBe(200);
    expect((await row(s.id)).liveStartedAt?.getTime()).toBe(live.liveStartedAt!.getTime());
  });

  it('refuses a callback from elsewhere than loopback, and without the secret when one is set', async () => {
    const s = await newSession(t);
    expect((await publish(s.streamKey, { remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    expect((await row(s.id)).state).toBe('scheduled');
    const secret = 's'.repeat(20);
    const guarded = await ingestHarness(t, { LIVE_INGEST_SECRET: secret });
    try {
      const at = (query: string, remoteAddress = '127.0.0.1') =>
        callback(guarded.app, 'publish', { call: 'publish', name: s.streamKey }, { query, remoteAddress }).then((r) => r.statusCode);
      expect(await at('')).toBe(403);
      expect(await at(`?secret=${'x'.repeat(20)}`)).toBe(403);
      expect(await at('?secret=short')).toBe(403);
      expect(await at(`?secret=${secret}`, '198.51.100.4')).toBe(200);
    } finally {
      await guarded.app.close();
    }
  });
});

describe('publish_done and reconnects', () => {
  it('ends the session; a reconnect within the grace re-opens it, later it is refused', async () => {
    const s = await newSession(t);
    await publish(s.streamKey);
    const started = (await row(s.id)).liveStartedAt!.getTime();
    t.clock.advance(10 * MIN);
    expect((await stop(s.streamKey)).statusCode).toBe(200);
    const ended = await row(s.id);
    expect(ended.state).toBe('ended');
    expect(ended.liveEndedAt?.getTime()).toBe(t.clock.now);
    expect(h.statuses).toContainEqual([s.id, 2]);

    t.clock.advance(RECONNECT_MS - MIN);
    expect((await publish(s.streamKey)).statusCode).toBe(200);
    const again = await row(s.id);
    expect([again.state, again.liveStartedAt?.getTime(), again.liveEndedAt]).toEqual(['live', started, null]);

    await stop(s.streamKey);
    t.clock.advance(RECONNECT_MS + MIN);
    expect((await publish(s.streamKey)).statusCode).toBe(403);
    expect((await row(s.id)).state).toBe('ended');
  });

  it("the operator's end is final: no reconnect, and on_update drops the running stream", async () => {
    const s = await newSession(t);
    await publish(s.streamKey);
    const update = () => callback(h.app, 'update', { call: 'update_publish', name: s.streamKey }).then((r) => r.statusCode);
    expect(await update()).toBe(200);
    t.clock.advance(5 * MIN);
    const ended = await createIngestStore(t.db).endByOperator(s.id, new Date(t.clock.now));
    expect(ended?.endsAt.getTime()).toBe(t.clock.now);
    expect(await update()).toBe(403);
    await stop(s.streamKey);
    expect((await publish(s.streamKey)).statusCode).toBe(403);
    // A session ended before it ever streamed cannot start either.
    const cancelled = await newSession(t, 20 * MIN);
    await createIngestStore(t.db).endByOperator(cancelled.id, new Date(t.clock.now));
    expect((await publish(cancelled.streamKey)).statusCode).toBe(403);
  });

  it('the sweep ends a stream that vanished without publish_done', async () => {
    const s = await newSession(t);
    await publish(s.streamKey);
    t.clock.advance(RECONNECT_MS + MIN);
    await h.app.liveIngestSweep!();
    expect((await row(s.id)).state).toBe('ended');
    expect(h.statuses).toContainEqual([s.id, 2]);
  });
});

describe('live delivery', () => {
  it('serves the live playlist and fragments under a valid token only', async () => {
    const s = await newSession(t);
    mkdirSync(join(h.dirs.hls, s.streamKey));
    writeFileSync(join(h.dirs.hls, s.streamKey, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n7.ts\n');
    writeFileSync(join(h.dirs.hls, s.streamKey, '7.ts'), Buffer.alloc(376, 0x47));
    const token = (id = s.id, ms = MIN) => TOKENS.sign({ userId: 1, lessonId: id, expiresAt: t.clock.now + ms, limitSeconds: 0 });
    const get = (file: string, tk = token(), id = s.id) => h.app.inject({ method: 'GET', url: `/media/l/${id}/${tk}/${file}` });
    const list = await get('index.m3u8');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.headers['content-type']).toContain('mpegurl');
    expect(list.body).toContain('7.ts');
    const seg = await get('7.ts');
    expect([seg.statusCode, seg.headers['content-type'], seg.rawPayload.length]).toEqual([200, 'video/mp2t', 376]);
    expect((await h.app.inject({ url: `/media/l/${s.id}/${token()}/7.ts`, headers: { range: 'bytes=0-187' } })).statusCode).toBe(206);
    // The calendar link has tokens of its own: they open the .ics, and neither kind opens the other's files.
    const icsToken = ICS_TOKENS.sign({ userId: 1, lessonId: s.id, expiresAt: t.clock.now + MIN, limitSeconds: 0 });
    const ics = await get('live.ics', icsToken);
    expect([ics.statusCode, ics.headers['content-type'], ics.body]).toEqual([200, 'text/calendar; charset=utf-8', ICS]);
    expect((await get('index.m3u8', icsToken)).statusCode).toBe(403);
    expect((await get('7.ts', icsToken)).statusCode).toBe(403);
    expect((await get('live.ics')).statusCode).toBe(403);

    expect((await get('8.ts')).statusCode).toBe(404);
    expect((await get('replay/index.m3u8')).statusCode).toBe(404); // no replay yet
    for (const bad of ['..%2F..%2Fpackage.json', '%2E%2E/%2E%2E/x.ts', 'index.m3u8%00', 'x/7.ts', `..%2F${s.streamKey}%2F7.ts`]) expect((await get(bad)).statusCode).toBe(404);
    const other = await newSession(t);
    expect((await get('index.m3u8', token(other.id))).statusCode).toBe(403); // another session's token
    expect((await get('index.m3u8', token(s.id, -1))).statusCode).toBe(403); // expired
    expect((await get('index.m3u8', `${token().slice(0, -2)}xx`)).statusCode).toBe(403); // bad signature
    expect((await get('index.m3u8', 'nope')).statusCode).toBe(403);
    expect((await get('index.m3u8', token(), 0)).statusCode).toBe(403);
  });
});

describe.skipIf(!(await ffmpegAvailable()))('record_done: the replay', () => {
  it('joins the recordings into HLS VOD in the media store, serves it, and remakes on a later recording', async () => {
    const s = await newSession(t, -60 * MIN); // ends now: a stop from here on cannot re-open
    await publish(s.streamKey);
    const a = join(h.dirs.rec, `${s.streamKey}-1000.flv`);
    const b = join(h.dirs.rec, `${s.streamKey}-1010.flv`);
    await testFlv(a, 3);
    await testFlv(b, 4);
    t.clock.advance(MIN);
    await stop(s.streamKey);
    expect((await callback(h.app, 'record_done', { call: 'record_done', name: s.streamKey, path: b })).statusCode).toBe(200);
    const ready = await until(async () => {
      const r = await row(s.id);
      return r.replayState === 'ready' && r;
    });
    expect(ready.replayKey).toBe(`live/${s.id}/r1`);
    expect(ready.replayDurationS).toBeGreaterThanOrEqual(6);
    expect(ready.replayDurationS).toBeLessThanOrEqual(8);
    expect(await until(async () => !existsSync(a) && !existsSync(b))).toBe(true); // recordings deleted
    expect(h.statuses).toContainEqual([s.id, 3]);
    const files = readdirSync(join(h.dirs.media, 'live', String(s.id), 'r1'));
    expect(files).toContain('index.m3u8');

    const token = TOKENS.sign({ userId: 1, lessonId: s.id, expiresAt: t.clock.now + MIN, limitSeconds: 0 });
    const get = (file: string, tk = token, headers = {}) => h.app.inject({ method: 'GET', url: `/media/l/${s.id}/${tk}/${file}`, headers });
    const list = await get('replay/index.m3u8');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(list.body).toContain('#EXT-X-ENDLIST');
    const first = /^(seg-\d{5}\.ts)$/m.exec(list.body)![1]!;
    const seg = await get(`replay/${first}`);
    expect([seg.statusCode, seg.headers['content-type'], seg.rawPayload[0]]).toEqual([200, 'video/mp2t', 0x47]);
    expect((await get(`replay/${first}`, token, { range: 'bytes=0-187' })).statusCode).toBe(206);
    expect((await get('replay/seg-99999.ts')).statusCode).toBe(404);
    expect((await get('replay/..%2F..%2F..%2Fpackage.json')).statusCode).toBe(404);
    const other = await newSession(t);
    expect((await get('replay/index.m3u8', TOKENS.sign({ userId: 1, lessonId: other.id, expiresAt: t.clock.now + MIN, limitSeconds: 0 }))).statusCode).toBe(403);
    t.clock.advance(2 * MIN);
    expect((await get('replay/index.m3u8')).statusCode).toBe(403); // expired

    // A later recording (a remake): r2 replaces r1.
    const c = join(h.dirs.rec, `${s.streamKey}-1020.flv`);
    await testFlv(c, 2);
    await callback(h.app, 'record_done', { call: 'record_done', name: s.streamKey, path: c });
    const remade = await until(async () => {
      const r = await row(s.id);
      return r.replayKey === `live/${s.id}/r2` && r.replayState === 'ready' && r;
    });
    expect(remade.replayDurationS).toBeGreaterThanOrEqual(1);
    expect(await until(async () => !existsSync(join(h.dirs.media, 'live', String(s.id), 'r1')))).toBe(true);
  });

  it('the sweep makes the replay of a recording whose record_done never came, and removes kept recordings', async () => {
    const s = await newSession(t, -30 * MIN); // a stop now could re-open for RECONNECT_MS
    await publish(s.streamKey);
    const rec = join(h.dirs.rec, `${s.streamKey}-3000.flv`);
    await testFlv(rec, 2);
    await stop(s.streamKey);
    await h.app.liveIngestSweep!();
    expect((await row(s.id)).replayState).toBe('none'); // a reconnect may still come
    t.clock.advance(RECONNECT_MS + MIN);
    await h.app.liveIngestSweep!();
    expect(await until(async () => (await row(s.id)).replayState === 'ready')).toBe(true);
    await h.app.liveIngestSweep!();
    expect(existsSync(rec)).toBe(false);
  });

  it("the demo's replay: an original ffmpeg stream through the same remux", async () => {
    const store = localMediaStore(h.dirs.media);
    const made = await makeDemoReplay(store, 999_001, '', 5);
    expect(made).toEqual({ replayKey: 'live/999001/r1', durationS: 5 });
    expect(await store.size('live/999001/r1/index.m3u8')).toBeGreaterThan(0);
  });

  it('a recording ffmpeg cannot read leaves the replay failed', async () => {
    const s = await newSession(t, -60 * MIN);
    await publish(s.streamKey);
    await stop(s.streamKey);
    const bad = join(h.dirs.rec, `${s.streamKey}-2000.flv`);
    writeFileSync(bad, 'not a video');
    await callback(h.app, 'record_done', { call: 'record_done', name: s.streamKey, path: bad });
    expect(await until(async () => (await row(s.id)).replayState === 'failed')).toBe(true);
    expect(existsSync(bad)).toBe(true); // kept for a look
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { findNginx, rtmpModule, startIngest, type RunningIngest } from '../../cli/live-ingest.ts';
import { createTestApp, type TestApp, type TestClock } from '../../test/helpers.ts';
import { ffmpegAvailable } from '../video/index.ts';
import { newSession, until } from './ingest-harness.ts';
import { createIngestStore } from './ingest-store.ts';

const run = promisify(execFile);
const nginx = findNginx();
const mod = nginx ? await rtmpModule(nginx) : { error: 'no nginx' };
const ready = nginx !== null && !('error' in mod) && (await ffmpegAvailable());

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
/** ffmpeg's test pattern and a tone, pushed as an encoder does (1 s keyframes). */
const push = (url: string, seconds: number) =>
  run('ffmpeg', [
    ...['-v', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'flv', url],
  ]);

let t: TestApp | undefined;
let ingest: RunningIngest | undefined;
let work: string | undefined;
afterAll(async () => {
  await ingest?.stop();
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!ready)('the real ingest (nginx + RTMP module)', () => {
  it('authorises a stream key, serves the live HLS through a token, ends the session and makes its replay', { timeout: 90_000 }, async () => {
    work = mkdtempSync(join(tmpdir(), 'live-nginx-'));
    const dirs = { LIVE_HLS_DIR: join(work, 'hls'), LIVE_RECORD_DIR: join(work, 'rec'), MEDIA_DIR: join(work, 'media') };
    const clock = { advance() {} } as unknown as TestClock;
    Object.defineProperty(clock, 'now', { get: () => Date.now() });
    t = await createTestApp({ config: dirs, clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as { port: number }).port;
    const rtmpPort = await freePort();
    ingest = await startIngest(nginx!, {
      work: join(work, 'nginx'),
      hlsDir: dirs.LIVE_HLS_DIR,
      recordDir: dirs.LIVE_RECORD_DIR,
      rtmpPort,
      callback: `http://127.0.0.1:${appPort}/live/ingest`,
      fragment: '1s',
      module: (mod as { module: string | null }).module,
    });
    const s = await newSession(t);
    const rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;

    // A key nobody scheduled is refused by our server: ffmpeg cannot publish.
    await expect(push(`${rtmp}/unknownkey0000000000000`, 2)).rejects.toThrow();

    const streaming = push(`${rtmp}/${s.streamKey}`, 6);
    const token = t.app.live.tokens().sign({ userId: 1, lessonId: s.id, expiresAt: Date.now() + 120_000, limitSeconds: 0 });
    const get = (file: string) => t!.app.inject({ method: 'GET', url: `/media/l/${s.id}/${token}/${file}` });
    const list = await until(async () => {
      const r = await get('index.m3u8');
      return r.statusCode === 200 && /\.ts$/m.test(r.body) && r.body;
    });
    expect((await createIngestStore(t.db).byId(s.id))?.state).toBe('live');
    const seg = /^(\d+\.ts)$/m.exec(list)![1]!;
    const fragment = await get(seg);
    expect([fragment.statusCode, fragment.headers['content-type'], fragment.rawPayload[0]]).toEqual([200, 'video/mp2t', 0x47]);
    await streaming;

    const done = await until(async () => {
      const r = await createIngestStore(t!.db).byId(s.id);
      return r?.state === 'ended' && r.replayState === 'ready' && r;
    }, 30_000);
    expect(done.replayDurationS).toBeGreaterThanOrEqual(5);
    expect(done.replayDurationS).toBeLessThanOrEqual(8);
    expect((await get('replay/index.m3u8')).statusCode).toBe(200);
  });
});

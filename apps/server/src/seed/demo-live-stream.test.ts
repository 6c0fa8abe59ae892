import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_STATUS, liveCalls as c } from '@kaoshi/contract';
import { findNginx, rtmpModule } from '../cli/live-ingest.ts';
import { liveSessions } from '../db/schema/index.ts';
import { ffmpegAvailable } from '../modules/video/index.ts';
import { createTestApp, nextPhone, type TestApp, type TestClock } from '../test/helpers.ts';
import { alwaysLiveKeys, startDemoLive, type DemoLive } from './demo-live-stream.ts';
import { seedLive } from './seed-live.ts';
import { CONTENT_DIR } from './seed.ts';

const nginx = findNginx();
const mod = nginx ? await rtmpModule(nginx) : { error: 'no nginx' };
const ready = nginx !== null && !('error' in mod) && (await ffmpegAvailable());

let t: TestApp | undefined;
let live: DemoLive | null = null;
const work = mkdtempSync(join(tmpdir(), 'demo-live-'));
afterAll(async () => {
  await live?.stop();
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const until = async <T>(probe: () => Promise<T | false | undefined>, ms = 45_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe('the demo’s always-live class (docs/live.md, "Demo content")', () => {
  it('is one free session of 护士执业资格 in the demo content', () => {
    expect(alwaysLiveKeys(CONTENT_DIR)).toEqual(['open-demo-loop']);
  });

  it('without nginx it stays off and says why in the log', async () => {
    const t0 = await createTestApp();
    const lines: string[] = [];
    const saved = process.env.NGINX;
    process.env.NGINX = '/nonexistent/nginx';
    try {
      expect(await startDemoLive(t0.db, t0.config, CONTENT_DIR, (l) => lines.push(l))).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.NGINX;
      else process.env.NGINX = saved;
      await t0.close();
    }
    expect(lines).toEqual([expect.stringMatching(/^demo live class 《.+》 is off: nginx is not installed .*apt-get install nginx-light libnginx-mod-rtmp/)]);
  });

  it.skipIf(!ready)('streams while the server runs: a trial learner finds it 直播中 and its HLS plays; stop() ends it', { timeout: 120_000 }, async () => {
    const clock = { advance() {} } as unknown as TestClock;
    Object.defineProperty(clock, 'now', { get: () => Date.now() });
    const dirs = { LIVE_HLS_DIR: join(work, 'hls'), MEDIA_DIR: join(work, 'media'), DATA_DIR: join(work, 'data') };
    t = await createTestApp({ config: dirs, clock });
    // As at a start: the class is scheduled from the current quarter hour (and a stream of an earlier run forgotten).
    await t.db
      .update(liveSessions)
      .set({ state: 'ended', liveStartedAt: new Date(0) })
      .where(eq(liveSessions.key, 'open-demo-loop'));
    await seedLive(t.db, CONTENT_DIR, Date.now());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const lines: string[] = [];
    live = await startDemoLive(t.db, { ...t.config, PORT: port, HOST: '127.0.0.1' }, CONTENT_DIR, (l) => lines.push(l));
    expect(live).not.toBeNull();
    expect(lines.at(-1)).toMatch(/a looping demo stream into nginx RTMP on 127\.0\.0\.1:\d+, live whenever the server runs/);

    const phone = nextPhone();
    const { guid } = await t.register(phone);
    const listed = await until(async () => {
      t!.forgetCaches();
      const r = await t!.call(c.liveList, { guid, appID: 1001 });
      return r.data.live.find((i: { id: number }) => i.id === live!.sessionId);
    });
    expect(listed).toMatchObject({ status: LIVE_STATUS.live, free: true });
    const [row] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, live!.sessionId));
    expect(row!.endsAt.getTime() - Date.now()).toBeGreaterThan(60 * 60_000);

    // The room answers a trial learner (a free class) with a play address, and the playlist it names is served.
    const room = await until(async () => {
      const r = await t!.call(c.liveRoom, { guid, liveID: live!.sessionId });
      return r.status === 200 && r.data.play && (r.data.play as { url: string });
    });
    const playlist = await until(async () => {
      const r = await t!.app.inject({ method: 'GET', url: new URL(room.url, 'http://x').pathname });
      return r.statusCode === 200 && /\.ts$/m.test(r.body) && r.body;
    });
    expect(playlist).toMatch(/^#EXTM3U/);

    await live!.stop();
    live = null;
    // The ingest said the stream stopped: the session ended (the next start schedules it anew).
    await until(async () => (await t!.db.select().from(liveSessions).where(eq(liveSessions.key, 'open-demo-loop')))[0]?.state === 'ended');
  });
});

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { TestApp } from '../../test/helpers.ts';
import { createJobClaim } from '../../platform/job-claim.ts';
import { localMediaStore, type MediaStore } from '../video/index.ts';
import { installLiveDelivery } from './delivery.ts';
import { installIngest } from './ingest.ts';
import { createIngestStore } from './ingest-store.ts';
import { liveIcsTokens, liveTokens } from './tokens.ts';

const run = promisify(execFile);
export const TOKENS = liveTokens(Buffer.from('k'.repeat(32)));
export const ICS_TOKENS = liveIcsTokens(Buffer.from('k'.repeat(32)));
export const ICS = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';

export interface Harness {
  app: FastifyInstance;
  dirs: { hls: string; rec: string; media: string };
  statuses: [number, number][];
}

/**
 * A Fastify with only the ingest callbacks and live delivery, on the test app's database and clock; `opts.dirs`
 * shares another harness's folders (another process of the same machine), `opts.store` wraps the media store.
 */
export async function ingestHarness(t: TestApp, config: Partial<Config> = {}, opts: { dirs?: Harness['dirs']; store?: (dir: string) => MediaStore } = {}): Promise<Harness> {
  let dirs = opts.dirs;
  if (!dirs) {
    const root = mkdtempSync(join(tmpdir(), 'live-ingest-'));
    dirs = { hls: join(root, 'hls'), rec: join(root, 'rec'), media: join(root, 'media') };
    for (const d of Object.values(dirs)) mkdirSync(d);
  }
  const app = Fastify();
  await app.register(formbody);
  const statuses: [number, number][] = [];
  const clock = () => t.clock.now;
  const store = (opts.store ?? localMediaStore)(dirs.media);
  installIngest(app, {
    db: t.db,
    clock,
    config: { ...t.config, LIVE_HLS_DIR: dirs.hls, LIVE_RECORD_DIR: dirs.rec, ...config },
    store,
    log: app.log,
    claim: createJobClaim(t.db),
    onStatus: (id, status) => statuses.push([id, status]),
  });
  installLiveDelivery(app, { db: t.db, store, tokens: TOKENS, icsTokens: ICS_TOKENS, clock, hlsDir: dirs.hls, ics: async () => ICS });
  await app.ready();
  return { app, dirs, statuses };
}

let n = 0;
/** A self-hosted session of subject 1001 starting `startInMs` from the test clock, lasting an hour. */
export async function newSession(t: TestApp, startInMs = 0, minutes = 60) {
  const store = createIngestStore(t.db);
  const courseId = await store.ensureCourse(1001, 'ingest-test', '直播测试');
  const startsAt = new Date(t.clock.now + startInMs);
  n++;
  return store.createSession({
    appId: 1001,
    courseId,
    key: `ingest-test-${Date.now()}-${n}`,
    title: `测试直播 ${n}`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + minutes * 60_000),
    streamKey: `testkey${Date.now()}x${n}xxxxxxxxxxxx`,
    hostKey: `host${n}`,
    createdAt: startsAt,
  });
}

/** A short FLV as nginx records it (H.264 + AAC), `seconds` long. */
export async function testFlv(path: string, seconds: number): Promise<void> {
  await run('ffmpeg', [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-f', 'flv', path],
  ]);
}

/** Polls `check` until it answers a value (not undefined/false) or `ms` pass. */
export async function until<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

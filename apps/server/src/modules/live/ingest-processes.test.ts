import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, liveSessions } from '../../db/schema/index.ts';
import { createJobClaim } from '../../platform/job-claim.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { ffmpegAvailable, localMediaStore, type MediaStore } from '../video/index.ts';
import { RECONNECT_MS, remakeHold } from './ingest.ts';
import { ingestHarness, newSession, testFlv, until, type Harness } from './ingest-harness.ts';
import { createIngestStore } from './ingest-store.ts';

/**
 * Two server processes of one machine (two harnesses on one database and one set of folders): a replay is made
 * by one of them at a time (ingest.ts, "live replay <id>" holds), and a remake whose process died is made again.
 */
let t: TestApp;
let a: Harness;
let b: Harness;
/** Replays written (their playlists), by either process. */
const playlists: string[] = [];
const MIN = 60_000;
const counting = (dir: string): MediaStore => {
  const store = localMediaStore(dir);
  return {
    ...store,
    async putFile(key, path) {
      if (key.endsWith('/index.m3u8')) {
        playlists.push(key);
        // A remake that takes a while (a long class): the other process's sweep comes while it runs.
        await new Promise((r) => setTimeout(r, 500));
      }
      return store.putFile(key, path);
    },
  };
};

beforeAll(async () => {
  t = await createTestApp();
  a = await ingestHarness(t, {}, { store: counting });
  b = await ingestHarness(t, {}, { dirs: a.dirs, store: counting });
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await t?.close();
});

const row = async (id: number) => (await createIngestStore(t.db).byId(id))!;
/** A session that streamed and stopped past its planned end, with a recording and no replay yet. */
async function endedWithRecording(at: number) {
  const s = await newSession(t, -60 * MIN);
  await t.db
    .update(liveSessions)
    .set({ state: 'ended', liveStartedAt: new Date(t.clock.now - 50 * MIN), liveEndedAt: new Date(t.clock.now - RECONNECT_MS - MIN) })
    .where(eq(liveSessions.id, s.id));
  const rec = join(a.dirs.rec, `${s.streamKey}-${at}.flv`);
  await testFlv(rec, 2);
  return { s, rec };
}
const recordDone = (h: Harness, name: string, path: string) =>
  h.app.inject({
    method: 'POST',
    url: '/live/ingest/record_done',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ call: 'record_done', app: 'live', name, path }).toString(),
  });

describe.skipIf(!(await ffmpegAvailable()))('replays with two processes', () => {
  it('both sweeps at once: the replay is made once, by one of them', async () => {
    const { s, rec } = await endedWithRecording(4000);
    playlists.length = 0;
    await Promise.all([a.app.liveIngestSweep!(), b.app.liveIngestSweep!()]);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([a.app.liveIngestSweep!(), b.app.liveIngestSweep!()]); // the next minute's, while it runs
    const ready = await until(async () => {
      const r = await row(s.id);
      return r.replayState === 'ready' && r;
    });
    expect(ready.replayKey).toBe(`live/${s.id}/r1`);
    // Both sweeps again (as their timers would): the recordings go, nothing is made again.
    await Promise.all([a.app.liveIngestSweep!(), b.app.liveIngestSweep!()]);
    await until(async () => !existsSync(rec));
    expect(playlists).toEqual([`live/${s.id}/r1/index.m3u8`]);
    expect((await row(s.id)).replayKey).toBe(`live/${s.id}/r1`);
  });

  it('a remake held by another process is left to it; once its process died (the hold lapsed) the sweep makes it', async () => {
    const { s, rec } = await endedWithRecording(5000);
    // Another process marked it pending and is remaking it: its hold is in job_runs.
    await t.db.update(liveSessions).set({ replayState: 'pending' }).where(eq(liveSessions.id, s.id));
    await t.db.insert(jobRuns).values({ name: remakeHold(s.id), ranAt: sql`now() + interval '1 hour'` });
    await a.app.liveIngestSweep!();
    await new Promise((r) => setTimeout(r, 300));
    expect((await row(s.id)).replayState).toBe('pending');
    expect(existsSync(rec)).toBe(true);
    // That process died: its hold lapses (no renewal), and the next sweep makes the replay.
    await t.db
      .update(jobRuns)
      .set({ ranAt: sql`now() - interval '1 second'` })
      .where(eq(jobRuns.name, remakeHold(s.id)));
    await b.app.liveIngestSweep!();
    expect(await until(async () => (await row(s.id)).replayState === 'ready')).toBe(true);
  });

  it('a record_done that comes while another process remakes the session waits for it, then remakes with its recording', async () => {
    const { s, rec } = await endedWithRecording(6000);
    const other = (await createJobClaim(t.db)({ name: remakeHold(s.id), everyMs: 0 }))!;
    expect((await recordDone(b, s.streamKey, rec)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await row(s.id)).replayState).toBe('none'); // waiting, not started beside the other
    await other.release();
    const ready = await until(async () => {
      const r = await row(s.id);
      return r.replayState === 'ready' && r;
    });
    expect(ready.replayKey).toBe(`live/${s.id}/r1`);
  });
});

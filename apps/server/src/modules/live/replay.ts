import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { MediaStore } from '../video/index.ts';

const run = promisify(execFile);

/** Replay segments last about this long (cut at the encoder's keyframes: OBS's 2 s keyframe interval fits). */
export const REPLAY_SEGMENT_S = 4;
const TIMEOUT_MS = 60 * 60_000;
/** A replay file a token may open, under `replay/`. */
export const REPLAY_FILE = /^(?:index\.m3u8|seg-\d{5}\.ts)$/;

/** Recordings of a stream key in the recording folder (`<key>-<unix seconds>.flv`, nginx's record_unique), oldest first. */
export async function recordingsOf(recordDir: string, streamKey: string): Promise<string[]> {
  const names = await readdir(recordDir).catch(() => [] as string[]);
  const prefix = `${streamKey}-`;
  return names
    .filter((n) => n.startsWith(prefix) && /^\d+\.flv$/.test(n.slice(prefix.length)))
    .map((n) => ({ n, at: Number(n.slice(prefix.length, -4)) }))
    .sort((a, b) => a.at - b.at || a.n.localeCompare(b.n))
    .map((r) => resolve(recordDir, r.n));
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { timeout: 120_000 });
  return Number(stdout.trim());
}

/**
 * Recordings (oldest first) joined into one HLS VOD in `out` (index.m3u8 + seg-NNNNN.ts): no re-encoding (`-c copy`),
 * timestamps made continuous from 0. A recording ffprobe cannot read (e.g. a reconnect that sent nothing) is
 * left out; none left, or a step failing, throws. Answers the duration (ffprobe of the playlist) and the files.
 */
export async function remuxRecordings(sources: string[], out: string): Promise<{ durationS: number; files: string[] }> {
  const usable: string[] = [];
  for (const s of sources) if ((await durationOf(s).catch(() => 0)) > 0) usable.push(s);
  if (usable.length === 0) throw new Error('no readable recording');
  const list = join(out, 'sources.txt');
  await writeFile(list, usable.map((s) => `file '${s.replace(/'/g, "'\\''")}'\n`).join(''));
  await run(
    'ffmpeg',
    [
      ...['-y', '-v', 'error', '-fflags', '+genpts', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-avoid_negative_ts', 'make_zero'],
      ...['-f', 'hls', '-hls_time', String(REPLAY_SEGMENT_S), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
      ...['-hls_segment_filename', join(out, 'seg-%05d.ts'), join(out, 'index.m3u8')],
    ],
    { timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
  );
  await rm(list, { force: true });
  const playlist = await readFile(join(out, 'index.m3u8'), 'utf8');
  const segs = [...playlist.matchAll(/^(seg-\d{5}\.ts)$/gm)].map((m) => m[1]!);
  const present = new Set(await readdir(out));
  if (segs.length === 0 || segs.some((s) => !present.has(s))) throw new Error('the replay playlist lists segments that were not made');
  const durationS = await durationOf(join(out, 'index.m3u8'));
  if (!(durationS > 0)) throw new Error('the replay has no duration');
  return { durationS: Math.round(durationS), files: ['index.m3u8', ...segs] };
}

/** The media-store folder of a session's replay, remake `n`: `live/<sessionId>/r<n>`. */
export const replayKeyOf = (sessionId: number, n: number) => `live/${sessionId}/r${n}`;
/** The next remake's number after the current replay key ('' → 1). */
export const nextRemake = (current: string) => Number(/\/r(\d+)$/.exec(current)?.[1] ?? 0) + 1;

/**
 * Remux `sources` and put the replay into the store under the next remake's key; the previous remake is removed
 * after. Answers the new key and the duration; on failure nothing new is left in the store.
 */
export async function makeReplay(store: MediaStore, sessionId: number, currentKey: string, sources: string[]): Promise<{ replayKey: string; durationS: number }> {
  const work = await mkdtemp(join(tmpdir(), `live-replay-${sessionId}-`));
  const replayKey = replayKeyOf(sessionId, nextRemake(currentKey));
  try {
    const made = await remuxRecordings(sources, work);
    try {
      for (const f of made.files) await store.putFile(`${replayKey}/${f}`, join(work, f));
    } catch (err) {
      await store.removePrefix(`${replayKey}/`).catch(() => undefined);
      throw err;
    }
    return { replayKey, durationS: made.durationS };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * An original demo stream (for the seed's past session): ffmpeg's test pattern at 640×360 with the stream time
 * burned in (drawtext, when the font machinery is there; else the plain pattern) and a 440 Hz tone, as the
 * FLV an RTMP recording is. Ultrafast, 2 s keyframes, as OBS sends.
 */
export async function renderDemoStream(flv: string, seconds = 150): Promise<void> {
  const pattern = `testsrc2=size=640x360:rate=25:duration=${seconds}`;
  const clock = `${pattern},drawtext=text='LIVE %{pts\\:hms}':fontsize=28:fontcolor=white:box=1:boxcolor=black@0.6:x=20:y=20`;
  const args = (video: string) => [
    ...['-y', '-v', 'error', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', '-b:v', '500k', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-f', 'flv', flv],
  ];
  try {
    await run('ffmpeg', args(clock), { timeout: TIMEOUT_MS });
  } catch {
    await run('ffmpeg', args(pattern), { timeout: TIMEOUT_MS });
  }
}

/**
 * The demo's replay (docs/live.md, "Demo content"): a demo stream rendered and run through the same remux as a
 * real recording, into the store under the session's next remake key. The caller writes the session's row
 * (ingest-store `replayReady`).
 */
export async function makeDemoReplay(store: MediaStore, sessionId: number, currentKey = '', seconds = 150): Promise<{ replayKey: string; durationS: number }> {
  const work = await mkdtemp(join(tmpdir(), 'live-demo-'));
  try {
    const flv = join(work, 'demo-0.flv');
    await renderDemoStream(flv, seconds);
    if (!((await stat(flv)).size > 0)) throw new Error('the demo stream is empty');
    return await makeReplay(store, sessionId, currentKey, [flv]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

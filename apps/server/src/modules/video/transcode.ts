import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface RunOptions {
  timeout: number;
  maxBuffer?: number;
  cwd?: string;
  /** Lower the tool's priority by this much (work in the background of a running server yields to its replies). */
  nice?: number;
}

/** Run a tool and answer its output; with `nice`, at a lower priority (set as it starts, before its threads). */
export function runTool(cmd: string, args: string[], { nice, ...options }: RunOptions) {
  const running = exec(cmd, args, options);
  if (nice && running.child.pid) {
    try {
      setPriority(running.child.pid, nice);
    } catch {
      // Gone already (it failed at once): its error comes through the promise.
    }
  }
  return running;
}

export interface TranscodeOptions {
  /** See RunOptions.nice. */
  nice?: number;
  /**
   * The AAC encoder's fast coder instead of its default two-loop search: a third of the audio's CPU. For
   * synthesised narration (the demo lessons), where the slower search buys nothing worth the minute.
   */
  fastAudio?: boolean;
}

/** The renditions every lesson gets (docs/video.md): name, size and video bit rate. */
export const RENDITIONS = [
  { name: '360p', width: 640, height: 360, kbps: 600 },
  { name: '720p', width: 1280, height: 720, kbps: 1800 },
] as const;
export const SEGMENT_SECONDS = 4;
/** One sprite frame every this many seconds, 160×90, ten to a row. */
export const SPRITE_EVERY_S = 10;
/** The poster is the frame at this share of the lesson. */
export const POSTER_AT = 0.1;
const TIMEOUT_MS = 30 * 60_000;

/** Whether ffmpeg and ffprobe can run here (video import is off without them; serving is not). */
export async function ffmpegAvailable(): Promise<boolean> {
  try {
    await exec('ffmpeg', ['-version'], { timeout: 10_000 });
    await exec('ffprobe', ['-version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

interface Probe {
  durationS: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

export async function probe(file: string): Promise<Probe> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file], { timeout: 60_000 });
  const j = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  const durationS = Number(j.format?.duration);
  return { durationS, hasVideo: !!j.streams?.some((s) => s.codec_type === 'video'), hasAudio: !!j.streams?.some((s) => s.codec_type === 'audio') };
}

const hh = (s: number) => {
  const t = new Date(Math.round(s * 1000)).toISOString();
  return t.slice(11, 23);
};

export interface Transcoded {
  durationS: number;
  renditions: string[];
  /** Every file made, relative to the output folder. */
  files: string[];
}

/**
 * One lesson: HLS VOD in RENDITIONS (H.264 Main + AAC, 4 s segments cut on shared 2 s keyframes, one master
 * playlist), a poster (the frame at 10 %) and a thumbnail sprite with its WebVTT map, into `out`; then validated
 * (each rendition's playlist lasts the source's duration within a second, and lists only files that exist).
 * Throws with the reason when the source is no video or a step fails.
 */
export async function transcode(source: string, out: string, options: TranscodeOptions = {}): Promise<Transcoded> {
  const run = (cmd: string, args: string[], o: RunOptions) => runTool(cmd, args, { ...o, nice: options.nice });
  const src = await probe(source).catch(() => null);
  if (!src || !src.hasVideo || !(src.durationS > 0)) throw new Error(`${source}: not a video ffprobe can read`);
  const split = RENDITIONS.map((_, i) => `[s${i}]`).join('');
  const scaled = RENDITIONS.map(
    (r, i) => `[s${i}]scale=${r.width}:${r.height}:force_original_aspect_ratio=decrease,pad=${r.width}:${r.height}:(ow-iw)/2:(oh-ih)/2,setsar=1[v${i}]`,
  ).join(';');
  const audio = src.hasAudio ? '0:a:0' : '1:a:0';
  const args = ['-y', '-v', 'error', '-i', source];
  if (!src.hasAudio) args.push('-f', 'lavfi', '-t', String(src.durationS), '-i', 'anullsrc=r=44100:cl=stereo');
  args.push('-filter_complex', `[0:v]split=${RENDITIONS.length}${split};${scaled}`);
  RENDITIONS.forEach((r, i) => {
    args.push('-map', `[v${i}]`, '-map', audio);
    args.push(`-b:v:${i}`, `${r.kbps}k`, `-maxrate:v:${i}`, `${Math.round(r.kbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.kbps * 2}k`);
  });
  args.push(
    ...['-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'],
    ...['-c:a', 'aac', ...(options.fastAudio ? ['-aac_coder', 'fast'] : []), '-b:a', '96k', '-ac', '2', '-shortest'],
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-hls_segment_filename', join(out, '%v', 'seg-%05d.ts'), '-master_pl_name', 'master.m3u8'],
    ...['-var_stream_map', RENDITIONS.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '), join(out, '%v', 'index.m3u8')],
  );
  await run('ffmpeg', args, { timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });

  // Poster and sprite.
  await run(
    'ffmpeg',
    [
      '-y',
      '-v',
      'error',
      '-ss',
      (src.durationS * POSTER_AT).toFixed(2),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      'scale=1280:720:force_original_aspect_ratio=decrease',
      join(out, 'poster.jpg'),
    ],
    {
      timeout: TIMEOUT_MS,
    },
  );
  const frames = Math.max(1, Math.ceil(src.durationS / SPRITE_EVERY_S));
  const rows = Math.ceil(frames / 10);
  await run('ffmpeg', ['-y', '-v', 'error', '-i', source, '-vf', `fps=1/${SPRITE_EVERY_S},scale=160:90,tile=10x${rows}`, '-frames:v', '1', join(out, 'sprite.jpg')], {
    timeout: TIMEOUT_MS,
  });
  const cues = Array.from({ length: frames }, (_, i) => {
    const from = i * SPRITE_EVERY_S;
    const to = Math.min(src.durationS, from + SPRITE_EVERY_S);
    return `${hh(from)} --> ${hh(to)}\nsprite.jpg#xywh=${(i % 10) * 160},${Math.floor(i / 10) * 90},160,90`;
  });
  await writeFile(join(out, 'sprite.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`);

  // Validate what was made.
  const files = ['master.m3u8', 'poster.jpg', 'sprite.jpg', 'sprite.vtt'];
  const master = await readFile(join(out, 'master.m3u8'), 'utf8');
  for (const r of RENDITIONS) {
    if (!master.includes(`${r.name}/index.m3u8`)) throw new Error(`${source}: the master playlist lacks ${r.name}`);
    const list = await readFile(join(out, r.name, 'index.m3u8'), 'utf8');
    const segs = [...list.matchAll(/^(seg-\d{5}\.ts)$/gm)].map((m) => m[1]!);
    const lasts = [...list.matchAll(/^#EXTINF:([\d.]+),/gm)].reduce((a, m) => a + Number(m[1]), 0);
    const present = new Set(await readdir(join(out, r.name)));
    if (segs.length === 0 || segs.some((s) => !present.has(s))) throw new Error(`${source}: ${r.name} lists segments that were not made`);
    if (Math.abs(lasts - src.durationS) > 1) throw new Error(`${source}: ${r.name} lasts ${lasts.toFixed(1)} s, the source ${src.durationS.toFixed(1)} s`);
    files.push(`${r.name}/index.m3u8`, ...segs.map((s) => `${r.name}/${s}`));
  }
  return { durationS: Math.round(src.durationS), renditions: RENDITIONS.map((r) => r.name), files };
}

// The glass-to-glass half of live-bench.ts: the real ingest (npm run live:ingest's runner), an ffmpeg test stream
// whose picture carries its own presentation time as bars, and headless Chromium reading the bars off the <video>.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { here, sleep } from './lib.ts';

const INGEST_CLI = join(here, '../apps/server/src/cli/live-ingest.ts');
/**
 * The picture: 640×360 at 25 fps; a band of 24 bars at (8, 8), 26×48 px each: bit k (LSB first) of the wall-clock
 * ms at which ffmpeg made the frame, modulo 2^24 (4.6 hours), and the bits' inverse below.
 */
export const FRAME = { w: 640, h: 360, fps: 25, bits: 24, x: 8, y: 8, bar: 26, row: 48 } as const;

/** Starts the ingest runner (nginx + RTMP module) on `rtmpPort`; resolves once it listens, or with why it cannot. */
export async function startIngestRunner(
  rtmpPort: number,
  work: string,
  env: Record<string, string>,
  fragment: '1s' | '2s',
): Promise<{ child: ChildProcess; stop(): Promise<void> } | { skipped: string }> {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) return { skipped: 'ffmpeg is missing (Debian package ffmpeg)' };
  const child = spawn(process.execPath, ['--import', 'tsx', INGEST_CLI, '--rtmp-port', String(rtmpPort), '--work', work, '--fragment', fragment], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const started = new Promise<boolean>((resolve) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes('live ingest: nginx')) resolve(true);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve(false));
  });
  const ok = await Promise.race([started, sleep(30_000).then(() => false)]);
  if (!ok) {
    if (child.exitCode === null) child.kill('SIGTERM');
    return { skipped: `the ingest did not start: ${out.trim().split('\n').slice(-3).join(' ') || 'no output in 30 s'}` };
  }
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}

/**
 * Pushes the test stream with -re (real time) to `rtmpUrl`: testsrc2 with the time bars, a tone, x264 with a
 * keyframe every `keyframeS` seconds (the ingest cuts its fragments at keyframes). Each frame carries the time it
 * was made (FRAME), so neither ffmpeg's start-up nor its pace under load enters the figure.
 */
export function pushTestStream(rtmpUrl: string, keyframeS: number): { child: ChildProcess; output(): string } {
  const { w, h, fps, bits, x, y, bar, row } = FRAME;
  // The bars' source is stamped with the wall clock as each frame goes through (setpts=RTCTIME, in ms), the bars
  // drawn from it, then its timestamps put back in step with the picture's (frame n at n·40 ms).
  const stamp = `settb=1/1000,setpts=RTCTIME/1000,format=gray,geq=lum='255*mod(floor(mod(floor(T*1000)\\,${2 ** bits})/pow(2\\,X))+Y\\,2)',setpts=N*${1000 / fps}`;
  const band = `color=c=black:s=${bits}x2:r=${fps},${stamp},scale=${bits * bar}:${2 * row}:flags=neighbor,format=yuv420p[band]`;
  const args = ['-v', 'error', '-re', '-f', 'lavfi', '-i', `testsrc2=size=${w}x${h}:rate=${fps}`, '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'];
  args.push('-filter_complex', `${band};[0:v][band]overlay=${x}:${y}[v]`, '-map', '[v]', '-map', '1:a');
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', '1200k', '-maxrate', '1200k', '-bufsize', '2400k');
  args.push('-g', String(keyframeS * fps), '-keyint_min', String(keyframeS * fps), '-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', rtmpUrl);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let out = '';
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return { child, output: () => out };
}

/**
 * Reads the bars of the page's <video> every 200 ms through a canvas (a string, not a function: tsx would wrap
 * inner functions in a helper the page does not have). window.__g2g: [wall ms, the frame's stamp]; window.__bad: reads
 * whose two rows did not disagree on every bar (a frame mid-transition or a smeared one).
 */
export const READ_BARS = `(() => {
  const F = ${JSON.stringify(FRAME)};
  window.__g2g = []; window.__bad = 0;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  setInterval(() => {
    const v = document.querySelector('video');
    if (!v || v.readyState < 2 || !v.videoWidth) return;
    const now = Date.now();
    const sx = v.videoWidth / F.w, sy = v.videoHeight / F.h;
    canvas.width = v.videoWidth; canvas.height = Math.ceil((F.y + 2 * F.row + 4) * sy);
    ctx.drawImage(v, 0, 0);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const lum = (cx, cy) => {
      let s = 0;
      for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) {
        const i = (Math.round(cy * sy + dy) * img.width + Math.round(cx * sx + dx)) * 4;
        s += 0.299 * img.data[i] + 0.587 * img.data[i + 1] + 0.114 * img.data[i + 2];
      }
      return s / 49;
    };
    let t = 0;
    for (let k = 0; k < F.bits; k++) {
      const cx = F.x + F.bar * k + F.bar / 2;
      const top = lum(cx, F.y + F.row / 2), bottom = lum(cx, F.y + 1.5 * F.row);
      if (Math.abs(top - bottom) < 96) { window.__bad++; return; }
      if (top > bottom) t += 2 ** k;
    }
    window.__g2g.push([now, t]);
  }, 200);
})()`;

/** hls.js from node_modules (the web app's dependency): the light build, as the app's player loads it. */
export function hlsScript(): string | null {
  for (const dir of [join(here, '../node_modules/hls.js/dist'), join(here, '../apps/web/node_modules/hls.js/dist')]) {
    const file = join(dir, 'hls.light.min.js');
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}

/** True when the built web app has the live room (else the bench plays the stream in a page of its own). */
export function webHasLiveRoom(): boolean {
  const dir = join(here, '../apps/web/dist/assets');
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('/liveroom'));
}

/**
 * Serves a page of the bench on the server's origin (its address is returned) (so the canvas may read the video): hls.js with the live room's
 * settings (apps/web/src/features/live/components/live-player.tsx, LIVE_HLS_CONFIG) playing `playUrl`, muted.
 */
export async function routeBenchPlayer(page: Page, origin: string, playUrl: string, hls: string): Promise<string> {
  const config = { liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 5, maxLiveSyncPlaybackRate: 1.5, lowLatencyMode: false, backBufferLength: 30 };
  const html = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:#000"><video muted playsinline style="width:100%"></video>
<script src="/__live-bench/hls.js"></script><script>
const v = document.querySelector('video');
const h = new Hls(${JSON.stringify(config)});
h.on(Hls.Events.MANIFEST_PARSED, () => v.play());
h.on(Hls.Events.ERROR, (_e, d) => { if (d.fatal && d.type === Hls.ErrorTypes.NETWORK_ERROR) setTimeout(() => h.startLoad(), 1000); else if (d.fatal) h.recoverMediaError(); });
h.loadSource(${JSON.stringify(playUrl)}); h.attachMedia(v);
</script>`;
  await page.route(`${origin}/__live-bench`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.route(`${origin}/__live-bench/hls.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: hls }));
  return `${origin}/__live-bench`;
}

export interface Glass {
  /** Glass-to-glass of each good read (ms), in reading order. */
  g2g: number[];
  bad: number;
  /** From opening the page (`openedAt`) to the first frame read. */
  firstMs: number;
}

/** The page's errors, kept to explain a player that never shows a frame. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('response', (r) => void (r.status() >= 400 && errors.push(`HTTP ${r.status()} ${new URL(r.url()).pathname}`)));
  return errors;
}

/** Starts reading the bars, waits for the first good read, then `seconds` more; glass-to-glass = read − stamp. */
export async function measureGlass(page: Page, openedAt: number, seconds: number, errors: string[]): Promise<Glass> {
  await page.evaluate(READ_BARS);
  await page.waitForFunction('window.__g2g.length > 0', undefined, { timeout: 60_000, polling: 250 }).catch(async (err: Error) => {
    const state = await page.evaluate(
      `(() => { const v = document.querySelector('video'); return JSON.stringify({ url: location.href, video: v && { readyState: v.readyState, paused: v.paused, error: v.error && v.error.message }, bad: window.__bad }); })()`,
    );
    throw new Error(`no frame read in 60 s (${state}; page errors: ${errors.slice(0, 5).join(' | ') || 'none'}): ${err.message}`);
  });
  const firstMs = Date.now() - openedAt;
  await sleep(seconds * 1000);
  const reads = (await page.evaluate('window.__g2g')) as [number, number][];
  const bad = Number(await page.evaluate('window.__bad'));
  // Modulo 2^24 like the stamp; a frame shown before it was made or a minute late is a misread (counted as bad).
  const wrap = 2 ** FRAME.bits;
  const all = reads.map(([now, t]) => ((((now % wrap) - t) % wrap) + wrap) % wrap);
  const g2g = all.filter((g) => g <= 60_000);
  return { g2g, bad: bad + all.length - g2g.length, firstMs };
}

// Video lessons (issue 17), on PGlite: (1) the time from tapping a lesson on /videoList to its first video frame in
// headless Chromium (target ≤ 1 s at p95), (2) segment serving with the play-token check beside plain static serving
// of the same file (node:http + a read stream) in one run, (3) progress saves per second (merged ranges under a row lock).
// Lessons: three 60 s test-pattern lessons made with ffmpeg and imported by the real pipeline (npm run import:video).
// `npm run bench:video -w bench`. BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_TAPS (15) change the runs.
import autocannon from 'autocannon';
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, loginDemoMemberWithNursing, PHONE } from './browser.ts';
import { api, COMMON, FORM, here, login, spawnServer, stopServer, waitReady } from './lib.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TAPS = Number(process.env.BENCH_TAPS ?? 15);
const [APP_PORT, STATIC_PORT] = [3340, 3341];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

function makeLessons(dir: string) {
  for (const [i, freq] of [440, 550, 660].entries()) {
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', `sine=frequency=${freq}`, '-t', '60'].concat([
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        join(dir, `l${i}.mp4`),
      ]),
    );
  }
  const lessons = [0, 1, 2].map((i) => ({ key: `bench-l${i}`, title: `测速课${i + 1}`, file: `l${i}.mp4`, free: i === 0 }));
  writeFileSync(join(dir, 'lessons.json'), JSON.stringify({ appId: 1001, course: { key: 'bench-course', title: '测速课程' }, chapters: [{ title: '测速', lessons }] }));
}

async function main() {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    console.log('video bench skipped: ffmpeg is missing (Debian package ffmpeg)');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'video-bench-'));
  const env = { DATA_DIR: join(work, 'data'), MEDIA_DIR: join(work, 'media'), DEMO_VIDEO: 'off' };
  const rows: string[] = [];
  try {
    makeLessons(work);
    execFileSync(process.execPath, ['--import', 'tsx', join(here, '../apps/server/src/cli/import-video.ts'), work], {
      env: { ...process.env, ...env, DATABASE_URL: '' },
      stdio: 'ignore',
    });
    const server = spawnServer(APP_PORT, { kind: 'pglite', dataDir: env.DATA_DIR }, { ...env, LOG_LEVEL: 'fatal' });
    try {
      await waitReady(server, APP_PORT);
      const guid = await login(APP_PORT);
      const list = await api<{ courses: { chapters: { lessons: { id: number; title: string }[] }[] }[] }>(APP_PORT, '/api/video/courselist', { guid, appID: 1001 });
      const lessonId = list.body.data.courses[0]!.chapters[0]!.lessons[1]!.id;

      // (1) Tap to first frame, in Chromium on a phone viewport.
      const browser = await launchChromium();
      const page = await (await browser.newContext({ ...PHONE, bypassCSP: true, baseURL: `http://127.0.0.1:${APP_PORT}` })).newPage();
      await loginDemoMemberWithNursing(page);
      const times: number[] = [];
      for (let i = 0; i < TAPS; i++) {
        await page.goto('/videoList');
        const row = page.getByRole('button', { name: new RegExp(`^测速课${(i % 3) + 1}`) });
        await row.waitFor();
        // A string, not a function: tsx would wrap the inner arrow functions in a helper the page does not have.
        await page.evaluate(`(() => {
          window.t0 = window.t1 = undefined;
          document.addEventListener('click', () => (window.t0 = performance.now()), { capture: true, once: true });
          const look = () => {
            const v = document.querySelector('video');
            if (v && 'requestVideoFrameCallback' in v) v.requestVideoFrameCallback(() => (window.t1 = performance.now()));
            else requestAnimationFrame(look);
          };
          look();
        })()`);
        await row.click();
        await page.waitForFunction('window.t1 !== undefined', undefined, { timeout: 15_000 });
        times.push(Number(await page.evaluate('window.t1 - window.t0')));
      }
      await browser.close();
      rows.push(`tap → first frame (${TAPS} taps): p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms   target p95 ≤ 1000 ms`);

      // (2) A 720p segment through the token check, and the same file from a plain static server.
      const lesson = await api<{ play: { url: string } }>(APP_PORT, '/api/video/lesson', { guid, lessonID: lessonId });
      const segPath = lesson.body.data.play.url.replace('master.m3u8', '720p/seg-00001.ts');
      const file = join(env.MEDIA_DIR, '1001/bench-l1/v1/720p/seg-00001.ts');
      const size = statSync(file).size;
      const bare = createServer((_q, res) => {
        res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': size });
        createReadStream(file).pipe(res);
      }).listen(STATIC_PORT, '127.0.0.1');
      const seg = await autocannon({ url: `http://127.0.0.1:${APP_PORT}${segPath}`, connections: CONNECTIONS, duration: DURATION });
      const plain = await autocannon({ url: `http://127.0.0.1:${STATIC_PORT}/seg.ts`, connections: CONNECTIONS, duration: DURATION });
      bare.close();
      const mbps = (r: autocannon.Result) => (r.throughput.average / 1024 / 1024).toFixed(0);
      rows.push(
        `segment ${Math.round(size / 1024)} KiB, token checked: ${seg.requests.average.toFixed(0)}/s (${mbps(seg)} MiB/s, p99 ${seg.latency.p99} ms, ${seg.non2xx + seg.errors} bad)`,
      );
      rows.push(
        `  plain static, same file:  ${plain.requests.average.toFixed(0)}/s (${mbps(plain)} MiB/s, p99 ${plain.latency.p99} ms)   ratio ${(seg.requests.average / plain.requests.average).toFixed(2)}`,
      );

      // (3) Progress saves of one learner and lesson (the worst case: one row, locked by each).
      let at = Date.now();
      let refused = 0;
      const saves = await autocannon({
        url: `http://127.0.0.1:${APP_PORT}`,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: 'POST',
            path: `/api/video/progress?${COMMON}`,
            headers: FORM,
            setupRequest: (req) => ({ ...req, body: `guid=${guid}&lessonID=${lessonId}&position=30&ranges=20-30&at=${++at}` }),
            onResponse: (_status, body) => void ((JSON.parse(String(body)) as { status: number }).status !== 200 && refused++),
          },
        ],
      });
      rows.push(`progress saves: ${saves.requests.average.toFixed(0)}/s (p50 ${saves.latency.p50} ms, p99 ${saves.latency.p99} ms, ${saves.non2xx + saves.errors + refused} bad)`);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log('\n== video bench (PGlite) ==');
  for (const r of rows) console.log(r);
}

await main();

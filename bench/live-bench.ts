// Live classes (issue 19): (1) chat fan-out of one server process (PGlite): N room sockets (default 2,000), a host
// socket sending 10 messages a second, delivery latency p50/p99, lost messages and the server's memory per 1,000
// connections; (2) the same over two server processes on one PostgreSQL and one Redis, sent through A, measured on
// the clients of B (and A); (3) glass-to-glass latency of the HLS path: an ffmpeg test stream whose frames carry the
// wall-clock time they were made (as bars), pushed into the real ingest (nginx + RTMP module), read off the <video>
// of the live room in headless Chromium. `npm run bench:live -w bench`. Settings: BENCH_LIVE_CLIENTS (2000),
// BENCH_SECONDS (20), BENCH_LIVE_BATCH (100 sockets opened at a time), BENCH_LIVE_G2G_SECONDS (30 s of reading, over
// BENCH_LIVE_G2G_OPENS = 3 openings of the room), BENCH_LIVE_FRAGMENT (2s | 1s), BENCH_LIVE_PARTS (one,two,glass),
// BENCH_LIVE_PLAYER (app: the built web app's /liveroom; page: hls.js in a page of the bench).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, loginDemoMemberWithNursing, PHONE } from './browser.ts';
import { closeAll, describe, drain, freePort, measure, openAll, openHost, pct, rssKiB, sendMessages, socketUrl } from './live-chat.ts';
import { hlsScript, measureGlass, pushTestStream, routeBenchPlayer, startIngestRunner, watchErrors, webHasLiveRoom, type Glass } from './live-g2g.ts';
import { chinaMinute } from '../apps/server/src/platform/china-time.ts';
import { api, here, login, serverEnv, sleep, spawnServer, startPgCluster, startRedis, stopServer, waitReady, type Server, type Store } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BATCH = Number(process.env.BENCH_LIVE_BATCH ?? 100);
const G2G_SECONDS = Number(process.env.BENCH_LIVE_G2G_SECONDS ?? 30);
const G2G_OPENS = Number(process.env.BENCH_LIVE_G2G_OPENS ?? 3);
const PARTS = new Set((process.env.BENCH_LIVE_PARTS ?? 'one,two,glass').split(','));
/** The ingest's fragment length (npm run live:ingest --fragment), also the test stream's keyframe interval. */
const FRAGMENT = process.env.BENCH_LIVE_FRAGMENT === '1s' ? '1s' : '2s';
const RATE = 10;
const LIVE_CLI = join(here, '../apps/server/src/cli/live.ts');
/** The host socket's account (the host key opens the room to anyone logged in); the receivers are the demo member. */
const HOST_PHONE = '13800000000';

const progress = (line: string) => console.error(`  live bench: ${line}`);
const mib = (kib: number) => (kib / 1024).toFixed(0);
const load = () => loadavg()[0]!.toFixed(1);

/** Now, to the minute, in China time (the operator command's --start): the session opens at once. */
const chinaNow = () => chinaMinute(Date.now());

/** `npm run live -- schedule` (the operator command) on the server's database: the session id, stream key and host key. */
function schedule(env: Record<string, string>, title: string) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', LIVE_CLI, 'schedule', '--app', '1001', '--title', title, '--start', chinaNow(), '--minutes', '120'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const id = /session (\d+) scheduled/.exec(out)?.[1];
  const streamKey = /stream key:\s+(\S+)/.exec(out)?.[1];
  const hostKey = /host=([A-Za-z0-9]+)/.exec(out)?.[1];
  if (!id || !streamKey || !hostKey) throw new Error(`the live command printed no session:\n${out}`);
  return { id: Number(id), streamKey, hostKey };
}

type Proc = { name: string; port: number; server: Server };
const onProc = (url: string, p: Proc) => url.startsWith(`ws://127.0.0.1:${p.port}/`);

/** Opens CLIENTS sockets spread over `procs`, sends through the first, and prints what each group received. */
async function chatRun(procs: Proc[], liveID: number, hostKey: string): Promise<string[]> {
  const total = Math.round(RATE * SECONDS);
  const guid = await login(procs[0]!.port);
  const hostGuid = await login(procs[0]!.port, HOST_PHONE);
  const before = procs.map((p) => rssKiB(p.server.child.pid!));
  const urls = Array.from({ length: CLIENTS }, (_, i) => socketUrl(procs[i % procs.length]!.port, liveID, guid));
  progress(`opening ${CLIENTS} sockets, ${BATCH} at a time (load ${load()})`);
  const opened = await openAll(urls, total, BATCH);
  await sleep(2000);
  const after = procs.map((p) => rssKiB(p.server.child.pid!));
  const rows = [
    `setup: ${opened.receivers.length} of ${CLIENTS} sockets welcomed in ${(opened.ms / 1000).toFixed(1)} s (${BATCH} at a time)${opened.refused.length ? `, ${opened.refused.length} refused (${opened.refused[0]})` : ''}; ` +
      `all as the demo member (one learner's guid), the sender a host socket (${HOST_PHONE} with the host key, not rate-limited) on ${procs[0]!.name}; ` +
      `clients, server${procs.length > 1 ? 's, PostgreSQL and Redis' : ''} on one ${spawnSync('nproc').stdout.toString().trim()}-core host`,
  ];
  procs.forEach((p, i) => {
    const n = opened.receivers.filter((r) => onProc(r.url, p)).length;
    rows.push(`memory of ${p.name}: RSS ${mib(before[i]!)} → ${mib(after[i]!)} MiB with ${n} sockets: ${mib(((after[i]! - before[i]!) / n) * 1000)} MiB per 1,000 connections`);
  });
  const host = await openHost(socketUrl(procs[0]!.port, liveID, hostGuid, hostKey));
  progress(`sending ${total} messages over ${SECONDS} s (load ${load()})`);
  const sent = await sendMessages(host, RATE, SECONDS);
  await drain(opened.receivers, total, 10_000);
  const end = procs.map((p) => rssKiB(p.server.child.pid!));
  procs.forEach((p, i) => (rows[i + 1] += ` (RSS ${mib(end[i]!)} MiB after the messages)`));
  if (procs.length === 1) rows.push(describe(measure(opened.receivers, sent), total));
  else
    for (const [i, p] of [...procs.entries()].reverse()) {
      const group = opened.receivers.filter((r) => onProc(r.url, p));
      rows.push(`clients of ${p.name}${i === 0 ? ' (the sender’s process)' : ' (the other process, through Redis)'}:`);
      rows.push(
        ...describe(measure(group, sent), total)
          .split('\n')
          .map((l) => `  ${l}`),
      );
    }
  if (sent.errors.length) rows.push(`the sender got ${sent.errors.length} error frames: ${sent.errors[0]}`);
  rows.push(`load average at the end: ${load()}`);
  await closeAll([...opened.receivers.map((r) => r.ws), host]);
  return rows;
}

/** Part 3 on the running server: the ingest, the test stream, Chromium reading the bars. */
async function glass(port: number, work: string, env: Record<string, string>, rtmpPort: number, s: { id: number; streamKey: string }): Promise<string[]> {
  const ingest = await startIngestRunner(rtmpPort, join(work, 'ingest'), env, FRAGMENT);
  if ('skipped' in ingest) return [`skipped: ${ingest.skipped}`];
  const stream = pushTestStream(`rtmp://127.0.0.1:${rtmpPort}/live/${s.streamKey}`, parseInt(FRAGMENT));
  try {
    const guid = await login(port);
    let play: string | null = null;
    for (let i = 0; i < 60 && !play; i++) {
      await sleep(500);
      play = (await api<{ play: { url: string } | null }>(port, '/api/live/room', { guid, liveID: s.id })).body.data?.play?.url ?? null;
      if (stream.child.exitCode !== null) throw new Error(`ffmpeg stopped: ${stream.output()}`);
    }
    if (!play) return [`the session did not go live within 30 s of the push (ffmpeg: ${stream.output().trim() || 'no errors'})`];
    // The playlist appears with the first fragment (~2 s after the publish): the room is opened once it plays.
    for (let i = 0; i < 60 && (await fetch(`http://127.0.0.1:${port}${play}`)).status !== 200; i++) await sleep(500);
    const hls = hlsScript();
    const useApp = process.env.BENCH_LIVE_PLAYER !== 'page' && webHasLiveRoom();
    if (!useApp && !hls) return ['skipped: no built live room (apps/web/dist) and no hls.js in node_modules'];
    const browser = await launchChromium();
    const runs: Glass[] = [];
    try {
      const page = await (await browser.newContext({ ...PHONE, bypassCSP: true, baseURL: `http://127.0.0.1:${port}` })).newPage();
      const errors = watchErrors(page);
      if (useApp) await loginDemoMemberWithNursing(page);
      const address = useApp ? `/liveroom?liveID=${s.id}` : await routeBenchPlayer(page, `http://127.0.0.1:${port}`, play, hls!);
      // The player starts a fixed number of fragments behind the playlist's end and stays there: where the newest
      // fragment is in its making decides the figure, so the room is opened several times.
      progress(`opening the room ${G2G_OPENS} times, reading the picture for ${G2G_SECONDS / G2G_OPENS} s each (load ${load()})`);
      for (let i = 0; i < G2G_OPENS; i++) {
        const openedAt = Date.now();
        await page.goto(address);
        runs.push(await measureGlass(page, openedAt, G2G_SECONDS / G2G_OPENS, errors));
      }
    } finally {
      await browser.close();
    }
    const playlist = await (await fetch(`http://127.0.0.1:${port}${play}`)).text();
    const extinf = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    const all = runs.flatMap((r) => r.g2g).sort((a, b) => a - b);
    const sec = (ms: number) => (ms / 1000).toFixed(2);
    const perOpen = runs.map(
      (r) =>
        `${sec(
          pct(
            r.g2g.toSorted((a, b) => a - b),
            50,
          ),
        )} s (first frame ${(r.firstMs / 1000).toFixed(1)} s after opening)`,
    );
    return [
      `player: ${useApp ? 'the app’s /liveroom (hls.js, its live settings), demo member' : `a bench page with hls.js and the room’s live settings (${process.env.BENCH_LIVE_PLAYER === 'page' ? 'BENCH_LIVE_PLAYER=page' : 'the built app has no /liveroom'})`}, Chromium 390×844; ` +
        `stream 640×360 25 fps x264 1.2 Mbit/s, keyframe every ${FRAGMENT}; fragments in the playlist at the end: ${extinf.map((d) => d.toFixed(1)).join(', ') || 'none'} s`,
      `per opening of the room, p50: ${perOpen.join('; ')}`,
      `glass-to-glass over ${G2G_OPENS} × ${G2G_SECONDS / G2G_OPENS} s (${all.length} reads, ${runs.reduce((n, r) => n + r.bad, 0)} unreadable): p50 ${sec(pct(all, 50))} s, max ${sec(all.at(-1) ?? NaN)} s   target ≤ 6 s (2 s fragments)`,
    ];
  } finally {
    stream.child.kill('SIGTERM');
    await ingest.stop();
  }
}

async function partOneAndGlass(work: string, out: Record<string, string[]>) {
  const [port, rtmpPort] = [await freePort(), await freePort()];
  const store: Store = { kind: 'pglite', dataDir: join(work, 'data') };
  const env = {
    DEMO_VIDEO: 'off',
    LOG_LEVEL: 'fatal',
    MEDIA_DIR: join(work, 'media'),
    LIVE_HLS_DIR: join(work, 'hls'),
    LIVE_RECORD_DIR: join(work, 'rec'),
    LIVE_RTMP_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
  };
  // The first start migrates and seeds; the operator command needs the server stopped (PGlite: one process).
  let server = spawnServer(port, store, env);
  await waitReady(server, port);
  await stopServer(server);
  const cliEnv = { ...serverEnv(port, store), ...env };
  const chat = schedule(cliEnv, '压测直播');
  const streamed = PARTS.has('glass') ? schedule(cliEnv, '推流测试') : null;
  server = spawnServer(port, store, env);
  try {
    await waitReady(server, port);
    if (PARTS.has('one')) out.one = await chatRun([{ name: 'the server', port, server }], chat.id, chat.hostKey);
    if (streamed) out.glass = await glass(port, work, { ...serverEnv(port, store), ...env }, rtmpPort, streamed);
  } finally {
    await stopServer(server);
  }
}

async function partTwo(work: string): Promise<string[]> {
  const pg = process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop() {} } : startPgCluster(await freePort());
  if ('skipped' in pg) return [`skipped: ${pg.skipped}`];
  const redis = await startRedis(await freePort(), work);
  if ('skipped' in redis) return (pg.stop(), [`skipped: ${redis.skipped}`]);
  const procs: Proc[] = [];
  try {
    const store: Store = { kind: 'postgres', url: pg.url };
    const env = { DEMO_VIDEO: 'off', LOG_LEVEL: 'fatal', MEDIA_DIR: join(work, 'media2'), REDIS_URL: redis.url };
    for (const name of ['process A', 'process B']) {
      // One after the other: the first migrates and seeds.
      const port = await freePort();
      const server = spawnServer(port, store, env);
      procs.push({ name, port, server });
      await waitReady(server, port);
    }
    const s = schedule({ ...serverEnv(procs[0]!.port, store), ...env }, '压测直播（两个进程）');
    return await chatRun(procs, s.id, s.hostKey);
  } finally {
    for (const p of procs) await stopServer(p.server);
    redis.stop();
    pg.stop();
  }
}

async function main() {
  if (PARTS.has('glass') && process.env.BENCH_LIVE_PLAYER !== 'page' && !existsSync(join(here, '../apps/web/dist/.vite/manifest.json'))) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: join(here, '..'), stdio: 'inherit' });
  }
  const work = mkdtempSync(join(tmpdir(), 'live-bench-'));
  const out: Record<string, string[]> = {};
  try {
    if (PARTS.has('one') || PARTS.has('glass')) await partOneAndGlass(work, out);
    if (PARTS.has('two')) out.two = await partTwo(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const titles = {
    one: `== live chat, one server process (PGlite): ${CLIENTS} sockets, ${RATE} messages/s for ${SECONDS} s ==`,
    two: `== live chat, two server processes (PostgreSQL + Redis): ${CLIENTS} sockets, half on each, ${RATE} messages/s for ${SECONDS} s through A ==`,
    glass: '== live video, glass-to-glass (RTMP ingest → HLS → Chromium) ==',
  };
  for (const k of ['one', 'two', 'glass'] as const) {
    if (!out[k]) continue;
    console.log(`\n${titles[k]}`);
    for (const r of out[k]) console.log(r);
  }
}

await main();

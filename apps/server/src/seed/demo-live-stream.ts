import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { dataPath, type Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { liveSessions } from '../db/schema/index.ts';
import { findNginx, rtmpModule, startIngest, type RunningIngest } from '../cli/live-ingest.ts';
import { renderDemoStream } from '../modules/live/index.ts';

/** The looping stream's length: one render at first start (a few seconds of ffmpeg), then copied, never encoded. */
const LOOP_SECONDS = 60;
/** While the stream runs, its planned end is kept at least this far ahead (checked every KEEP_EVERY_MS). */
const AHEAD_MS = 60 * 60_000;
const EXTEND_TO_MS = 2 * 60 * 60_000;
const KEEP_EVERY_MS = 5 * 60_000;
/** A pusher that stopped (ffmpeg or nginx hiccup) is started again after this long. */
const RESTART_MS = 5_000;

export interface DemoLive {
  /** The always-live session's id, its RTMP port. */
  sessionId: number;
  rtmpPort: number;
  stop(): Promise<void>;
}

/** The keys of the demo's `always` sessions in content/demo/live/*.json. */
export function alwaysLiveKeys(contentDir: string): string[] {
  const root = join(contentDir, 'live');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => (JSON.parse(readFileSync(join(root, f), 'utf8')) as { sessions: { key: string; always?: boolean }[] }).sessions)
    .filter((s) => s.always)
    .map((s) => s.key);
}

const hasFfmpeg = () => spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** An nginx of an earlier run that was not stopped (the server was killed): its pid file in our work folder. */
async function stopStale(work: string) {
  const pid = Number((await readFile(join(work, 'nginx.pid'), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 1) return;
  const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (cmd.includes('nginx') && cmd.includes(work)) process.kill(pid, 'SIGTERM');
}

/**
 * The demo's always-live class (docs/live.md, "Demo content"): an nginx RTMP ingest of its own (on a free loopback
 * port, recording nothing, HLS into LIVE_HLS_DIR where the server serves it) and ffmpeg pushing a pre-rendered
 * one-minute demo stream in a loop, without encoding, into the session's stream key. The server's own ingest
 * callbacks let it in (it is scheduled from now), so learners find it 直播中 and enter it by tapping. Its planned
 * end is kept ahead while it runs. Returns null, with the reason logged, when a tool is missing.
 */
export async function startDemoLive(db: Database, config: Config, contentDir: string, log: (line: string) => void): Promise<DemoLive | null> {
  const keys = alwaysLiveKeys(contentDir);
  if (keys.length === 0) return null;
  const [session] = await db
    .select({ id: liveSessions.id, title: liveSessions.title, streamKey: liveSessions.streamKey })
    .from(liveSessions)
    .where(inArray(liveSessions.key, keys))
    .limit(1);
  if (!session) return null;
  const off = (why: string) => (log(`demo live class 《${session.title}》 is off: ${why}; it shows as 预告 until its time passes`), null);
  const nginx = findNginx();
  const mod = nginx ? await rtmpModule(nginx) : { error: 'nginx is not installed' };
  if ('error' in mod) return off(`${mod.error} (Debian: apt-get install nginx-light libnginx-mod-rtmp)`);
  if (!hasFfmpeg()) return off('ffmpeg is not installed (Debian: apt-get install ffmpeg)');
  if (!['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.HOST)) return off(`the ingest calls the server on loopback, which HOST=${config.HOST} does not listen on`);

  const inMemory = config.DATA_DIR.startsWith('memory://');
  const work = resolve(dataPath(config.DATA_DIR, 'live/demo'));
  await mkdir(work, { recursive: true });
  await stopStale(work);
  const loop = join(work, `loop-${LOOP_SECONDS}s.flv`);
  if (!existsSync(loop)) {
    await renderDemoStream(`${loop}.part`, LOOP_SECONDS);
    await rename(`${loop}.part`, loop);
  }

  const rtmpPort = await freePort();
  const ingest: RunningIngest = await startIngest(nginx!, {
    work,
    hlsDir: config.LIVE_HLS_DIR,
    recordDir: join(work, 'rec'),
    rtmpPort,
    callback: `http://127.0.0.1:${config.PORT}/live/ingest`,
    secret: config.LIVE_INGEST_SECRET,
    fragment: '2s',
    module: mod.module,
    record: false,
  });

  let stopping = false;
  let pusher: ChildProcess | undefined;
  let restart: NodeJS.Timeout | undefined;
  let failures = 0;
  const push = () => {
    const target = `rtmp://127.0.0.1:${rtmpPort}/live/${session.streamKey}`;
    pusher = spawn('ffmpeg', ['-v', 'error', '-re', '-stream_loop', '-1', '-i', loop, '-c', 'copy', '-f', 'flv', target], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    pusher.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-300)));
    pusher.once('exit', (code) => {
      if (stopping) return;
      // Said once, then quiet: the ingest or the server may be restarting; it is tried again and again.
      if (failures++ === 0) log(`demo live stream stopped (${code}): ${err.trim().split('\n').pop() ?? ''}; starting it again every ${RESTART_MS / 1000} s`);
      restart = setTimeout(push, RESTART_MS);
    });
  };
  push();

  // The class stays live: its planned end moves ahead (and an end a stop caused is undone by the next publish).
  const keep = async () => {
    const now = Date.now();
    await db
      .update(liveSessions)
      .set({ endsAt: new Date(now + EXTEND_TO_MS) })
      .where(and(eq(liveSessions.id, session.id), lt(liveSessions.endsAt, sql`${new Date(now + AHEAD_MS).toISOString()}::timestamptz`)));
  };
  await keep();
  const timer = setInterval(
    () => void keep().catch((e: unknown) => log(`demo live class: could not move its end ahead: ${e instanceof Error ? e.message : String(e)}`)),
    KEEP_EVERY_MS,
  );
  timer.unref();
  log(`demo live class 《${session.title}》 (liveID ${session.id}): a looping demo stream into nginx RTMP on 127.0.0.1:${rtmpPort}, live whenever the server runs`);

  return {
    sessionId: session.id,
    rtmpPort,
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearTimeout(restart);
      if (pusher && pusher.exitCode === null) {
        const gone = new Promise((ok) => pusher!.once('exit', ok));
        pusher.kill('SIGTERM');
        await gone;
      }
      await ingest.stop();
      if (inMemory) await rm(work, { recursive: true, force: true });
    },
  };
}

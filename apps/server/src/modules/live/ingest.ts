import { timingSafeEqual } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { LIVE_OPEN_BEFORE_MS, LIVE_STATUS } from '@kaoshi/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { claimWaiting, type Held, type JobClaim } from '../../platform/job-claim.ts';
import type { MediaStore } from '../video/index.ts';
import { createIngestStore, type IngestSession } from './ingest-store.ts';
import { makeReplay, recordingsOf } from './replay.ts';

/** A first publish is accepted until this long after the planned end. */
export const PUBLISH_AFTER_END_MS = 30 * 60_000;
/** An encoder that stopped before the planned end may publish again within this long: the session re-opens. */
export const RECONNECT_MS = 5 * 60_000;
/** How often leftover recordings and streams that vanished without a callback are looked for. */
export const SWEEP_EVERY_MS = 60_000;
/** A stream key: what the operator command makes (letters and digits), or a seed's (also - and _). */
export const STREAM_KEY = /^[A-Za-z0-9_-]{8,128}$/;

type Session = Pick<IngestSession, 'provider' | 'state' | 'startsAt' | 'endsAt' | 'liveEndedAt'>;

/** Whether a stopped session may still be re-opened by its encoder (a stop before the planned end, not long ago). */
export function canReopen(s: Session, now: number): boolean {
  const stop = s.liveEndedAt?.getTime();
  return s.state === 'ended' && stop !== undefined && now - stop <= RECONNECT_MS && stop < s.endsAt.getTime();
}

/** on_publish's decision (docs/live.md, "Ingest"): the refusal's reason (English, for the log) or how it opens. */
export function publishDecision(s: Session | undefined, now: number): { refused: string } | { reopen: boolean } {
  if (!s || s.provider !== 'self') return { refused: 'unknown stream key' };
  if (s.state === 'live') return { reopen: false };
  if (s.state === 'ended') return canReopen(s, now) ? { reopen: true } : { refused: 'session ended' };
  if (now < s.startsAt.getTime() - LIVE_OPEN_BEFORE_MS) return { refused: 'too early' };
  if (now > s.endsAt.getTime() + PUBLISH_AFTER_END_MS) return { refused: 'too late' };
  return { reopen: false };
}

const isDir = (path: string) =>
  stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
const mtime = (path: string) =>
  stat(path).then(
    (s) => s.mtimeMs,
    () => null,
  );

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export interface IngestDeps {
  db: Database;
  clock: Clock;
  config: Config;
  store: MediaStore;
  log: FastifyBaseLogger;
  /** Claims (platform/job-claim.ts): a replay remake holds `live replay <session id>` while it runs. */
  claim: JobClaim;
  onStatus(sessionId: number, status: number): void;
}

/**
 * The sweep's job name: one per machine (it reads this machine's recording and HLS folders), so the processes of
 * a machine take turns and every machine with an ingest sweeps its own.
 */
export const sweepJobName = () => `live ingest sweep ${hostname()}`;
/** The hold a replay remake takes: one remake of a session at a time across processes and machines. */
export const remakeHold = (sessionId: number) => `live replay ${sessionId}`;

/**
 * nginx-rtmp's callbacks (docs/live.md, "Ingest"): POST /live/ingest/{publish,publish_done,record_done,update},
 * form bodies. Only from loopback when LIVE_INGEST_SECRET is not set; with it, only with `?secret=` (from anywhere).
 * A 2xx lets a publish (or a running stream, on update) go on; 403 stops it.
 */
export function installIngest(app: FastifyInstance, deps: IngestDeps): { sweep: () => Promise<void> } {
  const store = createIngestStore(deps.db);
  const recordDir = resolve(deps.config.LIVE_RECORD_DIR);
  const hlsDir = resolve(deps.config.LIVE_HLS_DIR);
  const log = deps.log;
  const secret = deps.config.LIVE_INGEST_SECRET;

  const callerRefused = (request: FastifyRequest): string | null => {
    if (secret) {
      const given = Buffer.from(String((request.query as Record<string, unknown>).secret ?? ''));
      const want = Buffer.from(secret);
      return given.length === want.length && timingSafeEqual(given, want) ? null : 'wrong secret';
    }
    return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip) ? null : 'not from loopback';
  };
  const refuse = (reply: FastifyReply, reason: string, extra: Record<string, unknown> = {}) => {
    log.warn({ reason, ...extra }, 'live ingest callback refused');
    return reply.code(403).type('text/plain').send('forbidden');
  };
  const ok = (reply: FastifyReply) => reply.code(200).type('text/plain').send('ok');
  /** The session named by the callback's `name` (its stream key), after the caller was checked. */
  const sessionOf = async (request: FastifyRequest) => {
    const name = String((request.body as Record<string, unknown> | undefined)?.name ?? '');
    return STREAM_KEY.test(name) ? store.byStreamKey(name) : undefined;
  };
  const route = (path: string, handle: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    app.post(`/live/ingest/${path}`, async (request, reply) => {
      const refused = callerRefused(request);
      if (refused) return refuse(reply, refused, { addr: request.socket.remoteAddress, callback: path });
      return handle(request, reply);
    });

  route('publish', async (request, reply) => {
    const s = await sessionOf(request);
    const now = deps.clock();
    const decision = publishDecision(s, now);
    if ('refused' in decision) return refuse(reply, decision.refused, { sessionId: s?.id, addr: (request.body as Record<string, unknown>)?.addr });
    await store.markLive(s!.id, new Date(now));
    log.info({ sessionId: s!.id, reopen: decision.reopen, again: s!.state === 'live' }, 'live stream started');
    deps.onStatus(s!.id, LIVE_STATUS.live);
    return ok(reply);
  });

  route('publish_done', async (request, reply) => {
    const s = await sessionOf(request);
    if (s && (await store.markStopped(s.id, new Date(deps.clock())))) {
      log.info({ sessionId: s.id }, 'live stream stopped');
      deps.onStatus(s.id, LIVE_STATUS.ended);
    }
    return ok(reply);
  });

  // Every notify_update_timeout while a stream runs: an ended session (the operator's `end`) is dropped; a
  // stream whose stop was a duplicate publisher's is still on, so its session re-opens.
  route('update', async (request, reply) => {
    if ((request.body as Record<string, unknown>)?.call !== 'update_publish') return ok(reply);
    const s = await sessionOf(request);
    const now = deps.clock();
    if (s?.state === 'live') return ok(reply);
    if (s && canReopen(s, now)) {
      await store.markLive(s.id, new Date(now));
      deps.onStatus(s.id, LIVE_STATUS.live);
      return ok(reply);
    }
    return refuse(reply, s ? 'session ended' : 'unknown stream key', { sessionId: s?.id });
  });

  route('record_done', async (request, reply) => {
    const s = await sessionOf(request);
    if (!s) {
      log.warn('recording of an unknown stream left in the recording folder');
      return ok(reply);
    }
    const path = String((request.body as Record<string, unknown>)?.path ?? '');
    const upTo = Number(/-(\d+)\.flv$/.exec(path)?.[1] ?? Infinity);
    void remake(s.id, upTo, 'wait');
    return ok(reply);
  });

  // One remake at a time per session: in this process a queue (a reconnect's recording waits for the one before),
  // across processes the session's hold (a record_done waits for another process's remake; the sweep passes).
  let closing = false;
  const queue = new Map<number, Promise<void>>();
  const remake = (id: number, upTo: number, mode: 'wait' | 'try') => {
    const next = (queue.get(id) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const held = mode === 'wait' ? await claimWaiting(deps.claim, remakeHold(id), () => closing) : await deps.claim({ name: remakeHold(id), everyMs: 0 });
        if (!held) {
          if (mode === 'wait') log.warn({ sessionId: id }, 'replay remake not started: the server is closing (the sweep makes it later)');
          return;
        }
        try {
          await remakeNow(id, upTo, held);
        } finally {
          await held.release();
        }
      });
    queue.set(id, next);
    void next.catch((err: unknown) => log.error({ err, sessionId: id }, 'live replay failed'));
    void next.finally(() => queue.get(id) === next && queue.delete(id)).catch(() => undefined);
    return next;
  };
  const remakeNow = async (id: number, upTo: number, held: Held) => {
    const s = await store.byId(id);
    if (!s) return;
    const sources = (await recordingsOf(recordDir, s.streamKey)).filter((f) => Number(/-(\d+)\.flv$/.exec(f)![1]) <= upTo);
    if (sources.length === 0) return log.warn({ sessionId: id }, 'no recording to make the replay of');
    await store.replayPending(id);
    try {
      const made = await makeReplay(deps.store, id, s.replayKey, sources);
      if (held.lost) log.warn({ sessionId: id }, 'replay remake outlived its hold; another process may remake it too');
      await store.replayReady(id, made.replayKey, made.durationS);
      if (s.replayKey) await deps.store.removePrefix(`${s.replayKey}/`).catch((err: unknown) => log.warn({ err, sessionId: id }, 'old replay not removed'));
      log.info({ sessionId: id, replayKey: made.replayKey, durationS: made.durationS, recordings: sources.length }, 'live replay ready');
      const after = await store.byId(id);
      if (after?.state === 'ended') {
        deps.onStatus(id, LIVE_STATUS.replay);
        if (!canReopen(after, deps.clock())) await removeFiles(sources);
      }
    } catch (err) {
      log.error({ err, sessionId: id }, 'live replay failed');
      await store.replayFailed(id);
    }
  };
  const removeFiles = (files: string[]) => Promise.all(files.map((f) => rm(f, { force: true })));

  // Recordings kept for a reconnect go once it can no longer come (those without record_done are made into the
  // replay first); a stream whose nginx vanished without publish_done (its playlist untouched for RECONNECT_MS) ends.
  const sweep = async () => {
    const now = deps.clock();
    const keys = new Set((await readdir(recordDir).catch(() => [] as string[])).map((n) => /^(.+)-\d+\.flv$/.exec(n)?.[1]).filter((k) => k !== undefined));
    for (const key of keys) {
      const s = STREAM_KEY.test(key) ? await store.byStreamKey(key) : undefined;
      if (!s || s.state !== 'ended' || canReopen(s, now) || queue.has(s.id)) continue;
      if (s.replayState === 'ready') {
        // Not while a process remakes it (it reads these files).
        const held = await deps.claim({ name: remakeHold(s.id), everyMs: 0 });
        if (!held) continue;
        await removeFiles(await recordingsOf(recordDir, key)).finally(() => held.release());
      }
      // No record_done came (nginx stopped hard), or the process remaking it died ('pending' with its hold gone):
      // the replay is made now, unless a process holds it.
      else if (s.replayState === 'none' || s.replayState === 'pending') void remake(s.id, Infinity, 'try');
    }
    // Judged only where an ingest writes (the folder exists): elsewhere nothing can tell a stream from none.
    if (!(await isDir(hlsDir))) return;
    for (const s of await store.liveNow()) {
      const touched = (await mtime(join(hlsDir, s.streamKey, 'index.m3u8'))) ?? 0;
      if (Math.max(touched, s.liveStartedAt?.getTime() ?? 0) >= now - RECONNECT_MS) continue;
      if (await store.markStopped(s.id, new Date(now))) {
        log.warn({ sessionId: s.id }, 'live stream gone without publish_done: ended');
        deps.onStatus(s.id, LIVE_STATUS.ended);
      }
    }
  };
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled([...queue.values()]);
  });
  // A test handle (only under NODE_ENV=test, like app.ts's): one run of the sweep.
  if (deps.config.NODE_ENV === 'test') app.decorate('liveIngestSweep', sweep);
  return { sweep };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingest's sweep (leftover recordings, vanished streams), a job every SWEEP_EVERY_MS; tests call it (NODE_ENV=test only). */
    liveIngestSweep?: () => Promise<void>;
  }
}

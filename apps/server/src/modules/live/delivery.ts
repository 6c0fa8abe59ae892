import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { mediaGrant, type PlayTokens } from '../../platform/media-tokens.ts';
import { sendBytes, type MediaStore } from '../video/index.ts';
import { createIngestStore, type SessionMedia } from './ingest-store.ts';
import { STREAM_KEY } from './ingest.ts';

const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' };
/** The files a session's token opens: the live playlist and fragments, the replay's, the calendar file. */
const FILE = /^(?:(index\.m3u8|\d{1,12}\.ts)|replay\/(index\.m3u8|seg-\d{5}\.ts)|(live\.ics))$/;
/** A session's media row is read at most this often per process (every fragment request asks). */
const MEDIA_CACHE_MS = 2_000;

/**
 * Live media (docs/live.md, "Delivery"): GET /media/l/<sessionId>/<token>/<file>, the token from liveTokens for that
 * session and unexpired (else 403, logged). `index.m3u8` and `<n>.ts` are the live HLS nginx writes under
 * `<hlsDir>/<streamKey>/` (served as they are: their URIs are relative, so they stay under the token);
 * `replay/…` the replay in the media store; `live.ics` the calendar entry.
 */
export function installLiveDelivery(
  app: FastifyInstance,
  deps: { db: Database; store: MediaStore; tokens: PlayTokens; icsTokens: PlayTokens; clock: Clock; hlsDir: string; ics(sessionId: number): Promise<string | null> },
): void {
  const store = createIngestStore(deps.db);
  const hlsDir = resolve(deps.hlsDir);
  const cache = new Map<number, { at: number; media: SessionMedia | undefined }>();
  const mediaOf = async (id: number) => {
    const now = Date.now();
    const hit = cache.get(id);
    if (hit && now - hit.at < MEDIA_CACHE_MS) return hit.media;
    const media = await store.media(id);
    if (cache.size >= 1_000) cache.clear();
    cache.set(id, { at: now, media });
    return media;
  };

  app.get('/media/l/:sessionId/:token/*', async (request, reply) => {
    const { sessionId: rawId, token, '*': file } = request.params as { sessionId: string; token: string; '*': string };
    const notFound = () => reply.code(404).type('text/plain').send('not found');
    const m = FILE.exec(file);
    // The calendar file has tokens of its own (tokens.ts): a media token does not open it, nor its token the media.
    const grant = mediaGrant(request, reply, m?.[3] ? deps.icsTokens : deps.tokens, rawId, token, deps.clock(), 'live media');
    if (!grant) return reply;
    const sessionId = grant.lessonId;
    if (!m) return notFound();
    const [, live, replay, ics] = m;
    if (ics) {
      const body = await deps.ics(sessionId);
      if (body === null) return notFound();
      return reply
        .header('cache-control', 'private, max-age=60')
        .header('content-disposition', `attachment; filename="live-${sessionId}.ics"`)
        .type('text/calendar; charset=utf-8')
        .send(body);
    }
    const media = await mediaOf(sessionId);
    if (!media) return notFound();
    const type = TYPES[file.split('.').pop()!]!;
    if (replay) {
      // A remake in progress ('pending') keeps the replay made before it playing.
      if (!media.replayKey) return notFound();
      const key = `${media.replayKey}/${replay}`;
      const size = await deps.store.size(key);
      if (size === null) return notFound();
      reply.header('cache-control', 'private, max-age=600').type(type);
      return sendBytes(request, reply, size, (range) => deps.store.read(key, range));
    }
    if (!STREAM_KEY.test(media.streamKey)) return notFound();
    const path = join(hlsDir, media.streamKey, live!);
    // The playlist changes every fragment (nginx replaces the file): read whole, never cached.
    if (live === 'index.m3u8') {
      const list = await readFile(path).catch(() => null);
      return list ? reply.header('cache-control', 'no-cache').type(type).send(list) : notFound();
    }
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) return notFound();
    // A fragment never changes once listed.
    reply.header('cache-control', 'private, max-age=60').type(type);
    return sendBytes(request, reply, size, async (range) => createReadStream(path, range));
  });
}

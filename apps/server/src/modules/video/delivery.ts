import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { MediaStore } from './media-store.ts';
import { cutSprite, cutVtt } from './thumbnails.ts';
import { mediaGrant, refuseMedia, type PlayTokens } from '../../platform/media-tokens.ts';
import type { LessonMedia } from './store.ts';
import { POSTER_AT, SEGMENT_SECONDS } from './transcode.ts';

const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg', vtt: 'text/vtt; charset=utf-8' };
/** The files of a lesson's media a token may open. */
const FILE = /^(?:master\.m3u8|poster\.jpg|sprite\.jpg|sprite\.vtt|([0-9a-z]+)\/(?:index\.m3u8|seg-(\d{5})\.ts))$/;

/** A rendition playlist cut after the last segment that starts before `limit` seconds (the free preview). */
export function cutPlaylist(list: string, limitSeconds: number): string {
  const out: string[] = [];
  let at = 0;
  let pending: string | null = null;
  for (const line of list.split('\n')) {
    if (line.startsWith('#EXTINF:')) {
      if (at >= limitSeconds) break;
      pending = line;
      at += Number(line.slice(8).split(',')[0]);
    } else if (pending && line && !line.startsWith('#')) {
      out.push(pending, line);
      pending = null;
    } else if (!pending && line !== '#EXT-X-ENDLIST' && line !== '') out.push(line);
  }
  return `${out.join('\n')}\n#EXT-X-ENDLIST\n`;
}

/** A file's bytes, or the asked range of them (206), or 416. */
export async function sendBytes(request: FastifyRequest, reply: FastifyReply, size: number, read: (range?: { start: number; end: number }) => Promise<Readable>) {
  reply.header('accept-ranges', 'bytes');
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) return reply.code(416).header('content-range', `bytes */${size}`).send();
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(await read({ start, end }));
  }
  return reply.header('content-length', size).send(await read());
}

/** A whole stored file (a playlist, the thumbnail map or sprite: small). */
async function readAll(store: MediaStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await store.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Protected delivery (docs/video.md): GET /media/v/<lessonId>/<token>/<file>. The token must verify for that
 * lesson and be unexpired; a preview token opens the playlists cut at its limit and no segment past it, and the
 * thumbnails (map and sprite) of its preview only. Files stream from the media store with byte ranges. Every
 * refusal is 403 (logged in English with its reason).
 */
export function installDelivery(
  app: FastifyInstance,
  deps: { lessonMedia: (lessonId: number) => Promise<LessonMedia | undefined>; store: MediaStore; tokens: PlayTokens; clock: Clock },
) {
  app.get('/media/v/:lessonId/:token/*', async (request, reply) => {
    const { lessonId: rawId, token, '*': file } = request.params as { lessonId: string; token: string; '*': string };
    const refuse = (reason: string) => refuseMedia(request, reply, 'video media', reason);
    const grant = mediaGrant(request, reply, deps.tokens, rawId, token, deps.clock(), 'video media');
    if (!grant) return reply;
    const lessonId = grant.lessonId;
    const m = FILE.exec(file);
    if (!m) return reply.code(404).type('text/plain').send('not found');
    const lesson = await deps.lessonMedia(lessonId);
    if (!lesson) return reply.code(404).type('text/plain').send('not found');
    const [, rendition, seg] = m;
    if (rendition !== undefined && !lesson.renditions.includes(rendition)) return reply.code(404).type('text/plain').send('not found');
    const limit = grant.limitSeconds;
    if (limit > 0 && seg !== undefined && Number(seg) * SEGMENT_SECONDS >= limit) return refuse('past the preview');
    if (limit > 0 && file === 'poster.jpg' && lesson.durationS * POSTER_AT >= limit) return refuse('past the preview');
    const key = `${lesson.mediaKey}/v${lesson.mediaVersion}/${file}`;
    const size = await deps.store.size(key);
    if (size === null) return reply.code(404).type('text/plain').send('not found');
    reply.header('cache-control', 'private, max-age=600').type(TYPES[file.split('.').pop()!]!);
    if (limit > 0 && rendition !== undefined && file.endsWith('.m3u8')) return reply.send(cutPlaylist((await readAll(deps.store, key)).toString('utf8'), limit));
    if (limit > 0 && file.startsWith('sprite.')) {
      // The map decides which frames the preview shows; without it no frame is known to be in the preview.
      const mapKey = `${lesson.mediaKey}/v${lesson.mediaVersion}/sprite.vtt`;
      if ((await deps.store.size(mapKey)) === null) return reply.code(404).type('text/plain').send('not found');
      const map = (await readAll(deps.store, mapKey)).toString('utf8');
      return reply.send(file === 'sprite.vtt' ? cutVtt(map, limit) : await cutSprite(await readAll(deps.store, key), map, limit));
    }
    return sendBytes(request, reply, size, (range) => deps.store.read(key, range));
  });
}

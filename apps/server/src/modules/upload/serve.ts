import { parseUploadKey } from '@kaoshi/contract';
import type { FastifyInstance } from 'fastify';
import { sendBytes, type MediaStore } from '../video/index.ts';
import type { UploadUrls } from './urls.ts';

/**
 * GET /media/u/<userID>/<purpose>/<name>.jpg (docs/uploads.md): avatars to anyone, cached for good; feedback
 * screenshots only with their URL's unexpired signature (urls.ts), kept private. Every refusal is a plain 404, so a
 * key's existence is not told. Served as image/jpeg with nosniff (the bytes are our own re-encoded JPEG anyway).
 */
export function installUploadServing(app: FastifyInstance, deps: { media: MediaStore; urls: () => UploadUrls }) {
  app.get('/media/u/:userId/:purpose/:name', async (request, reply) => {
    const { userId, purpose, name } = request.params as Record<string, string>;
    const key = `u/${userId}/${purpose}/${name}`;
    const notFound = () => reply.code(404).type('text/plain').send('not found');
    const p = parseUploadKey(key);
    if (!p) return notFound();
    const q = request.query as Record<string, unknown>;
    if (p.purpose === 'feedback' && !deps.urls().check(key, q.e, q.s)) return notFound();
    const size = await deps.media.size(key);
    if (size === null) return notFound();
    reply
      .header('cache-control', p.purpose === 'avatar' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('content-disposition', 'inline')
      .type('image/jpeg');
    return sendBytes(request, reply, size, (range) => deps.media.read(key, range));
  });
}

import type { FastifyInstance } from 'fastify';
import { IMAGE_NAME } from '@kaoshi/contract';
import type { QuestionStore } from './store.ts';

/** An SVG is shown as an image only: no script, no external loads, inline styles allowed. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * GET /api/images/:appID/:name — the bytes of a question image (not a contract call): its own Content-Type,
 * nosniff, a year's cache with the SHA-256 as ETag, and for SVG a CSP under which it can never run script.
 * Anything unknown (bad subject number, a name that is not IMAGE_NAME, no such image) is a plain 404.
 */
export function installImageRoute(app: FastifyInstance, store: QuestionStore) {
  app.get<{ Params: { appID: string; name: string } }>('/api/images/:appID/:name', async (request, reply) => {
    const { appID, name } = request.params;
    const image = /^[1-9]\d{0,8}$/.test(appID) && IMAGE_NAME.test(name) ? await store.image(Number(appID), name) : undefined;
    reply.header('x-content-type-options', 'nosniff');
    if (!image) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    const etag = `"${image.sha256}"`;
    reply.header('cache-control', LONG_CACHE).header('etag', etag);
    if (image.mime === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(image.mime).send(image.bytes);
  });
}

import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, Status } from '@kaoshi/contract';

/** Paths that are calls, never pages of the web app. */
export const isCallPath = (url: string): boolean => /^\/(api|ksbao|user|__test__)(\/|$|\?)/.test(url);

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** The app's icon (favicon.svg; favicon.ico holds it at 16, 32 and 48 px), served whether or not the web app is. */
const ICONS = [
  { url: '/favicon.ico', type: 'image/x-icon', body: readFileSync(new URL('./favicon.ico', import.meta.url)) },
  { url: '/favicon.svg', type: 'image/svg+xml', body: readFileSync(new URL('./favicon.svg', import.meta.url)) },
];

/**
 * Serve the built web app from `dir` when it exists, precompressed copies by Accept-Encoding: /assets/* cached for a year (hashed names),
 * index.html never cached, and every other GET for a page answered with index.html (history mode). The app's icon
 * is served in any case (the server's own pages, such as the sandbox's pay page, show it too).
 * Unknown call paths answer the reply shape with body status 404 (408 during maintenance).
 */
export async function installWebAndFallback(app: FastifyInstance, dir: string, opts: { maintenance: boolean }) {
  for (const icon of ICONS) app.get(icon.url, (_request, reply) => reply.type(icon.type).header('cache-control', 'public, max-age=86400').send(icon.body));
  const hasWeb = existsSync(join(dir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dir,
      // The build writes <file>.br and <file>.gz beside each text asset (apps/web/build/precompress-plugin.ts):
      // sent by Accept-Encoding (with Vary), the file itself otherwise.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // A shared cache must keep the brotli, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
        if (path.includes(`${sep}assets${sep}`)) res.setHeader('cache-control', LONG_CACHE);
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn(`Web app not found at ${dir}; serving the API only (build it with npm run build -w apps/web)`);
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isCallPath(request.url)) {
      const status = opts.maintenance ? Status.MAINTENANCE : Status.NOT_FOUND;
      return reply.code(200).send({ status, msg: opts.maintenance ? MSG.maintenance : '接口不存在', data: null });
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && String(request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

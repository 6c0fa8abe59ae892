import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG, Status } from '@kaoshi/contract';
import { loadPagePreloads, withPageData } from './page-preload.ts';
import { tenantHint, type TenantHint } from './tenancy.ts';

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
export async function installWebAndFallback(app: FastifyInstance, dir: string, opts: { maintenance: boolean; agentInfo?: (hint: TenantHint) => Promise<unknown> }) {
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

  const pageFor = hasWeb ? loadPagePreloads(dir) : () => undefined;
  // Read once, like the preloads: a new web build is served after a restart (the deploy restarts: docs/deploy.md).
  const indexHtml = hasWeb ? readFileSync(join(dir, 'index.html'), 'utf8') : '';
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const page = pageFor(request.url);
    const agent = await pageAgent(request);
    if (!page && !agent) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(withPageData(page ?? indexHtml, agent));
  };
  // The agent info call's reply for this page's tenant, so that a first visit does not wait for it after the entry
  // has run (app/first-screen.ts takes it when the ac it would ask for is the same). None during maintenance, for an
  // ac that is not an agent code, or when the tenant is unknown: the app then asks as before.
  const pageAgent = async (request: FastifyRequest) => {
    if (!opts.agentInfo || opts.maintenance) return undefined;
    const acParam = new URLSearchParams(request.url.split('?')[1] ?? '').get('ac')?.trim() || null;
    if (acParam !== null && !/^\d{1,12}$/.test(acParam)) return undefined;
    try {
      return { ac: acParam, data: await opts.agentInfo(tenantHint({ ac: acParam ?? undefined }, request.hostname)) };
    } catch {
      return undefined;
    }
  };
  // '/' is the app for any client (as a static index would be), with its screen's preloads.
  if (hasWeb) app.get('/', sendPage);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isCallPath(request.url)) {
      const status = opts.maintenance ? Status.MAINTENANCE : Status.NOT_FOUND;
      return reply.code(200).send({ status, msg: opts.maintenance ? MSG.maintenance : '接口不存在', data: null });
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && String(request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) return sendPage(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

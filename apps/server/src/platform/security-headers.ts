import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isCallPath } from './static.ts';

/**
 * Content Security Policy of the web app: scripts only from this origin (no inline script, so injected
 * markup cannot run code); styles may be inline (antd-mobile and the theme variable set them); images
 * and media from https (question images, video hosts); calls to this origin or https hosts (each call
 * group may have its own base URL).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * helmet's headers (CSP, nosniff, frame and referrer policies ...) on the web app's pages and assets,
 * with the middleware built once. JSON replies of calls get only `nosniff`: a policy for documents
 * means nothing on them, and the hot calls stay cheap.
 */
export function installSecurityHeaders(app: FastifyInstance, opts: { frameHosts?: readonly string[] } = {}) {
  // /cczbPage frames a third-party live player (docs/live.md): only its hosts (LIVE_CC_HOSTS), over https.
  const frameSrc = (opts.frameHosts ?? []).filter((h) => /^[a-z0-9.-]+$/i.test(h)).map((h) => `https://${h}`);
  const secure = helmet({ contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, frameSrc: ["'self'", ...frameSrc] } } });
  app.addHook('onRequest', (request, reply, done) => {
    if (isCallPath(request.url)) {
      reply.header('x-content-type-options', 'nosniff');
      return done();
    }
    secure(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

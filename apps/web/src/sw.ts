/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
// The page empties this cache at logout (lib/reading-cache.ts).
import { READING_CACHE } from './lib/reading-cache';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';

/**
 * The service worker (docs/reading.md "Offline"; Workbox through vite-plugin-pwa, injectManifest): the page and the
 * app's code are precached (the video and PDF libraries are kept once loaded); reading content a learner opened (handouts, theory, the pocket
 * book, their images and PDFs) is answered from the network when there is one and from the cache when not, so a page
 * opened once opens on the train. Nothing else is cached: every other call goes to the network as before.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A new version takes over at once and controls the open pages, so what the learner reads next is kept already.
void self.skipWaiting();
clientsClaim();

// Pages: the network first (a deploy shows at once); offline, the app shell, which routes on the client.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (opts) => {
      try {
        return await fetch(opts.request);
      } catch {
        return shell(opts);
      }
    },
    { denylist: [/^\/(api|ksbao|user|media|__test__)\//] },
  ),
);

// Hashed chunks never change: once a screen has loaded, its code is kept.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'kaoshi-assets', plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);

/**
 * Reading replies are kept without the session in their key (the guid and _u parameters, the PDF link's token) and
 * without the client's cache-buster (v), only
 * when the body says 200; the page empties the cache when the learner logs out, so no one else reads them.
 */
const withoutSecrets: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    // The session and the learner (the cache is the signed-in learner's), and the client's cache-buster `v`.
    for (const name of ['guid', '_u', 'v']) url.searchParams.delete(name);
    url.searchParams.sort();
    url.pathname = url.pathname.replace(/^\/media\/r\/(\d+)\/[^/]+\//, '/media/r/$1/');
    return url.toString();
  },
  cacheWillUpdate: async ({ response }) => {
    if (!response.ok) return null;
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
    const body = (await response.clone().json()) as { status?: number };
    return body.status === 200 ? response : null;
  },
};
const READING_CALLS = /^\/api\/(reading\/(catalog|content)|pocketaccess\/(menu|content)|dailyNote\/list)$/;
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && READING_CALLS.test(url.pathname),
  new NetworkFirst({ cacheName: READING_CACHE, networkTimeoutSeconds: 6, plugins: [withoutSecrets, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
);
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && (url.pathname.startsWith('/media/r/') || url.pathname.startsWith('/api/images/')),
  new CacheFirst({ cacheName: READING_CACHE, plugins: [withoutSecrets, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
);

/**
 * The service worker's cache of reading content (src/sw.ts) belongs to the signed-in learner: emptied at logout so
 * the next learner on the device never reads it. Harmless where there is no Cache Storage.
 */
export const READING_CACHE = 'kaoshi-reading-v1';

export function forgetReadingCache(): void {
  try {
    if (typeof caches !== 'undefined') void caches.delete(READING_CACHE).catch(() => undefined);
  } catch {
    /* no Cache Storage (old WebView, private mode) */
  }
}

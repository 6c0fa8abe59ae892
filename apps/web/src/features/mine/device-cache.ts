import { clearSets, countSets } from '../../entities/practice/question-store';
import { READING_CACHE } from '../../lib/reading-cache';

/**
 * What this device keeps to open screens offline or faster, for /currency and /abnormal_repair (docs/navigation.md):
 * the kept question sets (IndexedDB 'kaoshi-practice'), the reading content the service worker kept, and the video
 * and PDF libraries it kept once loaded. 清理缓存 drops those; it never touches the outboxes (answers, exam replies,
 * reading marks and video progress not yet sent), the session, the selected subject or the device's settings. The
 * app's own code (the service worker's precache) stays too, so the app still opens offline.
 */

/** The service worker's runtime caches that 清理缓存 empties (src/sw.ts). */
export const CLEARABLE_CACHES = [READING_CACHE, 'kaoshi-assets'] as const;

export interface CacheFacts {
  /** Question sets kept for offline practice. */
  questionSets: number;
  /** Responses kept by the service worker (reading content, libraries). */
  keptFiles: number;
  /** What the browser says this site stores in all (bytes), or null when it cannot tell. */
  usageBytes: number | null;
}

async function cachedFiles(): Promise<number> {
  try {
    if (typeof caches === 'undefined') return 0;
    let n = 0;
    for (const name of CLEARABLE_CACHES) if (await caches.has(name)) n += (await (await caches.open(name)).keys()).length;
    return n;
  } catch {
    return 0;
  }
}

async function usage(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.usage === 'number' ? estimate.usage : null;
  } catch {
    return null;
  }
}

/** Never throws: what cannot be read counts 0 (or null for the total). */
export async function cacheFacts(): Promise<CacheFacts> {
  const [questionSets, keptFiles, usageBytes] = await Promise.all([countSets(), cachedFiles(), usage()]);
  return { questionSets, keptFiles, usageBytes };
}

/** Drops the kept question sets and the service worker's runtime caches. Never throws. */
export async function clearDeviceCaches(): Promise<void> {
  await clearSets();
  try {
    if (typeof caches !== 'undefined') await Promise.all(CLEARABLE_CACHES.map((name) => caches.delete(name).catch(() => false)));
  } catch {
    /* no Cache Storage */
  }
}

/** A size for people: '—' when unknown, else B, KB or MB with one decimal. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

import { safeInternalPath } from './safe-path';
import { sessionCache } from './storage';

/**
 * Where to go once a subject is chosen, when a screen sent the learner to choose one (docs/web-shell.md, "Subject
 * of a deep link"): the screen they were on — a group-buy invitation, a promotion link — instead of the home page.
 * Kept for this tab for 10 minutes and taken once.
 */
const VALID_MS = 10 * 60_000;

export function rememberSubjectReturn(path: string, now = Date.now()): void {
  const safe = safeInternalPath(path);
  if (safe) sessionCache.setJSON('subjectReturn', { path: safe, at: now });
}

export function takeSubjectReturn(now = Date.now()): string | null {
  const kept = sessionCache.getJSON<{ path?: unknown; at?: unknown }>('subjectReturn');
  sessionCache.remove('subjectReturn');
  if (!kept || typeof kept.path !== 'string' || typeof kept.at !== 'number' || now - kept.at > VALID_MS) return null;
  return safeInternalPath(kept.path);
}

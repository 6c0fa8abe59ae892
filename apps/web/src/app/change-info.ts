import { SESSION_CHECK_INTERVAL_MS, Status, cancelChangeLog, getChangeInfo } from '@kaoshi/contract';
import { call, callReply } from '../api/client';
import { acFromSearch, cachedAgentCode, withAc } from '../lib/ac';
import { navigateTo, type Navigate } from '../lib/navigation';
import { getGuid } from '../lib/session';
import { clearSubjectCaches } from '../lib/subject';

/**
 * (5) Every 30 s, when a session exists, getChangeInfo. Body status 200 means the learner's purchases
 * changed: the cached subject, tier and purchase data are removed, cancelChangeLog marks the changes as
 * seen, and the learner goes to /homePage?fromUrl=mainJS. 202 (nothing changed) does nothing.
 */

export const CHANGE_TARGET = '/homePage?fromUrl=mainJS';

/** One check; resolves true when a change was handled. Errors are swallowed (401/408 still apply). */
export async function checkChangeInfo(navigate: Navigate = navigateTo): Promise<boolean> {
  if (!getGuid()) return false;
  try {
    const reply = await callReply(getChangeInfo, {}, { silent: true });
    if (reply.status !== Status.OK) return false;
  } catch {
    return false;
  }
  clearSubjectCaches();
  await call(cancelChangeLog, {}, { silent: true }).catch(() => undefined);
  navigate(withAc(CHANGE_TARGET, acFromSearch(window.location.search) ?? cachedAgentCode()));
  return true;
}

/** Starts the periodic check; returns a stop function. `onChange` runs after a handled change. */
export function startChangeInfoPoll(opts: { intervalMs?: number; navigate?: Navigate; onChange?: () => void } = {}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || !getGuid()) return;
    running = true;
    checkChangeInfo(opts.navigate)
      .then((changed) => {
        if (changed) opts.onChange?.();
      })
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs ?? SESSION_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}

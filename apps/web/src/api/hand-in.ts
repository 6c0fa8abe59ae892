import { simulationHandIn } from '@kaoshi/contract';
import { call, isApiError } from './client';
import { errorText } from '../lib/error-text';

/**
 * Hands a session in once its replies are flushed (the 机考 screen and the player's scored sessions share it).
 * Answers null when the result is on the server — handed now, or a refusal such as "already handed in" that
 * means it holds the result — and also when an automatic hand-in at the deadline ran out of retries (the server
 * hands in by itself then); otherwise the Chinese text of the failure for the learner.
 */
export async function sendHandIn(examHistoryID: number, auto: boolean): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await call(simulationHandIn, { examHistoryID }, { silent: true, allowedRepeat: true });
      return null;
    } catch (err) {
      if (isApiError(err) && err.kind === 'reply' && err.status !== 401 && err.status !== 408) return null;
      if (!auto) return errorText(err);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  return null;
}

/** The learner's own hand-in waits for every answer to reach the server first. */
export const UNSAVED_BEFORE_HAND_IN = '网络异常，还有答案未保存，请检查网络后再交卷';

/**
 * Flushes the session's queued replies, then hands in: the learner's own hand-in is refused (answering
 * UNSAVED_BEFORE_HAND_IN) while replies are left unsent; the automatic one at the deadline goes anyway: the
 * time is up, and what reached the server (within the grace) is what counts. Answers null or the Chinese problem.
 */
export async function flushAndHandIn(examHistoryID: number, auto: boolean, flush: () => Promise<{ left: number }>): Promise<string | null> {
  const flushed = await flush();
  if (!auto && flushed.left > 0) return UNSAVED_BEFORE_HAND_IN;
  return sendHandIn(examHistoryID, auto);
}

import { simulationHandIn, type DataOf } from '@kaoshi/contract';
import { call, isApiError } from '../../api/client';
import { errorText } from '../../lib/error-text';

/** What a hand-in answers: the result with its review (the result screen shows it as it is). */
export type HandedResult = DataOf<typeof simulationHandIn>;

/** A hand-in's outcome: `problem` (Chinese, for the learner) when it failed, else the result when the server sent it. */
export interface HandInOutcome {
  problem: string | null;
  result: HandedResult | null;
}

/**
 * Hands a session in once its replies are flushed (the 机考 screen and the player's scored sessions share it).
 * No problem when the result is on the server — handed now (with the result), or a refusal such as "already
 * handed in" that means it holds the result — and also when an automatic hand-in at the deadline ran out of
 * retries (the server hands in by itself then); otherwise the Chinese text of the failure for the learner.
 */
export async function sendHandIn(examHistoryID: number, auto: boolean): Promise<HandInOutcome> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const result = await call(simulationHandIn, { examHistoryID }, { silent: true, allowedRepeat: true });
      return { problem: null, result };
    } catch (err) {
      if (isApiError(err) && err.kind === 'reply' && err.status !== 401 && err.status !== 408) return { problem: null, result: null };
      if (!auto) return { problem: errorText(err), result: null };
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  return { problem: null, result: null };
}

/** The learner's own hand-in waits for every answer to reach the server first. */
export const UNSAVED_BEFORE_HAND_IN = '网络异常，还有答案未保存，请检查网络后再交卷';

/**
 * Flushes the session's queued replies, then hands in: the learner's own hand-in is refused (answering
 * UNSAVED_BEFORE_HAND_IN) while replies are left unsent; the automatic one at the deadline goes anyway: the
 * time is up, and what reached the server (within the grace) is what counts.
 */
export async function flushAndHandIn(examHistoryID: number, auto: boolean, flush: () => Promise<{ left: number }>): Promise<HandInOutcome> {
  const flushed = await flush();
  if (!auto && flushed.left > 0) return { problem: UNSAVED_BEFORE_HAND_IN, result: null };
  return sendHandIn(examHistoryID, auto);
}

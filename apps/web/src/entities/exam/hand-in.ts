import { simulationHandIn, type DataOf } from '@kaoshi/contract';
import { call, isApiError } from '../../api/client';
import { errorText } from '../../lib/error-text';
import { repliesForHandIn } from '../../lib/outbox/exam';

/** What a hand-in answers: the result with its review (the result screen shows it as it is). */
export type HandedResult = DataOf<typeof simulationHandIn>;

/** A hand-in's outcome: `problem` (Chinese, for the learner) when it failed, else the result when the server sent it. */
export interface HandInOutcome {
  problem: string | null;
  result: HandedResult | null;
  /** Replies the hand-in carried that the sheet does not hold (another device handed in first, the time was up). */
  notCounted?: number;
}

/** Said when some answers the hand-in carried did not count. */
export const notCountedText = (n: number) => `本机有 ${n} 题的答案未计入成绩：试卷已由另一台设备交卷或作答时间已过`;

/** The learner's own hand-in waits for every answer to reach the server first. */
export const UNSAVED_BEFORE_HAND_IN = '网络异常，还有答案未保存，请检查网络后再交卷';

/** A refusal of the server (not the network, a timeout or a 5xx): the sheet's fate is decided there. */
const decided = (err: unknown) => isApiError(err) && err.kind === 'reply' && err.status !== 401 && err.status !== 408;

/**
 * Hands a session in with `replies` (the device's unsent ones; the 机考 screen and the player's scored sessions
 * share it). `delivered`: the server has the sheet and what was carried — handed now (with the result), or a
 * refusal such as "already handed in" that means it holds the result. No problem then, and none when an automatic
 * hand-in at the deadline ran out of retries (the server hands in by itself); otherwise the Chinese text of the
 * failure for the learner (UNSAVED_BEFORE_HAND_IN when answers were carried and the network failed).
 */
export async function sendHandIn(examHistoryID: number, auto: boolean, replies?: string): Promise<HandInOutcome & { delivered: boolean }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const result = await call(simulationHandIn, { examHistoryID, ...(replies !== undefined && { replies }) }, { silent: true, allowedRepeat: true });
      return { problem: null, result, delivered: true };
    } catch (err) {
      if (decided(err)) return { problem: null, result: null, delivered: true };
      if (!auto) return { problem: replies !== undefined && !(isApiError(err) && err.status === 401) ? UNSAVED_BEFORE_HAND_IN : errorText(err), result: null, delivered: false };
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  return { problem: null, result: null, delivered: false };
}

/**
 * Hands in with the session's waiting replies carried by the hand-in itself (one request at the minute a whole
 * cohort hands in; the server writes them in the seal's transaction), dropped from the outbox once delivered.
 * More than one batch waiting: they are flushed first, and the learner's own hand-in is refused
 * (UNSAVED_BEFORE_HAND_IN) while some are left unsent. The automatic one at the deadline goes anyway: the time is
 * up, and what reaches the server within the grace is what counts.
 */
export async function flushAndHandIn(examHistoryID: number, auto: boolean, flush: () => Promise<{ left: number }>): Promise<HandInOutcome> {
  let carried = await repliesForHandIn(examHistoryID);
  if (!carried) {
    const flushed = await flush();
    if (!auto && flushed.left > 0) return { problem: UNSAVED_BEFORE_HAND_IN, result: null };
    carried = await repliesForHandIn(examHistoryID);
  }
  let out = await sendHandIn(examHistoryID, auto, carried?.replies);
  // Refused with what it carried (a reply the contract does not take — autosave would refuse it too): the sheet
  // is handed in without them (a sheet already handed answers its result the same).
  if (out.delivered && out.result === null && carried?.replies !== undefined) out = await sendHandIn(examHistoryID, auto);
  if (out.delivered) await carried?.delivered().catch(() => undefined);
  const sent = carried?.replies === undefined ? 0 : (JSON.parse(carried.replies) as unknown[]).length;
  const held = out.result?.repliesSaved;
  return { problem: out.problem, result: out.result, ...(held !== undefined && held < sent && { notCounted: sent - held }) };
}

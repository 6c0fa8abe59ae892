import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../ui/dialogs';
import { numberList } from '../../lib/exam-model';
import { useExamSession } from '../../entities/exam/session';
import { sessionResultPath } from '../../entities/practice/session-source';
import type { SessionInfo } from '../../entities/practice/sources';
import styles from './player.module.css';

/**
 * The exam-session side of the player for the `session` source (docs/practice-screens.md "Practice
 * sessions"), on the exam-session hook the 机考 screen uses too (entities/exam/session.ts): each answer goes to
 * the exam outbox and leaves in batches; the server's countdown when the session has a deadline; '交卷'
 * flushes the queue, hands in and opens /examResult. Inert (every effect a no-op) when the set has no session.
 */

/** A batch goes this long after the last answer (and the outbox scheduler sends what waits every 20 s). */
export const SESSION_SAVE_DEBOUNCE_MS = 1_500;
export const HAND_IN_NOTE = '交卷后将不能再修改答案，确定交卷吗？';

/** The hand-in confirmation: what is still unanswered, by question number. */
export function sessionHandInLines(unanswered: readonly number[]): string[] {
  return [unanswered.length > 0 ? `还有 ${unanswered.length} 题未答：第 ${numberList(unanswered)} 题` : '全部试题已作答', HAND_IN_NOTE];
}

export interface SessionRun {
  /** Replies of this session still on the device. */
  pending: number;
  /** The last batch failed for the network (retried automatically). */
  saveError: boolean;
  /** Seconds left by the server's clock; null: untimed. */
  left: number | null;
  busy: boolean;
  /** Queues one answer (never waits for the network). */
  record: (r: { allTestID: number; reply: string; spendTime: number }) => void;
  /** '交卷' with the confirmation; `unanswered` = question numbers (1-based). */
  askHandIn: (unanswered: readonly number[]) => Promise<void>;
}

export function useSessionRun(info: SessionInfo | undefined): SessionRun | null {
  const navigate = useNavigate();
  const id = info?.examHistoryID ?? 0;
  const run = useExamSession({
    id,
    deadline: info?.deadline ?? null,
    offsetMs: info?.offsetMs ?? 0,
    debounceMs: SESSION_SAVE_DEBOUNCE_MS,
    timeUpText: '时间到，系统自动交卷',
    endOnFinalRefusal: true,
    onHanded: () => void navigate(sessionResultPath(id), { replace: true }),
  });
  const { queue, handIn } = run;

  const record = useCallback(
    ({ allTestID, reply, spendTime }: { allTestID: number; reply: string; spendTime: number }) => queue({ allTestID, lastUserReply: reply, flagged: false, spendTime }),
    [queue],
  );

  const askHandIn = useCallback(
    async (unanswered: readonly number[]) => {
      if (run.handing()) return;
      const ok = await confirm({
        title: '确认交卷',
        content: (
          <div className={styles.confirmLines}>
            {sessionHandInLines(unanswered).map((l) => (
              <p key={l}>{l}</p>
            ))}
          </div>
        ),
        confirmText: '交卷',
        cancelText: '继续答题',
      });
      if (ok) await handIn(false);
    },
    [handIn, run],
  );

  if (!info) return null;
  return { pending: run.pending, saveError: run.saveError, left: run.left, busy: run.busy, record, askHandIn };
}

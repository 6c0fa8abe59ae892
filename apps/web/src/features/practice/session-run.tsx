import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EXAM_MSG, simulationResume } from '@kaoshi/contract';
import { call } from '../../api/client';
import { alertMsg, confirm, toast } from '../../ui/dialogs';
import { flushAndHandIn } from '../../api/hand-in';
import { clockOffset, numberList, secondsLeft } from '../../lib/exam-model';
import { flushExamReplies, pendingExamReplies, queueExamReply, type FlushResult } from '../../lib/outbox/exam';
import { sessionResultPath } from '../../api/session-source';
import type { SessionInfo } from '../../api/practice-sources';
import styles from './practice.module.css';

/**
 * The exam-session side of the player for the `session` source (docs/practice-screens.md "Practice
 * sessions"): each answer goes to the exam outbox (IndexedDB first) and leaves in addSimulationReplys
 * batches; the server's countdown when the session has a deadline; '交卷' flushes the queue, hands in and
 * opens /examResult. Inert (every effect a no-op) when the set has no session.
 */

/** A batch goes this long after the last answer, and at least this often while answers wait. */
export const SESSION_SAVE_DEBOUNCE_MS = 1_500;
export const SESSION_AUTOSAVE_MS = 30_000;
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

const REFUSED_FOR_GOOD = new Set<string>([EXAM_MSG.handedIn, EXAM_MSG.timeUp]);

export function useSessionRun(info: SessionInfo | undefined): SessionRun | null {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = info?.examHistoryID ?? 0;
  const [pending, setPending] = useState(0);
  const [saveError, setSaveError] = useState(false);
  const [offset, setOffset] = useState(info?.offsetMs ?? 0);
  const [deadline, setDeadline] = useState(info?.deadline ?? null);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const handing = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const toResult = useCallback(() => {
    handing.current = true;
    void queryClient.invalidateQueries({ queryKey: ['exam'] });
    void navigate(sessionResultPath(id), { replace: true });
  }, [id, navigate, queryClient]);

  const save = useCallback(async (): Promise<FlushResult> => {
    const sentAt = Date.now();
    const r = await flushExamReplies(id);
    if (r.server) {
      setOffset(clockOffset(r.server.serverNow, sentAt));
      setDeadline(r.server.deadline);
    }
    setSaveError(r.error !== null);
    setPending(r.left);
    const refused = r.refused[0];
    if (refused && !handing.current) {
      toast(refused.msg);
      // Handed in elsewhere, or the time ran out: the result is on the server.
      if (REFUSED_FOR_GOOD.has(refused.msg)) toResult();
    }
    return r;
  }, [id, toResult]);

  const saveSoon = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      saveTimer.current = null;
      void save();
    }, SESSION_SAVE_DEBOUNCE_MS);
  }, [save]);

  useEffect(() => {
    if (!id) return;
    let live = true;
    void pendingExamReplies(id)
      .then((p) => {
        if (!live) return;
        setPending(p.length);
        // Replies left from an earlier visit go now.
        if (p.length > 0) saveSoon();
      })
      .catch(() => undefined);
    const auto = setInterval(() => void save(), SESSION_AUTOSAVE_MS);
    const onVisibility = () => {
      if (handing.current) return;
      void save();
      if (document.visibilityState !== 'visible') return;
      // Back from the background: the clock may have drifted, another device may have handed in.
      const askedAt = Date.now();
      call(simulationResume, { examHistoryID: id }, { silent: true })
        .then((s) => {
          if (s.status === 'handed') toResult();
          else {
            setOffset(clockOffset(s.serverNow, askedAt));
            setDeadline(s.deadline);
          }
        })
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      clearInterval(auto);
      document.removeEventListener('visibilitychange', onVisibility);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      // Leaving the player: send what waits (the session stays open; coming back resumes it).
      void flushExamReplies(id).catch(() => undefined);
    };
  }, [id, save, saveSoon, toResult]);

  // The countdown ticks only for a session with a deadline.
  useEffect(() => {
    if (!id || !deadline) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [id, deadline]);

  const record = useCallback(
    ({ allTestID, reply, spendTime }: { allTestID: number; reply: string; spendTime: number }) => {
      if (!id || handing.current) return;
      setPending((n) => n + 1);
      void queueExamReply(id, { allTestID, lastUserReply: reply, flagged: false, spendTime })
        .then(() => saveSoon())
        .catch(() => undefined);
    },
    [id, saveSoon],
  );

  const handIn = useCallback(
    async (auto: boolean) => {
      if (handing.current) return;
      handing.current = true;
      setBusy(true);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      const problem = await flushAndHandIn(id, auto, save);
      if (problem) {
        handing.current = false;
        setBusy(false);
        await alertMsg(problem);
        return;
      }
      toResult();
    },
    [id, save, toResult],
  );

  const left = id ? secondsLeft(deadline, offset, now) : null;
  useEffect(() => {
    if (left === 0 && !handing.current) {
      toast('时间到，系统自动交卷');
      void handIn(true);
    }
  }, [left, handIn]);

  const askHandIn = useCallback(
    async (unanswered: readonly number[]) => {
      if (handing.current) return;
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
    [handIn],
  );

  if (!info) return null;
  return { pending, saveError, left, busy, record, askHandIn };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EXAM_MSG, simulationResume, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';
import { examKeys } from './api';
import { flushAndHandIn, notCountedText, type HandedResult } from './hand-in';
import { alertMsg, toast } from '../../ui/dialogs';
import { clockOffset, secondsLeft } from '../../lib/exam-model';
import { flushExamReplies, onExamFlushed, pendingExamReplies, queueExamReply, type FlushResult } from '../../lib/outbox/exam';

/**
 * One open exam session on this device, shared by the 机考 screen (features/exam) and the player's scored
 * sessions (features/practice): replies go to the exam outbox first and leave in batches (`debounceMs` after
 * the last change, when the page is hidden and when the screen is left; the outbox scheduler sends them too,
 * every OUTBOX_INTERVAL_MS, on 'online' and when the page shows again); every flush of the session's exam,
 * whoever asked for it, updates its clock, its pending count and its refusals;
 * the countdown follows the server's clock (each batch and each return to the page resynchronise it); at 0
 * the session is handed in automatically. The hand-in's reply (the result with its review) is put in the
 * query cache, so the result screen shows it without asking the server again. Inert when `id` is 0.
 */

type Resumed = DataOf<typeof simulationResume>;

export interface ExamSessionOptions {
  /** The session (examHistoryID); 0: none, every effect is a no-op. */
  id: number;
  deadline: string | null;
  /** Server clock − device clock (ms) when the session arrived. */
  offsetMs: number;
  /** A batch goes this long after the last change. */
  debounceMs: number;
  /** The toast when the time runs out. */
  timeUpText: string;
  /** Where to go once the session is handed in (by the learner, the deadline, or another device). */
  onHanded: () => void;
  /** A reply refused because the session was handed in or its time is up means it is over (go to its result). */
  endOnFinalRefusal?: boolean;
  /** The session as the server has it after a return to the page (the 机考 screen follows its section). */
  onResumed?: (s: Resumed) => void;
}

export interface ExamSessionRun {
  /** Replies of this session still on the device. */
  pending: number;
  /** The last batch failed for the network (retried automatically). */
  saveError: boolean;
  /** Seconds left by the server's clock; null: untimed. */
  left: number | null;
  busy: boolean;
  /** Sends the waiting replies now. */
  save: () => Promise<FlushResult>;
  /** Stores one question's state on the device and sends it shortly (never waits for the network). */
  queue: (r: { allTestID: number; lastUserReply: string; flagged: boolean; spendTime: number }) => void;
  /** Hands in (after flushing); `auto`: at the deadline. */
  handIn: (auto: boolean) => Promise<void>;
  /** Whether a hand-in is under way or done. */
  handing: () => boolean;
  /** The server's clock as a reply told it (`askedAt`: device ms when it was asked). */
  syncClock: (serverNow: string, askedAt: number) => void;
}

const FINAL_REFUSALS = new Set<string>([EXAM_MSG.handedIn, EXAM_MSG.timeUp]);

export function useExamSession(o: ExamSessionOptions): ExamSessionRun {
  const { id, debounceMs, timeUpText, endOnFinalRefusal = false } = o;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const [saveError, setSaveError] = useState(false);
  const [offset, setOffset] = useState(o.offsetMs);
  const [deadline, setDeadline] = useState(o.deadline);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const handing = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The latest callbacks, read by effects that must not restart when a parent re-renders.
  const onHanded = useRef(o.onHanded);
  const onResumed = useRef(o.onResumed);
  useEffect(() => {
    onHanded.current = o.onHanded;
    onResumed.current = o.onResumed;
  });

  /** The session is over: screens showing exam data read it again, except the result the hand-in answered. */
  const finish = useCallback(
    (result?: HandedResult | null) => {
      handing.current = true;
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
      if (result) queryClient.setQueryData(examKeys.result(id), result);
      onHanded.current();
    },
    [id, queryClient],
  );

  // Every flush of this exam (this screen's, the scheduler's, 立即同步's) tells the clock, what waits and what was refused.
  useEffect(() => {
    if (!id) return;
    return onExamFlushed((examHistoryID, r, askedAt) => {
      if (examHistoryID !== id) return;
      if (r.server) {
        setOffset(clockOffset(r.server.serverNow, askedAt));
        setDeadline(r.server.deadline);
      }
      setSaveError(r.error !== null);
      setPending(r.left);
      const refused = r.refused[0];
      if (refused && !handing.current) {
        toast(refused.msg);
        // Handed in elsewhere, or the time ran out: the result is on the server.
        if (endOnFinalRefusal && FINAL_REFUSALS.has(refused.msg)) finish(null);
      }
    });
  }, [id, endOnFinalRefusal, finish]);

  const save = useCallback((): Promise<FlushResult> => flushExamReplies(id), [id]);

  const saveSoon = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      saveTimer.current = null;
      void save();
    }, debounceMs);
  }, [save, debounceMs]);

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
    const onVisibility = () => {
      if (handing.current) return;
      // Hidden: send now (the page may be closed); visible again: the outbox scheduler sends.
      if (document.visibilityState !== 'visible') return void save();
      // Back from the background: the clock may have drifted, another device may have handed in or moved on.
      const askedAt = Date.now();
      call(simulationResume, { examHistoryID: id }, { silent: true })
        .then((s) => {
          if (s.status === 'handed') return finish(null);
          setOffset(clockOffset(s.serverNow, askedAt));
          setDeadline(s.deadline);
          onResumed.current?.(s);
        })
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisibility);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      // Leaving the screen: send what waits (the session stays open on the server; coming back resumes it).
      void flushExamReplies(id).catch(() => undefined);
    };
  }, [id, save, saveSoon, finish]);

  // The countdown ticks only for a session with a deadline.
  useEffect(() => {
    if (!id || !deadline) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [id, deadline]);

  const queue = useCallback(
    (r: { allTestID: number; lastUserReply: string; flagged: boolean; spendTime: number }) => {
      if (!id || handing.current) return;
      void queueExamReply(id, r)
        .then(async () => {
          setPending((await pendingExamReplies(id)).length);
          saveSoon();
        })
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
      const { problem, result, notCounted } = await flushAndHandIn(id, auto, save);
      if (problem) {
        handing.current = false;
        setBusy(false);
        await alertMsg(problem);
        return;
      }
      if (notCounted) toast(notCountedText(notCounted));
      finish(result);
    },
    [id, save, finish],
  );

  const left = id ? secondsLeft(deadline, offset, now) : null;
  useEffect(() => {
    if (left === 0 && !handing.current) {
      toast(timeUpText);
      void handIn(true);
    }
  }, [left, handIn, timeUpText]);

  const syncClock = useCallback((serverNow: string, askedAt: number) => setOffset(clockOffset(serverNow, askedAt)), []);
  const isHanding = useCallback(() => handing.current, []);

  return { pending, saveError, left, busy, save, queue, handIn, handing: isHanding, syncClock };
}

import { queryOptions } from '@tanstack/react-query';
import { scoreReply, simulationResume, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';
import { clockOffset } from '../../lib/exam-model';
import { latestPerQuestion, pendingExamReplies, type ExamReplyEntry } from '../../lib/outbox/exam';
import { isOfflineError, practiceKeys, storeKeyOf } from './api';
import { loadSet, saveSet } from './question-store';
import type { QuestionSet, SetQuestion, Source } from './sources';

/**
 * The `session` source of /answerTest (docs/practice-screens.md "Practice sessions"): a practice-display exam
 * session (a level of /tifenGuoguan, a /grabPoint round, a paper started with mode 'practice' …) read with
 * simulationTest/resume and shown in the ordinary player. The session's `keys` give the instant feedback; the
 * server's `replies` and this device's unsent exam-outbox entries become the questions' `last`, so the
 * player opens at the first unanswered question.
 */

export type PracticeSession = DataOf<typeof simulationResume>;

/** The result screen of a session. */
export const sessionResultPath = (examHistoryID: number): string => `/examResult?examHistoryID=${examHistoryID}`;
/** The player's URL of a session. */
export const sessionPlayerPath = (examHistoryID: number): string => `/answerTest?source=session&examHistoryID=${examHistoryID}`;

const lastOf = (q: SetQuestion, reply: string, at: string, spendTime = 0): SetQuestion['last'] => {
  if (reply === '') return null;
  const { right, score } = scoreReply(q.childTableName, q.answer, reply);
  return { lastUserReply: reply, right, score, spendTime, answeredAt: at };
};

/** The session as a question set: its questions with their keys, the server's replies as `last`. */
export function sessionSet(s: PracticeSession, receivedAt: number): QuestionSet {
  const keys = new Map((s.keys ?? []).map((k) => [k.allTestID, k]));
  const list: SetQuestion[] = s.list.map((q) => {
    const k = keys.get(q.allTestID);
    const base: SetQuestion = {
      ...q,
      answer: k?.answer ?? '',
      explanation: k?.explanation ?? '',
      points: k?.points ?? [],
      difficulty: 0,
      last: null,
      favourite: false,
      note: null,
    };
    return { ...base, last: lastOf(base, s.replies[String(q.allTestID)] ?? '', s.serverNow) };
  });
  return {
    name: s.name,
    groups: s.groups,
    list,
    total: list.length,
    recitePoint: null,
    loadedAt: receivedAt,
    session: {
      examHistoryID: s.examHistoryID,
      status: s.status,
      mode: s.mode,
      paperID: s.paperID,
      testMode: s.testMode ?? null,
      deadline: s.deadline,
      offsetMs: clockOffset(s.serverNow, receivedAt),
    },
  };
}

/** This device's unsent replies of the session on top of the set (newest per question wins; '' clears). */
export function mergeSessionPending(set: QuestionSet, pending: readonly ExamReplyEntry[]): QuestionSet {
  const latest = new Map(latestPerQuestion(pending).map((e) => [e.allTestID, e]));
  if (latest.size === 0) return set;
  return {
    ...set,
    list: set.list.map((q) => {
      const e = latest.get(q.allTestID);
      return e ? { ...q, last: lastOf(q, e.lastUserReply, new Date(e.queuedAt).toISOString(), e.spendTime) } : q;
    }),
  };
}

/**
 * The session, read from the server on every visit (the replies, the status and the remaining time are the
 * server's). When the network fails, the copy kept on this device by an earlier visit opens instead.
 */
export const sessionQuery = (appID: number, source: Source) =>
  queryOptions({
    queryKey: practiceKeys.set(appID, source),
    queryFn: async (): Promise<QuestionSet> => {
      const examHistoryID = source.examHistoryID!;
      const key = storeKeyOf(appID, source);
      let set: QuestionSet;
      try {
        const s = await call(simulationResume, { examHistoryID }, { silent: true });
        set = sessionSet(s, Date.now());
        if (s.status === 'open' && s.mode === 'practice') void saveSet(key, set);
      } catch (err) {
        if (!isOfflineError(err)) throw err;
        const kept = await loadSet(key);
        if (!kept?.session) throw err;
        set = { ...kept, offline: true };
      }
      let pending: ExamReplyEntry[] = [];
      try {
        pending = await pendingExamReplies(examHistoryID);
      } catch {
        /* nothing kept on this device */
      }
      return mergeSessionPending(set, pending);
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

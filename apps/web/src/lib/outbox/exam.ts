import { addSimulationReplys, EXAM_REPLIES_MAX, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';
import { entryQueue, newReplyID, refusedForGood, type OutboxEntry } from './engine';
import { getGuid, getUserID } from '../session';
import { registerOutbox } from './scheduler';

/**
 * The exam channel of the outbox (docs/exam-screens.md "Answers"; storage and the refusal rule in engine.ts).
 * Every reply or 标疑 change of an exam is written here first — IndexedDB database 'kaoshi-exam-outbox', store
 * 'simReplies', keyed by replyID, indexed by examHistoryID — and sent in batches with `addSimulationReplys`.
 * A database of its own (practice.ts: one submitReply per answer), so neither queue's order or schema
 * depends on the other.
 *
 * Each entry carries the question's whole state (current reply and flag), so the latest entry per question
 * is all the server needs: a batch sends only that one, and acknowledging it removes the older ones too.
 * The server stores each replyID once (a replay after a lost reply changes nothing), so sending again is
 * always safe.
 *
 * The outbox scheduler (scheduler.ts) sends every exam's waiting entries from app start; an open exam session
 * (entities/exam/session.ts) also sends its own a moment after each change, and hears every flush of its exam
 * (`onExamFlushed`) for its clock, its pending count and refusals.
 */

export interface ExamReplyEntry extends OutboxEntry {
  examHistoryID: number;
  allTestID: number;
  /** '' = no reply (clears a reply; a flag may stay). */
  lastUserReply: string;
  flagged: boolean;
  spendTime: number;
}

export type SaveReply = DataOf<typeof addSimulationReplys>;

export interface FlushResult {
  sent: number;
  refused: { replyID: string; allTestID: number; msg: string }[];
  /** Entries of the exam still waiting (network trouble). */
  left: number;
  /** The server's answer of the last successful batch (clock and remaining time), if any. */
  server: SaveReply | null;
  /** The reason the flush stopped early (network error …), else null. */
  error: unknown;
}

/** IndexedDB 'kaoshi-exam-outbox', store 'simReplies', indexed by examHistoryID. */
const queue = entryQueue<ExamReplyEntry>({ name: 'kaoshi-exam-outbox', store: 'simReplies', index: 'examHistoryID' });

/** The signed-in learner's unsent entries of one exam, oldest first. */
export async function pendingExamReplies(examHistoryID: number): Promise<ExamReplyEntry[]> {
  const userID = getUserID();
  return (await queue.byIndex(examHistoryID)).filter((e) => e.userID === userID);
}

/** The exams with unsent entries of the signed-in learner, and how many entries wait (/abnormal_repair). */
export async function pendingExams(): Promise<{ examHistoryIDs: number[]; count: number }> {
  const userID = getUserID();
  const mine = userID ? (await queue.all()).filter((e) => e.userID === userID) : [];
  return { examHistoryIDs: [...new Set(mine.map((e) => e.examHistoryID))], count: mine.length };
}

/** The newest entry per question (what a batch sends and what a resume merges). */
export function latestPerQuestion(entries: readonly ExamReplyEntry[]): ExamReplyEntry[] {
  const m = new Map<number, ExamReplyEntry>();
  for (const e of entries) m.set(e.allTestID, e);
  return [...m.values()];
}

/** Stores one question's new state durably; resolves with the entry once stored (never waits for the network). */
export async function queueExamReply(examHistoryID: number, r: { allTestID: number; lastUserReply: string; flagged: boolean; spendTime?: number }): Promise<ExamReplyEntry> {
  const e: ExamReplyEntry = {
    replyID: newReplyID(),
    userID: getUserID(),
    examHistoryID,
    allTestID: r.allTestID,
    lastUserReply: r.lastUserReply,
    flagged: r.flagged,
    spendTime: Math.max(0, Math.min(86_400, Math.round(r.spendTime ?? 0))),
    queuedAt: Date.now(),
    seq: queue.nextSeq(),
  };
  await queue.put(e);
  return e;
}

const running = new Map<number, Promise<FlushResult>>();

/**
 * The next batch of an exam's waiting entries: the latest per question (≤ EXAM_REPLIES_MAX), everything they
 * supersede (acknowledging the batch removes those too), and the batch as the calls send it (a JSON list).
 */
function batchOf(entries: readonly ExamReplyEntry[]): { latest: ExamReplyEntry[]; covered: ExamReplyEntry[]; replies: string } {
  const latest = latestPerQuestion(entries).slice(0, EXAM_REPLIES_MAX);
  const sending = new Set(latest.map((e) => e.allTestID));
  const maxSeqOf = new Map(latest.map((e) => [e.allTestID, e]));
  const covered = entries.filter((e) => {
    const top = maxSeqOf.get(e.allTestID);
    return sending.has(e.allTestID) && top !== undefined && (e.queuedAt < top.queuedAt || (e.queuedAt === top.queuedAt && e.seq <= top.seq));
  });
  const replies = latest.map((e) => ({ replyID: e.replyID, allTestID: e.allTestID, lastUserReply: e.lastUserReply, spendTime: e.spendTime, flagged: e.flagged }));
  return { latest, covered, replies: JSON.stringify(replies) };
}

/** What a hand-in carries (exam.handIn's `replies`), and how to drop it from the outbox once the hand-in is in. */
export interface CarriedReplies {
  /** The JSON list; undefined when nothing waits. */
  replies: string | undefined;
  /** Removes the carried entries (and what they supersede) from the outbox. */
  delivered: () => Promise<void>;
}

/**
 * The exam's waiting entries for its hand-in to carry (one request instead of a batch and then the hand-in, at
 * the minute a whole cohort hands in), once any flush under way has finished; null when more wait than one batch
 * holds (the caller flushes first).
 */
export async function repliesForHandIn(examHistoryID: number): Promise<CarriedReplies | null> {
  await running.get(examHistoryID)?.catch(() => undefined);
  const entries = await pendingExamReplies(examHistoryID);
  if (entries.length === 0) return { replies: undefined, delivered: async () => undefined };
  if (latestPerQuestion(entries).length > EXAM_REPLIES_MAX) return null;
  const { covered, replies } = batchOf(entries);
  return { replies, delivered: () => queue.remove(covered.map((e) => e.replyID)) };
}

type FlushListener = (examHistoryID: number, r: FlushResult, askedAt: number) => void;
const flushListeners = new Set<FlushListener>();

/**
 * Hear every flush of every exam, whoever asked for it (the scheduler, the session, 立即同步): its result, and when
 * the batch the server last answered was sent (`askedAt`, device ms; 0 when none was answered). Returns unsubscribe.
 */
export function onExamFlushed(fn: FlushListener): () => void {
  flushListeners.add(fn);
  return () => void flushListeners.delete(fn);
}

async function runFlush(examHistoryID: number): Promise<FlushResult> {
  const out: FlushResult = { sent: 0, refused: [], left: 0, server: null, error: null };
  const userID = getUserID();
  if (!userID || !getGuid()) {
    out.left = (await pendingExamReplies(examHistoryID)).length;
    return out;
  }
  let askedAt = 0;
  for (let round = 0; round < 50; round += 1) {
    const entries = await pendingExamReplies(examHistoryID);
    if (entries.length === 0) break;
    const { latest, covered, replies } = batchOf(entries);
    try {
      const sentAt = Date.now();
      const data = await call(addSimulationReplys, { examHistoryID, replies }, { silent: true, allowedRepeat: true });
      askedAt = sentAt;
      out.server = data;
      out.sent += latest.length - data.refused.length;
      for (const r of data.refused) out.refused.push({ replyID: r.replyID, allTestID: latest.find((e) => e.replyID === r.replyID)?.allTestID ?? 0, msg: r.msg });
      await queue.remove(covered.map((e) => e.replyID));
    } catch (err) {
      if (refusedForGood(err)) {
        // The whole batch refused for good (time up, handed in, locked section): it can never be saved.
        for (const e of latest) out.refused.push({ replyID: e.replyID, allTestID: e.allTestID, msg: err.msg });
        await queue.remove(covered.map((e) => e.replyID));
        continue;
      }
      out.error = err;
      break;
    }
  }
  out.left = (await pendingExamReplies(examHistoryID)).length;
  for (const fn of [...flushListeners]) {
    try {
      fn(examHistoryID, out, askedAt);
    } catch {
      /* a listener's error must not stop the outbox */
    }
  }
  return out;
}

/**
 * Sends every waiting entry of the exam (latest per question, ≤ 200 per batch). Concurrent calls for the
 * same exam wait for the running flush and then run again, so a flush always covers what was queued
 * before it was asked for.
 */
export function flushExamReplies(examHistoryID: number): Promise<FlushResult> {
  const prev = running.get(examHistoryID);
  const next = (prev ? prev.catch(() => undefined) : Promise.resolve()).then(() => runFlush(examHistoryID));
  running.set(examHistoryID, next);
  void next
    .finally(() => {
      if (running.get(examHistoryID) === next) running.delete(examHistoryID);
    })
    .catch(() => undefined);
  return next;
}

// The scheduler's sender: every exam with waiting entries of the signed-in learner, one after another.
registerOutbox('exam', async () => {
  let ok = true;
  for (const id of (await pendingExams()).examHistoryIDs) if ((await flushExamReplies(id)).error !== null) ok = false;
  return ok;
});

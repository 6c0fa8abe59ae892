import { videoProgress, type DataOf } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getUserID } from '../session';
import { entryQueue, newReplyID, refusedForGood, type OutboxEntry } from './engine';
import { nudgeOutbox, registerOutbox } from './scheduler';

/**
 * The video channel of the outbox (docs/video.md "Progress and completion"): every progress save of the player is
 * written to IndexedDB 'kaoshi-video-outbox' first (memory when IndexedDB is missing), then sent. A send merges the
 * pending saves of one lesson into one call (the union of the watched ranges, the newest position); the server
 * merges ranges too and keeps the newest position by `at`, so a replay (lost reply, two tabs) changes nothing.
 * Entries belong to the learner who watched; only the signed-in learner's are sent.
 */

export type Range = [number, number];

interface Entry extends OutboxEntry {
  lessonID: number;
  position: number;
  ranges: Range[];
  /** Date.now() of the save: the newest position wins. */
  at: number;
}

export type SavedProgress = DataOf<typeof videoProgress>;

const queue = entryQueue<Entry>({ name: 'kaoshi-video-outbox', store: 'progress', index: 'userID' });

/** Union of ranges, sorted and merged. */
export function unionRanges(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const [a, b] of [...ranges].filter(([x, y]) => x < y).sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const rangesParam = (ranges: readonly Range[]) =>
  unionRanges(ranges)
    .slice(0, 100)
    .map(([a, b]) => `${a}-${b}`)
    .join(',');

/** Store a save (resolves once stored), then try to send this learner's pending saves. */
export async function queueProgress(lessonID: number, position: number, ranges: readonly Range[], at = Date.now()): Promise<void> {
  const userID = getUserID();
  if (!userID) return;
  await queue.put({ replyID: newReplyID(), userID, queuedAt: Date.now(), seq: queue.nextSeq(), lessonID, position: Math.floor(position), ranges: [...ranges], at });
  nudgeOutbox('video');
}

let flushing: Promise<boolean> | null = null;
const listeners = new Set<(lessonID: number, saved: SavedProgress) => void>();

/** Hear what the server answered for a lesson (the player shows completion from it). */
export function onProgressSaved(fn: (lessonID: number, saved: SavedProgress) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/**
 * Send the signed-in learner's pending saves, one merged call per lesson; entries stay until the server took them.
 * Answers false when one could not be sent for now (offline, the server busy).
 */
export function flushProgress(): Promise<boolean> {
  flushing ??= (async () => {
    try {
      const userID = getUserID();
      if (!userID) return true;
      const pending = await queue.byIndex(userID);
      const byLesson = new Map<number, Entry[]>();
      for (const e of pending) byLesson.set(e.lessonID, [...(byLesson.get(e.lessonID) ?? []), e]);
      for (const [lessonID, entries] of byLesson) {
        const newest = entries.reduce((a, b) => (b.at >= a.at ? b : a));
        try {
          const saved = await call(
            videoProgress,
            { lessonID, position: newest.position, ranges: rangesParam(entries.flatMap((e) => e.ranges)), at: newest.at },
            { silent: true, allowedRepeat: true },
          );
          await queue.remove(entries.map((e) => e.replyID));
          for (const fn of [...listeners]) fn(lessonID, saved);
        } catch (err) {
          if (refusedForGood(err)) await queue.remove(entries.map((e) => e.replyID));
          else return false; // offline or the server is busy: try again later
        }
      }
      return true;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** How many progress saves of the signed-in learner wait to be sent (/abnormal_repair). */
export async function pendingVideoCount(): Promise<number> {
  const userID = getUserID();
  return userID ? (await queue.byIndex(userID)).length : 0;
}

/** The learner's unsent saves of a lesson (a reload resumes from the newest of them before it is sent). */
export async function pendingPosition(lessonID: number): Promise<{ position: number; at: number } | null> {
  const userID = getUserID();
  if (!userID) return null;
  const mine = (await queue.byIndex(userID)).filter((e) => e.lessonID === lessonID);
  if (mine.length === 0) return null;
  const newest = mine.reduce((a, b) => (b.at >= a.at ? b : a));
  return { position: newest.position, at: newest.at };
}

// Sent by the outbox scheduler (scheduler.ts) from app start, whether or not the player was opened since.
registerOutbox('video', flushProgress);

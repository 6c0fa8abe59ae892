import { deleteMark, saveMark, savePosition, type DataOf, type ReadingMark } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getUserID } from '../session';
import { entryQueue, newReplyID, refusedForGood, type OutboxEntry } from './engine';
import { nudgeOutbox, registerOutbox } from './scheduler';

/**
 * The reading channel of the outbox (docs/reading.md "Offline"): reading positions and marks (highlights with their
 * notes, and their removal) are written to IndexedDB 'kaoshi-reading-outbox' first, then sent, so a note written on
 * the train reaches the server when the network returns. A send keeps the newest save per item (position) and per
 * mark (its clientId); the server keeps the newest by `at` too, so a replay changes nothing.
 */

export type MarkInput = Omit<ReadingMark, 'createdAt'>;

type Change = { appID: number; at: number } & (
  { kind: 'position'; id: number; anchor: string; percent: number } | { kind: 'mark'; id: number; mark: MarkInput } | { kind: 'unmark'; clientId: string }
);
type Entry = OutboxEntry & Change;
type Saved = DataOf<typeof saveMark>;

const queue = entryQueue<Entry>({ name: 'kaoshi-reading-outbox', store: 'entries', index: 'userID' });

async function put(e: Change): Promise<void> {
  const userID = getUserID();
  if (!userID) return;
  await queue.put({ ...e, replyID: newReplyID(), userID, queuedAt: Date.now(), seq: queue.nextSeq() });
  if (flushing) again = true;
  nudgeOutbox('reading');
}

export const queuePosition = (appID: number, id: number, anchor: string, percent: number, at = Date.now()) => put({ kind: 'position', appID, id, anchor, percent, at });
export const queueMark = (appID: number, id: number, mark: MarkInput, at = Date.now()) => put({ kind: 'mark', appID, id, mark, at });
export const queueUnmark = (appID: number, clientId: string, at = Date.now()) => put({ kind: 'unmark', appID, clientId, at });

const listeners = new Set<(itemID: number, mark: Saved['mark']) => void>();
/** Hear marks the server took (the reader replaces its local copy). */
export function onMarkSaved(fn: (itemID: number, mark: Saved['mark']) => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** The signed-in learner's unsent marks and removals of an item (a reload shows them before they are sent). */
export async function pendingMarks(id: number): Promise<{ saved: MarkInput[]; removed: Set<string> }> {
  const userID = getUserID();
  const mine = userID ? await queue.byIndex(userID) : [];
  const saved = new Map<string, MarkInput>();
  const removed = new Set<string>();
  for (const e of [...mine].sort((a, b) => a.at - b.at || a.seq - b.seq)) {
    if (e.kind === 'mark' && e.id === id) {
      saved.set(e.mark.clientId, e.mark);
      removed.delete(e.mark.clientId);
    } else if (e.kind === 'unmark') {
      saved.delete(e.clientId);
      removed.add(e.clientId);
    }
  }
  return { saved: [...saved.values()], removed };
}

/** How many reading positions and marks of the signed-in learner wait to be sent (/abnormal_repair). */
export async function pendingReadingCount(): Promise<number> {
  const userID = getUserID();
  return userID ? (await queue.byIndex(userID)).length : 0;
}

/** The newest entry of each group (per item for positions, per clientId for marks). */
function newestBy(entries: Entry[], key: (e: Entry) => string): Map<string, { newest: Entry; all: Entry[] }> {
  const out = new Map<string, { newest: Entry; all: Entry[] }>();
  for (const e of entries) {
    const k = key(e);
    const g = out.get(k);
    if (!g) out.set(k, { newest: e, all: [e] });
    else {
      g.all.push(e);
      if (e.at > g.newest.at || (e.at === g.newest.at && e.seq > g.newest.seq)) g.newest = e;
    }
  }
  return out;
}

let flushing: Promise<boolean> | null = null;
/** An entry was stored while a flush ran: flush again when it ends (not at the scheduler's next tick). */
let again = false;

/**
 * Send the signed-in learner's pending entries; they stay until the server took them (or refused them for good).
 * Answers false when one could not be sent for now (offline, the server busy).
 */
export function flushReading(): Promise<boolean> {
  flushing ??= (async () => {
    try {
      const userID = getUserID();
      if (!userID) return true;
      const pending = await queue.byIndex(userID);
      const groups = newestBy(pending, (e) => (e.kind === 'position' ? `p:${e.id}` : `m:${e.kind === 'mark' ? e.mark.clientId : e.clientId}`));
      for (const { newest: e, all } of groups.values()) {
        try {
          if (e.kind === 'position') await call(savePosition, { appID: e.appID, id: e.id, anchor: e.anchor, percent: e.percent, at: e.at }, { silent: true, allowedRepeat: true });
          else if (e.kind === 'unmark') await call(deleteMark, { appID: e.appID, clientId: e.clientId }, { silent: true, allowedRepeat: true });
          else {
            const saved = await call(saveMark, { appID: e.appID, id: e.id, ...e.mark, at: e.at }, { silent: true, allowedRepeat: true });
            for (const fn of [...listeners]) fn(e.id, saved.mark);
          }
          await queue.remove(all.map((x) => x.replyID));
        } catch (err) {
          if (refusedForGood(err)) await queue.remove(all.map((x) => x.replyID));
          else return false; // offline or busy: try again later
        }
      }
      return true;
    } finally {
      flushing = null;
      if (again) {
        again = false;
        void flushReading();
      }
    }
  })();
  return flushing;
}

// Sent by the outbox scheduler (scheduler.ts) from app start: a mark made offline goes when the network returns,
// whether or not the reader was opened since.
registerOutbox('reading', flushReading);

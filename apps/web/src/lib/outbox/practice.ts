import type { ParamsOf } from '../../api/client';
import { call } from '../../api/client';
import { submitReply, type DataOf } from '@kaoshi/contract';
import { entryQueue, newReplyID, refusedForGood, type OutboxEntry } from './engine';
import { getGuid, getUserID } from '../session';
import { reportError } from '../tracking';
import { nudgeOutbox, registerOutbox } from './scheduler';

/**
 * The practice channel of the outbox (docs/practice.md "Answers outbox"; storage and the refusal rule in
 * engine.ts). Every practice answer is written here first — IndexedDB database 'kaoshi-outbox', keyed by its
 * replyID, with the learner who gave it — and then sent
 * with `submitReply` in the background. The server stores each replyID once and answers a replay with the
 * stored result, so sending an entry again (lost reply, two tabs, a crash between send and delete) is safe.
 *
 * The player never waits for the network: `queueReply` resolves once the answer is stored. The outbox is
 * replayed by the outbox scheduler (scheduler.ts: app start, 'online', the page becoming visible, every 20 s
 * with a backoff after failures) and after every queued answer. Entries belong to the learner who answered; only the signed-in learner's are sent (under
 * their own session), the others wait for their owner to sign in again on this device.
 *
 * This module is loaded lazily (main.tsx), not with the entry route.
 */

export type ReplyParams = Omit<ParamsOf<typeof submitReply>, 'replyID' | 'guid'>;

interface Entry extends OutboxEntry {
  params: ReplyParams;
}

/** IndexedDB 'kaoshi-outbox', store 'replies', indexed by the learner who answered. */
const queue = entryQueue<Entry>({ name: 'kaoshi-outbox', store: 'replies', index: 'userID' });
const entriesOf = (userID: string) => queue.byIndex(userID);
const removeEntry = (replyID: string) => queue.remove([replyID]);

// ---------------------------------------------------------------------------------------------------------
// Change listeners
// ---------------------------------------------------------------------------------------------------------

const listeners = new Set<(pending: number) => void>();

async function notify(): Promise<void> {
  if (listeners.size === 0) return;
  const n = await pendingCount();
  for (const fn of [...listeners]) {
    try {
      fn(n);
    } catch {
      /* a listener's error must not stop the outbox */
    }
  }
}

/** Listen to changes of the pending count (after queue, send, drop). Returns unsubscribe. */
export function onOutboxChange(fn: (pending: number) => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** A stored, unsent answer of the signed-in learner (what the player merges into a loaded question set). */
export interface PendingReply {
  replyID: string;
  allTestID: number;
  cptID: number;
  lastUserReply: string;
  spendTime: number;
  /** Date.now() when it was queued. */
  queuedAt: number;
}

/**
 * The signed-in learner's unsent answers for one subject (optionally only these questions), oldest first:
 * a question answered offline shows as answered after a reload, before the outbox has synced.
 */
export async function pendingFor(appID: number, allTestIDs?: Iterable<number>): Promise<PendingReply[]> {
  const only = allTestIDs ? new Set(allTestIDs) : null;
  return (await entriesOf(getUserID()))
    .filter((e) => Number(e.params.appID) === appID && (!only || only.has(Number(e.params.allTestID))))
    .map((e) => ({
      replyID: e.replyID,
      allTestID: Number(e.params.allTestID),
      cptID: Number(e.params.cptID),
      lastUserReply: String(e.params.lastUserReply),
      spendTime: Number(e.params.spendTime ?? 0),
      queuedAt: e.queuedAt,
    }));
}

/** What the server answered for one sent answer. */
export interface SentReply {
  params: ReplyParams;
  data: DataOf<typeof submitReply>;
}

const sentListeners = new Set<(sent: SentReply) => void>();

/** Listen to answers the server acknowledged (e.g. its `inBook` for the wrong-answer book). Returns unsubscribe. */
export function onReplySent(fn: (sent: SentReply) => void): () => void {
  sentListeners.add(fn);
  return () => {
    sentListeners.delete(fn);
  };
}

/** Count of stored, unsent answers for the signed-in learner. */
export async function pendingCount(): Promise<number> {
  return (await entriesOf(getUserID())).length;
}

// ---------------------------------------------------------------------------------------------------------
// Queue and send
// ---------------------------------------------------------------------------------------------------------

/**
 * Durably stores the answer (IndexedDB, database 'kaoshi-outbox', keyed by replyID; also the owning
 * userID), then starts a background send. Resolves with the replyID once stored (never waits for the network).
 */
export async function queueReply(params: ReplyParams): Promise<string> {
  const entry: Entry = { replyID: newReplyID(), userID: getUserID(), params: { ...params }, queuedAt: Date.now(), seq: queue.nextSeq() };
  await queue.put(entry);
  void notify();
  nudgeOutbox('practice');
  return entry.replyID;
}

type Outcome = 'sent' | 'dropped' | 'kept';

async function sendOne(e: Entry): Promise<Outcome> {
  let data: DataOf<typeof submitReply>;
  try {
    data = await call(submitReply, { ...e.params, replyID: e.replyID }, { quiet: true, allowedRepeat: true });
  } catch (err) {
    if (refusedForGood(err)) {
      await removeEntry(e.replyID);
      reportError({
        pageType: 'outbox',
        action: submitReply.path,
        detail: `answer dropped: status ${err.status} ${err.msg} (replyID ${e.replyID}, appID ${e.params.appID}, cptID ${e.params.cptID}, allTestID ${e.params.allTestID})`,
      });
      return 'dropped';
    }
    // Network error, timeout, 5xx, 401, 408, 429, a proxy's HTTP error, anything unexpected: keep it.
    return 'kept';
  }
  await removeEntry(e.replyID);
  for (const fn of [...sentListeners]) {
    try {
      fn({ params: e.params, data });
    } catch {
      /* a listener's error must not stop the outbox */
    }
  }
  return 'sent';
}

let running: Promise<{ sent: number; dropped: number; left: number }> | null = null;
let again = false;

async function run(): Promise<{ sent: number; dropped: number; left: number }> {
  let sent = 0;
  let dropped = 0;
  const userID = getUserID();
  const tried = new Set<string>();
  let stopped = false;
  if (userID && getGuid()) {
    do {
      again = false;
      for (;;) {
        // Read again each time: answers queued during the run are sent in the same run.
        const next = (await entriesOf(userID)).find((e) => !tried.has(e.replyID));
        if (!next) break;
        // Another learner signed in (or the session ended) meanwhile: never send under their session.
        if (getUserID() !== userID || !getGuid()) {
          stopped = true;
          break;
        }
        tried.add(next.replyID);
        const outcome = await sendOne(next);
        if (outcome === 'kept') {
          // Offline, server trouble or no session: the rest would fail the same way; keep the order.
          stopped = true;
          break;
        }
        if (outcome === 'sent') sent += 1;
        else dropped += 1;
        void notify();
      }
    } while (again && !stopped);
  }
  const left = (await entriesOf(userID)).length;
  return { sent, dropped, left };
}

/**
 * Sends every stored answer of the signed-in learner, oldest first, one at a time; removes an entry when
 * the server acknowledged it (status 200) or refused it for good (a 4xx body status other than 401/408/429:
 * log it with reportError from lib/tracking, drop it); keeps it on network errors, timeouts, 5xx, 401, 408,
 * 429. Concurrent calls share one run. Resolves with {sent, dropped, left}.
 */
export function flushOutbox(): Promise<{ sent: number; dropped: number; left: number }> {
  if (running) {
    again = true;
    return running;
  }
  const p = run()
    .catch(async () => ({ sent: 0, dropped: 0, left: await pendingCount().catch(() => 0) }))
    .finally(() => {
      if (running === p) running = null;
    });
  running = p;
  return p;
}

// The scheduler's sender: something left of the signed-in learner's answers means it could not be sent for now.
registerOutbox('practice', async () => (await flushOutbox()).left === 0 || !getUserID() || !getGuid());

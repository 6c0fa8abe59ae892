/**
 * The one send schedule of every outbox channel (practice answers, exam replies, reading positions and marks, video
 * progress). Each channel registers its sender when its module loads; `startOutboxScheduler` (main.tsx, after the
 * page has loaded — not a screen) then drains every registered queue:
 *   - at start, on window 'online', when the page becomes visible again;
 *   - after an entry is queued (`nudgeOutbox(name)`, called by the channel);
 *   - every OUTBOX_INTERVAL_MS while all is well, and after a failed send (offline, the server busy) with a backoff
 *     that doubles up to OUTBOX_BACKOFF_MAX_MS; a successful send, 'online', a visible page or a new entry clear it.
 * A queue is never drained twice at once: a trigger during a drain runs it once more when it ends.
 *
 * This module imports nothing, so it costs the entry route nothing; the channels are loaded after the first paint.
 */

/** One interval for every queue: the practice loop's 20 s (the shortest of the four it replaces; a drain with nothing waiting only reads IndexedDB). */
export const OUTBOX_INTERVAL_MS = 20_000;
/** The longest wait after repeated failures (the network returning or the page showing again sends at once). */
export const OUTBOX_BACKOFF_MAX_MS = 2 * 60_000;

/** Sends what the queue holds; answers false when something could not be sent for now (kept for later). */
export type OutboxSender = () => Promise<boolean>;

interface Queue {
  send: OutboxSender;
  running: boolean;
  again: boolean;
  failures: number;
  timer: ReturnType<typeof setTimeout> | null;
}

const queues = new Map<string, Queue>();
let started = false;

/** The wait before the next timed drain: the interval, doubled per failure in a row, at most the backoff cap. */
export function nextDelay(failures: number): number {
  return Math.min(OUTBOX_INTERVAL_MS * 2 ** Math.min(failures, 10), OUTBOX_BACKOFF_MAX_MS);
}

function schedule(q: Queue): void {
  if (q.timer) clearTimeout(q.timer);
  q.timer = started ? setTimeout(() => void drain(q, false), nextDelay(q.failures)) : null;
}

async function drain(q: Queue, fresh: boolean): Promise<void> {
  // A trigger other than the timer (network back, page visible, new entry): try at once, forget the backoff.
  if (fresh) q.failures = 0;
  if (q.running) {
    q.again = true;
    return;
  }
  q.running = true;
  if (q.timer) clearTimeout(q.timer);
  q.timer = null;
  try {
    do {
      q.again = false;
      let ok = false;
      try {
        ok = await q.send();
      } catch {
        ok = false;
      }
      q.failures = ok ? 0 : q.failures + 1;
    } while (q.again);
  } finally {
    q.running = false;
    schedule(q);
  }
}

/** A channel's sender, under its name (registering the same name again replaces the sender). */
export function registerOutbox(name: string, send: OutboxSender): void {
  const q = queues.get(name);
  if (q) {
    q.send = send;
    return;
  }
  const added: Queue = { send, running: false, again: false, failures: 0, timer: null };
  queues.set(name, added);
  if (started) void drain(added, true);
}

/** An entry was queued: send it now (or right after the drain under way). */
export function nudgeOutbox(name: string): void {
  const q = queues.get(name);
  if (q) void drain(q, true);
}

/** Drains every registered queue now. */
export function drainAllOutboxes(): void {
  for (const q of queues.values()) void drain(q, true);
}

const onOnline = () => drainAllOutboxes();
const onVisible = () => {
  if (document.visibilityState === 'visible') drainAllOutboxes();
};

/** Starts the schedule (once; main.tsx). Returns stop (tests: a closed page). */
export function startOutboxScheduler(): () => void {
  if (!started && typeof window !== 'undefined') {
    started = true;
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    drainAllOutboxes();
  }
  return () => {
    started = false;
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    for (const q of queues.values()) {
      if (q.timer) clearTimeout(q.timer);
      q.timer = null;
    }
  };
}

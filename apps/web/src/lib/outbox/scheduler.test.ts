import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Scheduler = typeof import('./scheduler');
let s: Scheduler;
let stop: (() => void) | null = null;
let visibility = 'visible';

/** A queue whose sends are counted; `ok` decides whether a send succeeds. */
function queue(name: string) {
  const q = { sends: 0, ok: false };
  s.registerOutbox(name, async () => {
    q.sends += 1;
    return q.ok;
  });
  return q;
}
/** Moves the clock and lets the sends it starts finish. */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  s = await import('./scheduler');
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  stop?.();
  stop = null;
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('the outbox scheduler', () => {
  it('drains every registered queue at start, then every OUTBOX_INTERVAL_MS while sends succeed', async () => {
    const a = queue('a');
    const b = queue('b');
    a.ok = b.ok = true;
    await pass(60_000);
    expect([a.sends, b.sends]).toEqual([0, 0]); // nothing before the app starts it
    stop = s.startOutboxScheduler();
    await pass(0);
    expect([a.sends, b.sends]).toEqual([1, 1]);
    await pass(s.OUTBOX_INTERVAL_MS - 1);
    expect(a.sends).toBe(1);
    await pass(1);
    expect([a.sends, b.sends]).toEqual([2, 2]);
    await pass(s.OUTBOX_INTERVAL_MS * 3);
    expect([a.sends, b.sends]).toEqual([5, 5]);
  });

  it('backs off after failures (20 s, 40 s, 80 s, then at most 2 min) per queue, and a success brings back the interval', async () => {
    const failing = queue('failing');
    const fine = queue('fine');
    fine.ok = true;
    stop = s.startOutboxScheduler();
    await pass(0);
    expect(failing.sends).toBe(1);
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const before = failing.sends;
      let waited = 0;
      while (failing.sends === before) {
        await pass(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([40_000, 80_000, 120_000, 120_000, 120_000]);
    expect(s.nextDelay(0)).toBe(s.OUTBOX_INTERVAL_MS);
    expect(s.nextDelay(1)).toBe(40_000);
    expect(s.nextDelay(50)).toBe(s.OUTBOX_BACKOFF_MAX_MS);
    // The other queue kept its 20 s meanwhile (480 s: 1 at start + 24).
    expect(fine.sends).toBe(1 + Math.floor(480_000 / s.OUTBOX_INTERVAL_MS));

    failing.ok = true;
    await pass(120_000);
    const after = failing.sends;
    await pass(s.OUTBOX_INTERVAL_MS);
    expect(failing.sends).toBe(after + 1);
  });

  it("sends at once on 'online', when the page becomes visible and after a new entry, forgetting the backoff; not when hidden", async () => {
    const q = queue('q');
    stop = s.startOutboxScheduler();
    await pass(0);
    await pass(40_000 + 80_000); // two more failures: the next timed try is 120 s away
    expect(q.sends).toBe(3);

    window.dispatchEvent(new Event('online'));
    await pass(0);
    expect(q.sends).toBe(4);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await pass(0);
    expect(q.sends).toBe(4);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await pass(0);
    expect(q.sends).toBe(5);
    s.nudgeOutbox('q');
    await pass(0);
    expect(q.sends).toBe(6);
    // Each of those started the backoff again: the next timed try is 40 s later (one failure), not 2 min.
    await pass(40_000);
    expect(q.sends).toBe(7);
  });

  it('never sends one queue twice at once: a trigger during a send runs it once more when it ends', async () => {
    let release: (ok: boolean) => void = () => undefined;
    let sends = 0;
    s.registerOutbox('slow', () => {
      sends += 1;
      return new Promise<boolean>((r) => (release = r));
    });
    s.nudgeOutbox('slow');
    await pass(0);
    s.nudgeOutbox('slow');
    s.nudgeOutbox('slow');
    await pass(0);
    expect(sends).toBe(1);
    release(true);
    await pass(0);
    expect(sends).toBe(2); // the two triggers: one more run
    release(true);
    await pass(60_000);
    expect(sends).toBe(2); // not started: no timed sends
  });

  it('a sender that throws counts as a failure and the schedule goes on; stop ends every trigger', async () => {
    let sends = 0;
    s.registerOutbox('broken', async () => {
      sends += 1;
      throw new Error('IndexedDB gone');
    });
    stop = s.startOutboxScheduler();
    await pass(0);
    await pass(40_000);
    expect(sends).toBe(2);
    stop();
    stop = null;
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await pass(600_000);
    expect(sends).toBe(2);
  });
});

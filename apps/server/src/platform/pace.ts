import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Background work that gives way to requests (docs/exams.md, "Exam evening at scale"): work that grows with a
 * cohort (grading a whole exam evening's sheets) runs behind the replies, and while the process is busy answering
 * (its event loop used above `busyAbove` over the last `sampleMs`) it waits, at most `maxDeferMs`, so one batch
 * still goes every `maxDeferMs` however busy the process is. Node's event-loop utilization is read, nothing is
 * counted per request.
 */
export interface Pace {
  /** Resolves when background work may run its next step. */
  turn(): Promise<void>;
  /** Whether the last reading found the process busy with requests (a reply then does not wait for background work). */
  busy(): boolean;
}

export interface PaceOptions {
  sampleMs: number;
  busyAbove: number;
  maxDeferMs: number;
  /** The event loop's utilization over a wait of `ms` (injected by tests). */
  utilization?: (ms: number) => Promise<number>;
}

const measured = async (ms: number) => {
  const before = performance.eventLoopUtilization();
  await sleep(ms);
  return performance.eventLoopUtilization(before).utilization;
};

export const PACE_DEFAULTS: PaceOptions = { sampleMs: 50, busyAbove: 0.75, maxDeferMs: 2_000 };

export function createPace(opts: PaceOptions = PACE_DEFAULTS): Pace {
  const utilization = opts.utilization ?? measured;
  let pressed = false;
  let readAt = 0;
  return {
    async turn() {
      const started = performance.now();
      for (;;) {
        pressed = (await utilization(opts.sampleMs)) > opts.busyAbove;
        readAt = performance.now();
        if (!pressed || readAt - started >= opts.maxDeferMs) return;
      }
    },
    // A reading older than a second says nothing of now (the last one of a busy minute must not outlive it).
    busy: () => pressed && performance.now() - readAt < 1_000,
  };
}

/** No pacing: background work runs at once (tests, and work that must not wait). */
export const unpaced: Pace = { turn: async () => {}, busy: () => false };

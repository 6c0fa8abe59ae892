// The exam-day bench's view of the grading queue (bench/exam-day.ts): the sealed sheets not graded yet, as the
// server's metrics give them (kaoshi_backlog{kind="exam_sheets_grading"}, docs/operations.md "Metrics").
import { performance } from 'node:perf_hooks';
import { sleep } from './lib.ts';

export interface QueueSeen {
  peak: number;
  /** ms after `from` when the queue was first read empty after it was last busy; NaN while not (yet) empty. */
  emptyAt: number;
  lastBusy: number;
  reads: number;
  failed: number;
}

/** The sheets waiting to be graded now, as the server's metrics say (NaN when the line is missing). */
export async function gradingQueue(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
  return Number(/^kaoshi_backlog\{kind="exam_sheets_grading"\} (\d+)$/m.exec(text)?.[1] ?? NaN);
}

/** Reads the queue every 500 ms from `from` until `stop()`. */
export function watchQueue(port: number, from: number) {
  const seen: QueueSeen = { peak: 0, emptyAt: NaN, lastBusy: NaN, reads: 0, failed: 0 };
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      try {
        const n = await gradingQueue(port);
        if (Number.isNaN(n)) seen.failed += 1;
        else {
          seen.reads += 1;
          seen.peak = Math.max(seen.peak, n);
          if (n > 0) {
            seen.lastBusy = performance.now() - from;
            seen.emptyAt = NaN;
          } else if (Number.isNaN(seen.emptyAt)) seen.emptyAt = performance.now() - from;
        }
      } catch {
        seen.failed += 1;
      }
      await sleep(500);
    }
  })();
  return {
    seen,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** The printed line: peak, when the queue emptied after the first hand-in, and the grading throughput. */
export function queueLine(q: QueueSeen, graded: number, targetS: number, spreadMs: number): string {
  if (Number.isNaN(q.emptyAt)) return `  grading queue: not empty at the end (peak ${q.peak} sheets; ${q.reads} reads, ${q.failed} failed)`;
  const busy = Number.isNaN(q.lastBusy) ? 'never seen busy' : `last seen busy ${(q.lastBusy / 1000).toFixed(1)} s`;
  return (
    `  grading queue (the metrics' exam_sheets_grading, read every 0.5 s): peak ${q.peak} sheets; ${busy} and empty ${(q.emptyAt / 1000).toFixed(1)} s after the first hand-in was sent` +
    ` (target: the last graded within ${targetS} s); throughput ≥ ${Math.round(graded / (q.emptyAt / 1000))} sheets/s (${graded} sheets over that time; the hand-ins arrived over ${spreadMs / 1000} s)`
  );
}

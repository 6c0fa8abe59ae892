// bench/exam-day.ts's timing: learners spread over a window, and how a call's latencies are printed.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sleep } from './lib.ts';

/** The p-th percentile (nearest rank) of `xs`; NaN for none. */
export const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x)} ms`);
/** The web client gives up after REQUEST_TIMEOUT_MS (60 s): how many replies came later than that. */
const WEB_TIMEOUT_MS = 60_000;

/** One call's line: count, p50, p99, max, and how many came later than the web client waits. */
export const latencyLine = (kind: string, xs: number[]) =>
  `${kind.padEnd(12)} n=${String(xs.length).padStart(5)}  p50 ${ms(pct(xs, 50)).padStart(9)}  p99 ${ms(pct(xs, 99)).padStart(9)}  max ${ms(pct(xs, 100)).padStart(9)}  over 60 s (the web client's timeout): ${xs.filter((x) => x > WEB_TIMEOUT_MS).length}`;

/** Runs `fn` for every item at its own offset from `base`, spread uniformly over `windowMs`; answers how late the client sent at most. */
export async function spreadOver<T>(windowMs: number, items: T[], base: number, fn: (item: T) => Promise<void>): Promise<number> {
  let late = 0;
  await Promise.all(
    items.map(async (item, k) => {
      const at = base + (k * windowMs) / items.length;
      const wait = at - performance.now();
      if (wait > 0) await sleep(wait);
      late = Math.max(late, performance.now() - at);
      await fn(item);
    }),
  );
  return late;
}

/** The host's CPU time stolen by its hypervisor since `from` (a /proc/stat reading), as a share of all CPU time; for the printed lines. */
export function stealSince(from: number[]): string {
  const now = cpuTimes();
  if (now.length === 0 || from.length === 0) return '';
  const d = now.map((v, i) => v - (from[i] ?? 0));
  const total = d.reduce((a, b) => a + b, 0);
  return total > 0 ? `; steal ${((100 * (d[7] ?? 0)) / total).toFixed(1)} %` : '';
}

/** The "cpu" line of /proc/stat (user nice system idle iowait irq softirq steal …); empty where there is none. */
export function cpuTimes(): number[] {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return [];
  }
}

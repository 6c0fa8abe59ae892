import { describe, expect, it } from 'vitest';
import { createPace } from './pace.ts';

describe('pace: background work gives way to requests', () => {
  const paced = (readings: number[], maxDeferMs = 10_000) => {
    const asked: number[] = [];
    const pace = createPace({
      sampleMs: 1,
      busyAbove: 0.75,
      maxDeferMs,
      utilization: async (ms) => {
        asked.push(ms);
        await new Promise((r) => setTimeout(r, ms));
        return readings.shift() ?? 0;
      },
    });
    return { pace, asked };
  };

  it('goes at once when the process has room, and says it is not busy', async () => {
    const { pace, asked } = paced([0.2]);
    await pace.turn();
    expect(asked).toEqual([1]);
    expect(pace.busy()).toBe(false);
  });

  it('waits while the process is busy answering, then goes', async () => {
    const { pace, asked } = paced([0.95, 0.9, 0.8, 0.5]);
    const turn = pace.turn();
    await turn;
    expect(asked).toHaveLength(4);
    expect(pace.busy()).toBe(false);
  });

  it('never waits longer than maxDeferMs however busy, and stays busy for the replies', async () => {
    const { pace, asked } = paced(
      Array.from({ length: 10_000 }, () => 1),
      20,
    );
    const started = performance.now();
    await pace.turn();
    expect(performance.now() - started).toBeGreaterThanOrEqual(20);
    expect(asked.length).toBeGreaterThan(0);
    expect(pace.busy()).toBe(true);
  });

  it('forgets a busy reading after a second', async () => {
    const { pace } = paced(
      Array.from({ length: 10_000 }, () => 1),
      5,
    );
    await pace.turn();
    expect(pace.busy()).toBe(true);
    await new Promise((r) => setTimeout(r, 1_050));
    expect(pace.busy()).toBe(false);
  });
});

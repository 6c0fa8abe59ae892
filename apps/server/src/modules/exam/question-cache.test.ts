import { describe, expect, it } from 'vitest';
import { localCacheBus } from '../../platform/cache/bus.ts';
import { heldKeys, paperQuestionCache, QUESTION_CACHE_MS, QUESTION_CACHE_SIZE } from './question-cache.ts';

const rowsOf = (ids: number[]) => ({ rows: ids.map((id) => ({ id })), groups: [], points: [] }) as never;

describe('paperQuestionCache', () => {
  it('concurrent and later reads of the same ids share one read until the time is up; a failed read is not kept; the oldest list goes first', async () => {
    let t = 0;
    let reads = 0;
    let failNext = false;
    const cache = paperQuestionCache(
      async (ids) => {
        reads += 1;
        if (failNext) {
          failNext = false;
          throw new Error('db down');
        }
        return rowsOf(ids);
      },
      () => t,
    );
    const [a, b] = await Promise.all([cache([1, 2]), cache([1, 2])]);
    expect(a).toBe(b);
    expect(reads).toBe(1);
    t += QUESTION_CACHE_MS - 1;
    await cache([1, 2]);
    expect(reads).toBe(1);
    t += 1;
    await cache([1, 2]);
    expect(reads).toBe(2);
    await cache([2, 1]); // another order is another list
    expect(reads).toBe(3);

    failNext = true;
    await expect(cache([9])).rejects.toThrow('db down');
    await expect(cache([9])).resolves.toEqual(rowsOf([9]));
    expect(reads).toBe(5);

    for (let i = 0; i < QUESTION_CACHE_SIZE; i++) await cache([1000 + i]);
    const before = reads;
    await cache([1, 2]); // pushed out by the newer lists
    expect(reads).toBe(before + 1);
  });
});

describe('held answer keys and paper questions on a bank change', () => {
  it('reads each key once, reads only the missing ones, and reads again after an import (the bank notification)', async () => {
    const bus = await localCacheBus();
    const asked: number[][] = [];
    const keys = heldKeys(async (ids) => {
      asked.push(ids);
      return ids.map((id) => ({ id, type: 'A1', answer: 'A' })) as never;
    }, bus);
    expect((await keys([1, 2])).map((k) => k.id)).toEqual([1, 2]);
    expect((await keys([2, 3, 1])).map((k) => k.id)).toEqual([2, 3, 1]);
    expect(asked).toEqual([[1, 2], [3]]);
    bus.local({ kind: 'bank' });
    await keys([1]);
    expect(asked.at(-1)).toEqual([1]);

    let reads = 0;
    const papers = paperQuestionCache(
      async (ids) => (reads++, rowsOf(ids)),
      () => 0,
      bus,
    );
    await papers([1, 2]);
    await papers([1, 2]);
    bus.local({ kind: 'bank' });
    await papers([1, 2]);
    expect(reads).toBe(2);
  });
});

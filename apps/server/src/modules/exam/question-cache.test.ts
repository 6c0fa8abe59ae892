import { describe, expect, it } from 'vitest';
import { paperQuestionCache, QUESTION_CACHE_MS, QUESTION_CACHE_SIZE } from './question-cache.ts';

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

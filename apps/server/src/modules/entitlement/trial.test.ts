import { describe, expect, it } from 'vitest';
import { trialChapters } from './trial.ts';

const c = (id: number, parentId: number | null, order = id) => ({ id, parentId, order });

describe('trialChapters (the trial rule over a chapter tree)', () => {
  it('opens the first chapters without sub-chapters of each part, by order, and a parent only when all below it are open', () => {
    // Part 1 (chapters 3, 2 by order: 3 first), part 4 without sub-chapters, part 5 with one nested branch.
    const tree = [c(1, null), c(2, 1, 3), c(3, 1, 2), c(4, null, 4), c(5, null, 5), c(6, 5), c(7, 6), c(8, 6), c(9, 5)];
    expect([...trialChapters(tree, { chaptersPerPart: 1 })].sort((a, b) => a - b)).toEqual([3, 4, 7]);
    // Two per part: part 1 is wholly open, so is branch 6 of part 5; part 5 itself still holds 9.
    expect([...trialChapters(tree, { chaptersPerPart: 2 })].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8]);
  });

  it('survives bad data: a cycle and a parent that does not exist', () => {
    const tree = [c(1, 2), c(2, 1), c(3, 99), c(4, 3)];
    expect([...trialChapters(tree, { chaptersPerPart: 1 })]).toEqual(expect.arrayContaining([4, 3]));
    expect(trialChapters([], { chaptersPerPart: 3 }).size).toBe(0);
  });
});

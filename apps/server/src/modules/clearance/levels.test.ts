import { describe, expect, it } from 'vitest';
import { bandOf, chapterLadder, inBand, randomLadder, starsOf, withStates } from './levels.ts';

describe('ladders', () => {
  it('chapter ladder: leaf chapters with questions, in the given order, at most 10 per level', () => {
    const defs = chapterLadder([
      { id: 1, parentId: null, name: '一', questions: 0 },
      { id: 2, parentId: 1, name: '一.1', questions: 25 },
      { id: 3, parentId: 1, name: '一.2', questions: 0 },
      { id: 4, parentId: null, name: '二', questions: 6 },
    ]);
    expect(defs).toEqual([
      { levelID: 1, title: '一.1', cptID: 2, band: null, count: 10 },
      { levelID: 2, title: '二', cptID: 4, band: null, count: 6 },
    ]);
  });

  it('random ladder: min(30, ⌊bank/10⌋) levels, bands by thirds', () => {
    expect(randomLadder(9)).toEqual([]);
    expect(randomLadder(35).map((l) => l.band)).toEqual(['基础', '进阶', '冲刺']);
    expect(randomLadder(5000)).toHaveLength(30);
    expect([1, 10, 11, 20, 21, 30].map((k) => bandOf(k, 30))).toEqual(['基础', '基础', '进阶', '进阶', '冲刺', '冲刺']);
    expect([1, 2, 3, 4, 5].filter((d) => inBand('进阶', d))).toEqual([2, 3, 4]);
    expect([1, 2, 3, 4, 5].filter((d) => inBand('冲刺', d))).toEqual([3, 4, 5]);
  });

  it('stars at 80/90/100 %', () => {
    expect([0.79, 0.8, 8 / 9, 0.9, 0.99, 1].map(starsOf)).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('states: the first level and every level after a passed one are open', () => {
    const defs = randomLadder(50);
    const list = withStates(defs, [
      { levelID: 1, id: 1, open: false, share: 0.5 },
      { levelID: 1, id: 2, open: false, share: 0.8 },
      { levelID: 2, id: 3, open: false, share: 0.7 },
      { levelID: 2, id: 4, open: true, share: null },
      { levelID: 4, id: 5, open: false, share: 1 },
    ]);
    expect(list.map((l) => [l.state, l.best, l.stars, l.attempts, l.open])).toEqual([
      ['passed', 80, 1, 2, null],
      ['open', 70, 0, 1, 4],
      ['locked', null, 0, 0, null],
      ['passed', 100, 3, 1, null],
      ['open', null, 0, 0, null],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChapterFacts } from './model.ts';
import { boostsOf, readinessOf, weakOf } from './readiness.ts';

const chapter = (id: number, weight: number, questions: number, right: number): ChapterFacts => ({
  id,
  name: `第${id}章`,
  order: id,
  questions,
  done: right,
  right,
  weight,
  boost: 0,
});

describe('readinessOf', () => {
  // Σ weight × mastery: 0.5 × 0.8 + 0.3 × 0.5 + 0.2 × 0.25 = 0.6
  const bank = [chapter(1, 0.5, 10, 8), chapter(2, 0.3, 20, 10), chapter(3, 0.2, 40, 10)];

  it('predicts from the bank alone without mocks', () => {
    expect(readinessOf(bank, [], 60)).toEqual({ predicted: 60, passLine: 60, verdict: 'close', fromBank: 60, fromMocks: null, mocks: 0 });
  });

  it('mixes 0.4 × bank + 0.6 × the mean of the last three mocks (newest first)', () => {
    const mocks = [
      { score: 80, total: 100 },
      { score: 70, total: 100 },
      { score: 135, total: 150 },
      { score: 0, total: 100 },
    ];
    // mocks read: 0.8, 0.7, 0.9 → 0.8; predicted 0.4 × 0.6 + 0.6 × 0.8 = 0.72
    expect(readinessOf(bank, mocks, 60)).toEqual({ predicted: 72, passLine: 60, verdict: 'ready', fromBank: 60, fromMocks: 80, mocks: 3 });
  });

  it('decides ready at pass + 5, close within 5, behind below', () => {
    const at = (share: number) => readinessOf([], [{ score: share, total: 100 }], 60).verdict;
    // without chapters the bank counts 0: predicted = 0.6 × share
    expect(readinessOf([], [{ score: 100, total: 100 }], 60)).toMatchObject({ predicted: 60, fromBank: 0 });
    expect(readinessOf(bank, [], 55).verdict).toBe('ready');
    expect(readinessOf(bank, [], 56).verdict).toBe('close');
    expect(readinessOf(bank, [], 65).verdict).toBe('close');
    expect(readinessOf(bank, [], 66).verdict).toBe('behind');
    expect(at(100)).toBe('close');
  });

  it('normalises weights that do not sum to 1, rounds the pass line, ignores mocks without a total', () => {
    const r = readinessOf([chapter(1, 2, 10, 5), chapter(2, 2, 10, 10)], [{ score: 0, total: 0 }], 59.6);
    expect(r).toEqual({ predicted: 75, passLine: 60, verdict: 'ready', fromBank: 75, fromMocks: null, mocks: 0 });
  });
});

describe('weakOf and boostsOf', () => {
  const byChapter = [
    { cptID: 11, name: 'A', right: 5, total: 10 },
    { cptID: 12, name: 'B', right: 1, total: 4 },
    { cptID: 13, name: 'C', right: 6, total: 10 },
    { cptID: 14, name: 'D', right: 0, total: 0 },
    { cptID: 15, name: 'E', right: 0, total: 3 },
  ];

  it('takes chapters below 60 % right, weakest first, shares as whole percents', () => {
    expect(weakOf(byChapter)).toEqual([
      { cptID: 15, name: 'E', share: 0 },
      { cptID: 12, name: 'B', share: 25 },
      { cptID: 11, name: 'A', share: 50 },
    ]);
  });

  it('boosts each by (0.6 − share) / 0.6, keyed by chapter id', () => {
    const boosts = boostsOf(weakOf(byChapter));
    expect(Object.keys(boosts).sort()).toEqual(['11', '12', '15']);
    expect(boosts['15']).toBe(1);
    expect(boosts['12']).toBeCloseTo(35 / 60);
    expect(boosts['11']).toBeCloseTo(10 / 60);
  });
});

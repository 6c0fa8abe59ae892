import { describe, expect, it } from 'vitest';
import { blueprintOf, DEFAULT_BLUEPRINT, drawSections, isoWeek, type PoolRow } from './draw.ts';

const singles = (type: string, from: number, n: number): PoolRow[] => Array.from({ length: n }, (_, i) => ({ id: from + i, type, groupId: null, groupOrder: 0 }));
const group = (type: string, groupId: number, from: number, n: number): PoolRow[] => Array.from({ length: n }, (_, i) => ({ id: from + i, type, groupId, groupOrder: i + 1 }));
const pool: PoolRow[] = [
  ...singles('A1', 1, 60),
  ...singles('A2', 100, 30),
  ...singles('X', 200, 10),
  ...group('A3', 7, 300, 3),
  ...group('A3', 8, 310, 3),
  ...group('B1', 9, 320, 4),
];
const template = blueprintOf({
  timeLimitSeconds: 1200,
  sections: [
    { type: 'A1', title: 'A1型题', score: 1, questions: Array.from({ length: 10 }, (_, i) => i) },
    { type: 'A2', title: 'A2型题', score: 1, questions: Array.from({ length: 6 }, (_, i) => i) },
    { type: 'A3', title: 'A3型题', score: 1, questions: [1, 2, 3] },
    { type: 'X', title: 'X型题', score: 1, questions: [1] },
  ],
});

describe('drawSections', () => {
  it('follows the template: its order, its proportions, whole groups in order; one mark each', () => {
    const s = drawSections(pool, { count: 40, seed: 'a', blueprint: template });
    expect(s.map((x) => x.type)).toEqual(['A1', 'A2', 'A3', 'X']);
    const n = (t: string) => s.find((x) => x.type === t)?.questions.length ?? 0;
    expect(n('A1')).toBe(20);
    expect(n('A2')).toBe(12);
    expect(n('A3')).toBe(6);
    expect(n('X')).toBe(2);
    const a3 = s.find((x) => x.type === 'A3')!.questions;
    expect([a3.slice(0, 3), a3.slice(3)].sort()).toEqual([
      [300, 301, 302],
      [310, 311, 312],
    ]);
    expect(s.every((x) => x.score === 1)).toBe(true);
    expect(template).toMatchObject({ secondsPerQuestion: 60, count: 20 });
  });

  it('the same seed gives the same set whatever the row order; another seed another set', () => {
    const a = drawSections(pool, { count: 30, seed: 'week:1001:2026-W47', blueprint: template });
    expect(drawSections([...pool].reverse(), { count: 30, seed: 'week:1001:2026-W47', blueprint: template })).toEqual(a);
    expect(drawSections(pool, { count: 30, seed: 'other', blueprint: template })).not.toEqual(a);
  });

  it('fills what a type lacks from the others and never exceeds the pool', () => {
    const small = [...singles('A1', 1, 5), ...singles('TF', 50, 5)];
    const s = drawSections(small, { count: 8, seed: 'x', blueprint: template });
    expect(s.reduce((k, x) => k + x.questions.length, 0)).toBe(8);
    expect(drawSections(small, { count: 100, seed: 'x', blueprint: template }).reduce((k, x) => k + x.questions.length, 0)).toBe(10);
    expect(drawSections([], { count: 10, seed: 'x', blueprint: template })).toEqual([]);
  });

  it('ranks first what the rank puts first (unanswered before answered)', () => {
    const answered = new Set(singles('A1', 1, 55).map((r) => r.id));
    const s = drawSections(singles('A1', 1, 60), { count: 5, seed: 'r', blueprint: DEFAULT_BLUEPRINT, rank: (id) => (answered.has(id) ? 1 : 0) });
    expect(s[0]!.questions.sort((a, b) => a - b)).toEqual([56, 57, 58, 59, 60]);
  });

  it('the guide takes one unit of each type of the template, nothing more', () => {
    const s = drawSections(pool, { count: 10, seed: 'guide', blueprint: template, unitsPerType: 1 });
    expect(s.map((x) => [x.type, x.questions.length])).toEqual([
      ['A1', 1],
      ['A2', 1],
      ['A3', 3],
      ['X', 1],
    ]);
  });
});

describe('isoWeek', () => {
  it('numbers China days by ISO week (Monday first; the Thursday decides the year)', () => {
    expect(isoWeek('2026-11-21')).toBe('2026-W47');
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });
});

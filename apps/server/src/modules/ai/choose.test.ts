import { describe, expect, it } from 'vitest';
import { hotCount } from '../questions/index.ts';
import { adaptiveOrder, chooseRound, markedSentences, percent, tipsOf, whyOf, type AnswerState, type MasteryRow } from './choose.ts';

const point = (id: number, weight: number, mastery: number, extra: Partial<MasteryRow> = {}): MasteryRow => ({
  id,
  code: `p${id}`,
  point: `考点${id}`,
  total: 10,
  done: 0,
  right: Math.round(mastery * 10),
  accuracy: 0,
  mastery,
  weight,
  ...extra,
});

describe('adaptive order', () => {
  it('ranks by weight × (1 − mastery), then weaker, then heavier, then code', () => {
    const rows = [point(1, 0.1, 0.5), point(2, 0.06, 0), point(3, 0.2, 0.9), point(4, 0.05, 0), point(5, 0.1, 0.5, { code: 'a' })];
    // priorities: 1 → 0.05, 2 → 0.06, 3 → 0.02, 4 → 0.05, 5 → 0.05 (code 'a')
    expect(adaptiveOrder(rows).map((p) => p.id)).toEqual([2, 4, 5, 1, 3]);
  });
});

describe('chooseRound', () => {
  const states = new Map<number, AnswerState>([
    [102, 2],
    [103, 1],
    [104, 0],
    [105, 1],
  ]);
  const stateOf = (q: number) => states.get(q) ?? 0;

  it('takes 3 from the top point, fewer from lower priorities: unanswered, then wrong, then right', () => {
    const points = [point(1, 0.3, 0), point(2, 0.15, 0), point(3, 0.05, 0)];
    const questionsOf = new Map([
      [1, [101, 102, 103, 104, 105]],
      [2, [201, 202, 203]],
      [3, [301, 302]],
    ]);
    const out = chooseRound(points, questionsOf, stateOf, new Set(), 10);
    expect(out.map((c) => c.questionId)).toEqual([101, 104, 103, 201, 202, 301]);
    expect(out.map((c) => c.state)).toEqual([0, 0, 1, 0, 0, 0]);
  });

  it('skips questions answered in the last 24 h and questions already taken for another point; stops at count', () => {
    const points = [point(1, 0.3, 0), point(2, 0.3, 0.1)];
    const questionsOf = new Map([
      [1, [101, 102, 103, 104]],
      [2, [101, 201, 202, 203]],
    ]);
    const out = chooseRound(points, questionsOf, stateOf, new Set([104]), 5);
    expect(out.map((c) => c.questionId)).toEqual([101, 103, 102, 201, 202]);
    expect(out.map((c) => c.point.id)).toEqual([1, 1, 1, 2, 2]);
  });

  it('takes one each when every point is mastered (priority 0) and answers nothing for an empty bank', () => {
    const out = chooseRound(
      [point(1, 0.3, 1), point(2, 0.2, 1)],
      new Map([
        [1, [1, 2]],
        [2, [3, 4]],
      ]),
      () => 2,
      new Set(),
      10,
    );
    expect(out.map((c) => c.questionId)).toEqual([1, 3]);
    expect(chooseRound([point(1, 0.3, 0)], new Map(), () => 0, new Set(), 10)).toEqual([]);
  });
});

describe('texts', () => {
  it('writes why from the figures', () => {
    expect(whyOf(point(1, 0.06, 0.2, { point: '心电图', right: 2, total: 10 }), 0)).toBe('考点「心电图」占题库 6%，你的掌握度 20%（答对 2/10）。这道题你还没做过。');
    expect(whyOf(point(1, 0.001, 0, { point: '甲', right: 0, total: 1 }), 1)).toBe('考点「甲」占题库 不足1%，你的掌握度 0%（答对 0/1）。这道题你上次答错了。');
    expect(percent(0)).toBe('0%');
  });

  it('takes the 【…】 marked sentences, de-duplicated, at most 8', () => {
    expect(markedSentences('成人口腔温度为【36.3～37.2℃】。直肠温度较高。【稽留热】见于肺炎！无标记；')).toEqual(['成人口腔温度为【36.3～37.2℃】。', '【稽留热】见于肺炎！']);
    expect(tipsOf(['甲【一】。乙。', '【一】。【二】；'])).toEqual(['甲【一】。', '【一】。', '【二】；']);
    expect(tipsOf(['甲【一】。', '甲【一】。'])).toEqual(['甲【一】。']);
    const many = Array.from({ length: 12 }, (_, i) => `第${i}条【要点${i}】。`).join('');
    expect(tipsOf([many])).toHaveLength(8);
    expect(markedSentences('没有标记。【】也不算。')).toEqual([]);
  });

  it('counts hot points: top 20 %, at least 5, never more than there are', () => {
    expect(hotCount(76)).toBe(16);
    expect(hotCount(10)).toBe(5);
    expect(hotCount(3)).toBe(3);
  });
});

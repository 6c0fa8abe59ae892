import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importItem } from './import-schema.ts';
import { imagesIn, parseMarkup } from './markup.ts';
import { normaliseKeys, replyFits, scoreReply, shownAnswer } from './scoring.ts';

describe('scoreReply', () => {
  it.each([
    ['A1', 'C', 'C', true],
    ['A1', 'C', 'D', false],
    ['A2', 'B', 'b', true],
    ['A3', 'E', 'E', true],
    ['A4', 'E', 'A', false],
    ['B1', 'A', 'A', true],
    ['TF', 'A', 'B', false],
    ['TF', 'B', 'B', true],
    ['X', 'ACD', 'DCA', true],
    ['X', 'ACD', 'AC', false],
    ['X', 'ACD', 'ACDE', false],
  ] as const)('%s answer %s, reply %s → right %s (all or nothing)', (type, answer, reply, right) => {
    expect(scoreReply(type, answer, reply)).toEqual({ right, score: right ? 1 : 0, full: 1 });
  });

  it('FILL: any accepted text, ignoring spaces (also full-width) and letter case', () => {
    expect(scoreReply('FILL', ['胰岛素', 'insulin'], ' 胰 岛　素 ').right).toBe(true);
    expect(scoreReply('FILL', ['胰岛素', 'insulin'], 'Insulin').right).toBe(true);
    expect(scoreReply('FILL', ['胰岛素'], '胰高血糖素')).toEqual({ right: false, score: 0, full: 1 });
    expect(scoreReply('FILL', ['胰岛素'], '   ').right).toBe(false);
  });

  it('CASE: each correct pick earns a share, each wrong pick costs one, never below zero', () => {
    expect(scoreReply('CASE', 'ACE', 'ACE', 3)).toEqual({ right: true, score: 3, full: 3 });
    expect(scoreReply('CASE', 'ACE', 'AC', 3)).toEqual({ right: false, score: 2, full: 3 });
    expect(scoreReply('CASE', 'ACE', 'ACB', 3)).toEqual({ right: false, score: 1, full: 3 });
    expect(scoreReply('CASE', 'ACE', 'BDF', 3)).toEqual({ right: false, score: 0, full: 3 });
    expect(scoreReply('CASE', 'AB', 'A', 1)).toEqual({ right: false, score: 0.5, full: 1 });
  });

  it('an empty reply never scores', () => {
    for (const type of ['A1', 'X', 'CASE', 'TF'] as const) expect(scoreReply(type, 'A', '').score).toBe(0);
  });

  it('property: a score lies between 0 and full, and full marks mean right', () => {
    const keys = fc.stringMatching(/^[A-E]{1,5}$/);
    fc.assert(
      fc.property(fc.constantFrom('A1', 'X', 'CASE', 'B1') as fc.Arbitrary<'A1' | 'X' | 'CASE' | 'B1'>, keys, keys, fc.integer({ min: 1, max: 5 }), (type, answer, reply, full) => {
        const s = scoreReply(type, answer, reply, full);
        expect(s.score).toBeGreaterThanOrEqual(0);
        expect(s.score).toBeLessThanOrEqual(full);
        expect(s.right).toBe(normaliseKeys(answer) === normaliseKeys(reply));
        if (s.right) expect(s.score).toBe(full);
      }),
    );
  });
});

describe('shownAnswer', () => {
  it('shows a FILL question its canonical text only, while every accepted spelling still scores', () => {
    const fill = { childTableName: 'FILL' as const, answer: ['60～100', '60-100', '60~100', '60至100'] };
    expect(shownAnswer(fill)).toBe('60～100');
    for (const spelling of fill.answer) expect(scoreReply('FILL', fill.answer, spelling).right).toBe(true);
    expect(shownAnswer({ childTableName: 'FILL', answer: '胰岛素' })).toBe('胰岛素');
    expect(shownAnswer({ childTableName: 'X', answer: 'dca' })).toBe('ACD');
    expect(shownAnswer({ childTableName: 'A1', answer: ['B'] })).toBe('B');
  });
});

describe('replyFits', () => {
  it('checks the shape each type expects', () => {
    expect(replyFits('A1', 'C')).toBe(true);
    expect(replyFits('A1', 'CD')).toBe(false);
    expect(replyFits('TF', 'C')).toBe(false);
    expect(replyFits('X', 'A,C,D')).toBe(true);
    expect(replyFits('X', 'AZ')).toBe(false);
    expect(replyFits('FILL', '胰岛素')).toBe(true);
    expect(replyFits('FILL', ' ')).toBe(false);
  });
});

describe('parseMarkup', () => {
  it('splits text, 【key points】 and [image] names; other brackets stay text', () => {
    expect(parseMarkup('心电图见[ecg-01.png]，提示【房颤】。[注]')).toEqual([
      { kind: 'text', text: '心电图见' },
      { kind: 'image', name: 'ecg-01.png' },
      { kind: 'text', text: '，提示' },
      { kind: 'key', text: '房颤' },
      { kind: 'text', text: '。[注]' },
    ]);
    expect(imagesIn('[a.png][b.JPG] [../x.png]')).toEqual(['a.png', 'b.JPG']);
  });

  it('property: the parts put back together give the text (images and keys re-marked)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '【', '】', '[', ']', 'x.png', ' ', '字') }), (text) => {
        const back = parseMarkup(text)
          .map((p) => (p.kind === 'text' ? p.text : p.kind === 'key' ? `【${p.text}】` : `[${p.name}]`))
          .join('');
        expect(back).toBe(text);
      }),
    );
  });
});

describe('importItem', () => {
  it('accepts each single type and a group, and names a bad field in Chinese', () => {
    const opts = ['A', 'B', 'C', 'D', 'E'].map((key) => ({ key, text: `选项${key}` }));
    expect(importItem.safeParse({ type: 'A1', id: 'q1', chapter: 'c1', stem: '题干', options: opts, answer: 'c', explanation: '解析' }).success).toBe(true);
    expect(importItem.safeParse({ type: 'TF', id: 'q2', chapter: 'c1', stem: '题干', answer: 'A', explanation: '解析' }).success).toBe(true);
    expect(importItem.safeParse({ type: 'FILL', id: 'q3', chapter: 'c1', stem: '题干', answer: ['x'], explanation: '解析' }).success).toBe(true);
    const b1 = {
      type: 'B1',
      id: 'g1',
      chapter: 'c1',
      options: opts,
      questions: [
        { id: 'g1-1', stem: '一', answer: 'A', explanation: '解' },
        { id: 'g1-2', stem: '二', answer: 'A', explanation: '解' },
      ],
    };
    expect(importItem.safeParse(b1).success).toBe(true);
    const bad = importItem.safeParse({ type: 'A1', id: 'q1', chapter: 'c1', stem: '', options: opts, answer: 'C', explanation: '解析' });
    expect(bad.success).toBe(false);
  });
});

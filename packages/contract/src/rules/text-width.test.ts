import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charWidth, cutToWidth, excerptToWidth, textWidth } from './text-width.ts';

/** Text mixing ASCII, Chinese, full-width punctuation, astral ideographs and emoji with any code point. */
const char = fc.oneof(
  fc.constantFrom('a', 'Z', '1', ' ', '中', '文', '，', '。', '（', '【', '\u3000', '𠀀', '😀', '👨\u200D👩', '“', 'é'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const text = fc.string({ unit: char, maxLength: 30 });
const limit = fc.integer({ min: -2, max: 70 });

const codePoints = (s: string) => [...s].length;
/** No lone surrogate (String.prototype.isWellFormed is ES2024, beyond our lib setting). */
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('textWidth (spec §5: Chinese counts 2, others 1)', () => {
  it('counts every code point once or twice', () => {
    fc.assert(fc.property(text, (s) => textWidth(s) >= codePoints(s) && textWidth(s) <= 2 * codePoints(s)));
  });

  it('adds up over concatenation (between code points)', () => {
    fc.assert(fc.property(text, text, (a, b) => textWidth(a + b) === textWidth(a) + textWidth(b)));
  });

  it('is the code point count for ASCII', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii' }), (s) => textWidth(s) === s.length));
  });

  it.each([
    ['', 0],
    ['abc', 3],
    ['中文', 4],
    ['a中', 3],
    ['，。！？：；（）【】、「」', 26], // full-width punctuation
    ['\u3000', 2], // ideographic space
    ['ＡＢ１２', 8], // full-width Latin and digits
    ['￥', 2],
    ['𠀀', 2], // Han extension B: one code point, two UTF-16 units
    ['😀', 1], // emoji: one code point, two UTF-16 units, not Chinese
    ['“”…—', 4], // General Punctuation is not full-width
    ['ｶ', 1], // half-width katakana
  ])('textWidth(%j) is %i', (input, expected) => {
    expect(textWidth(input)).toBe(expected);
  });

  it('charWidth is 2 only for Chinese', () => {
    expect([charWidth('中'), charWidth('。'), charWidth('a'), charWidth('😀')]).toEqual([2, 2, 1, 1]);
  });
});

describe('cutToWidth (spec §5: text is cut when the total exceeds a limit)', () => {
  it('never exceeds the limit', () => {
    fc.assert(fc.property(text, limit, (s, n) => textWidth(cutToWidth(s, n)) <= Math.max(n, 0)));
  });

  it('is a prefix made of whole code points', () => {
    fc.assert(
      fc.property(text, limit, (s, n) => {
        const cut = cutToWidth(s, n);
        return s.startsWith(cut) && wellFormed(cut);
      }),
    );
  });

  it('keeps the whole text when it fits', () => {
    fc.assert(fc.property(text, fc.nat(10), (s, extra) => cutToWidth(s, textWidth(s) + extra) === s));
  });

  it('is the longest such prefix: the next code point would not fit', () => {
    fc.assert(
      fc.property(text, limit, (s, n) => {
        const cut = cutToWidth(s, n);
        if (cut === s) return true;
        const next = [...s.slice(cut.length)][0];
        return textWidth(cut + next) > n;
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(fc.property(text, limit, (s, n) => cutToWidth(cutToWidth(s, n), n) === cutToWidth(s, n)));
  });

  it.each([
    ['中文abc', 3, '中'], // '中文' would be 4
    ['中文abc', 4, '中文'],
    ['a中', 2, 'a'], // '中' would make 3
    ['abc', 0, ''],
    ['abc', -1, ''],
    ['abc', Number.NaN, ''],
    ['abc', Infinity, 'abc'],
    ['𠀀𠀀', 3, '𠀀'], // never half of the surrogate pair
    ['😀😀', 1, '😀'],
    ['a😀', 1, 'a'],
    ['', 5, ''],
  ])('cutToWidth(%j, %d) is %j', (input, n, expected) => {
    expect(cutToWidth(input, n)).toBe(expected);
  });
});

describe('excerptToWidth', () => {
  it('makes one line, and marks a cut with …', () => {
    expect(excerptToWidth('  口腔温度\n\n 36.3～37.2℃  ', 40)).toBe('口腔温度 36.3～37.2℃');
    expect(excerptToWidth('口腔温度的正常范围', 8)).toBe('口腔温度…');
    expect(excerptToWidth('口腔温度', 8)).toBe('口腔温度');
  });
});

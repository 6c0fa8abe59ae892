import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanMenuName, EDITION_WORDS, EXAM_GUIDE_WORDS } from './menu-name.ts';

/** Names built from real words, fragments of them, brackets and filler. */
const piece = fc.oneof(
  fc.constantFrom(...EXAM_GUIDE_WORDS, ...EDITION_WORDS, '2016版', '2018年版', '2020版', '2021版', '第3版', '第十二版'),
  fc.constantFrom('考试', '大纲', '指导', '应试', '版', '年', '新', '最', '第', '20', '18', '2018'),
  fc.constantFrom('（', '）', '【', '】', '(', ')', '[', ']', ' ', '\t', '\u3000'),
  fc.constantFrom('内科学', '护理', '药学', '中级', 'A', '1'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const name = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(''));

describe('cleanMenuName (spec §5)', () => {
  it('leaves no full-width bracket pair', () => {
    fc.assert(fc.property(name, (s) => !/（[\s\S]*）|【[\s\S]*】/.test(cleanMenuName(s))));
  });

  it('leaves none of the listed words or year editions', () => {
    const words = [...EXAM_GUIDE_WORDS, ...EDITION_WORDS];
    fc.assert(
      fc.property(name, (s) => {
        const out = cleanMenuName(s);
        return words.every((w) => !out.includes(w)) && !/20(1[6-9]|20)年?版|第[0-9一二三四五六七八九十]+版/.test(out);
      }),
    );
  });

  it('is trimmed, with single spaces inside', () => {
    fc.assert(
      fc.property(name, (s) => {
        const out = cleanMenuName(s);
        return out === out.trim() && !/\s\s|[^\S ]/.test(out);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(fc.property(name, (s) => cleanMenuName(cleanMenuName(s)) === cleanMenuName(s)));
  });

  it('keeps a name with nothing to strip, apart from whitespace', () => {
    const plain = fc.string({ unit: fc.constantFrom('内', '科', '学', '护', '理', 'A', '1', '-', ' ') });
    fc.assert(fc.property(plain, (s) => cleanMenuName(s) === s.trim().replace(/\s+/g, ' ')));
  });

  it.each([
    ['内科学（中级）2018年版考试大纲', '内科学'],
    ['护理学 2020版', '护理学'],
    ['2016版护理学', '护理学'],
    ['药学【最新版】', '药学'],
    ['药学最新版', '药学'],
    ['药学新版', '药学'],
    ['外科学 第3版', '外科学'],
    ['外科学第十二版', '外科学'],
    ['儿科学修订版', '儿科学'],
    ['主治医师 应试指导', '主治医师'],
    ['主治医师考试指南', '主治医师'],
    ['考试指导 内科 考试大纲', '内科'],
    ['内科学(2018版)', '内科学'], // ASCII brackets left empty go too
    ['内科学(上册)', '内科学(上册)'], // ASCII brackets with content are kept
    ['药学（a（b）c）', '药学'], // nested
    ['考试（注）大纲 药学', '药学'], // halves joined by a removal
    ['2021版 儿科学', '2021版 儿科学'], // only 2016–2020
    ['2015版', '2015版'],
    ['2018 内科', '2018 内科'], // a bare year is kept
    ['药学（', '药学（'], // unpaired bracket kept
    ['  内科学   护理  ', '内科学 护理'],
    ['考试大纲', ''],
    ['', ''],
  ])('cleanMenuName(%j) is %j', (input, expected) => {
    expect(cleanMenuName(input)).toBe(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterContent } from './content-filter.ts';

/** Whole emoji, each of which must become exactly one '#'. */
const EMOJI = [
  '😀',
  '❤️', // heart + VS16
  '☺︎', // text presentation (VS15)
  '👍🏽', // skin tone
  '👨‍👩‍👧‍👦', // family: ZWJ sequence
  '❤️‍🔥', // heart on fire: VS16 inside a ZWJ sequence
  '🧑🏻‍💻', // skin tone inside a ZWJ sequence
  '🏳️‍🌈',
  '🇨🇳', // flag: regional indicator pair
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿', // subdivision flag: tag sequence
  '1️⃣', // keycap
  '#️⃣',
  '©',
  '⌚',
];

/** Text built from pieces that tend to form, split or nest URLs, tags and emoji. */
const piece = fc.oneof(
  fc.constantFrom(...EMOJI),
  fc.constantFrom('http://', 'https://', 'HTTP://', 'www.', 'a.com/x?y=1', '<', '>', '</', '<b>', '<a href="x">', '<!--', '-->'),
  fc.constantFrom('\u200D', '\uFE0F', '\u20E3', '🏽', '🇨', ' ', '\u3000', '\n', '中文', '好', 'a', '1', '#', '"'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const messy = fc.array(piece, { maxLength: 25 }).map((parts) => parts.join(''));

const TAG = /<!--[\s\S]*?-->|<[!?/]?[a-z][^<>]*>/i;

describe('filterContent (spec §5: URLs, HTML tags and emoji become #, whitespace trimmed)', () => {
  it('leaves no HTML tag', () => {
    fc.assert(fc.property(messy, (s) => !TAG.test(filterContent(s))));
  });

  it('leaves no emoji', () => {
    fc.assert(fc.property(messy, (s) => !/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(filterContent(s))));
  });

  it('leaves no http(s):// or www. URL', () => {
    fc.assert(fc.property(messy, (s) => !/https?:\/\/|www\./i.test(filterContent(s))));
  });

  it('is trimmed', () => {
    fc.assert(fc.property(messy, (s) => filterContent(s) === filterContent(s).trim()));
  });

  it('is idempotent', () => {
    fc.assert(fc.property(messy, (s) => filterContent(filterContent(s)) === filterContent(s)));
  });

  it('never makes text longer', () => {
    fc.assert(fc.property(messy, (s) => filterContent(s).length <= s.length));
  });

  it('turns each whole emoji into exactly one #', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EMOJI), { minLength: 1, maxLength: 8 }), (emoji) => {
        return filterContent(emoji.join('')) === '#'.repeat(emoji.length);
      }),
    );
  });

  it('leaves plain text alone apart from trimming', () => {
    const plain = fc.string({ unit: fc.constantFrom('中', '文', 'a', 'b', '1', '.', ':', '/', ' ', '，', '!', '#') });
    fc.assert(fc.property(plain, (s) => filterContent(s) === s.trim()));
  });

  it.each([
    ['  你好  ', '你好'],
    ['\u3000你好\n', '你好'],
    ['', ''],
    ['看 http://a.com/x?y=1&z=2#top 这里', '看 # 这里'],
    ['HTTPS://EXAMPLE.COM', '#'],
    ['访问www.baidu.com了解', '访问#了解'],
    ['链接:https://a.cn,然后', '链接:#然后'], // ',' is URL text; the URL runs to the next non-ASCII
    ['baidu.com', 'baidu.com'], // bare domains are kept (decision)
    ['<b>粗</b>', '#粗#'],
    ['<a href="http://x.cn">链接</a>', '#链接#'],
    ['<img src=x onerror=alert(1)>', '#'],
    ['<!-- 注释 -->文字', '#文字'],
    ['<!DOCTYPE html>', '#'],
    ['<br/>', '#'],
    ['1 < 2 > 0', '1 < 2 > 0'], // not a tag
    ['<a<b>>', '#'], // '<a#>' left by one pass is itself a tag
    ['好😀', '好#'],
    ['😀😀', '##'],
    ['👨‍👩‍👧‍👦', '#'],
    ['❤️加油', '#加油'],
    ['👍🏽', '#'],
    ['🇨🇳🇺🇸', '##'],
    ['1️⃣', '#'],
    [' <p>hi😀 http://x.cn</p> ', '#hi# ##'],
  ])('filterContent(%j) is %j', (input, expected) => {
    expect(filterContent(input)).toBe(expected);
  });
});

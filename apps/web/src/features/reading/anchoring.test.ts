import { describe, expect, it } from 'vitest';
import { locateQuote, quoteAt } from './anchoring';
import { findHits, hitTerms } from './search-hit';

const TEXT = '口服给药存在首过效应，舌下给药可以避开首过效应。直肠给药也可部分避开首过效应。';

describe('text quote anchoring', () => {
  it('finds the quote with its context, and the right one of several occurrences', () => {
    const second = TEXT.indexOf('首过效应', 12);
    const q = quoteAt(TEXT, second, second + 4);
    expect(q.prefix.endsWith('舌下给药可以避开')).toBe(true);
    expect(locateQuote(TEXT, q)).toEqual({ start: second, end: second + 4 });
  });

  it('keeps a highlight where the text survives a re-import (text added before it, its own words unchanged)', () => {
    const at = TEXT.indexOf('舌下给药');
    const q = quoteAt(TEXT, at, at + 8);
    const edited = `【新增】本节根据新版教材修订。${TEXT.replace('口服给药存在', '口服给药时药物先经过肝脏，存在')}`;
    const found = locateQuote(edited, q)!;
    expect(edited.slice(found.start, found.end)).toBe('舌下给药可以避开');
    expect(found.start).toBe(edited.indexOf('舌下给药'));
  });

  it('picks the occurrence whose surroundings match even when the context changed a little', () => {
    const last = TEXT.lastIndexOf('首过效应');
    const q = quoteAt(TEXT, last, last + 4);
    const edited = TEXT.replace('直肠给药也可部分', '直肠给药亦可部分');
    expect(locateQuote(edited, q)).toEqual({ start: edited.lastIndexOf('首过效应'), end: edited.lastIndexOf('首过效应') + 4 });
  });

  it('does not place a quote that is gone (the reader lists it as 失效)', () => {
    const q = quoteAt(TEXT, 0, 4);
    expect(locateQuote(TEXT.replace('口服给药', '经口用药'), q)).toBeNull();
    expect(locateQuote(TEXT, { quote: '', prefix: '', suffix: '' })).toBeNull();
  });
});

describe('search hits', () => {
  it('every occurrence of any word searched, in the text’s order, across elements; Latin letters folded', () => {
    const root = document.createElement('div');
    root.innerHTML = '<h2>给药</h2><p>口服<b>给</b>药存在首过效应，舌下给药可以避开首过效应（First-pass effect）。</p>';
    expect(findHits(root, ['首过效应', '给药', 'first-PASS']).map((r) => r.toString())).toEqual(['给药', '给药', '首过效应', '给药', '首过效应', 'First-pass']);
    expect(findHits(root, ['静脉'])).toEqual([]);
    expect(findHits(null, ['给药'])).toEqual([]);
    expect(hitTerms(new URLSearchParams(`id=3&hit=${encodeURIComponent(' 休克  护理 ')}`))).toEqual(['休克', '护理']);
    expect(hitTerms(new URLSearchParams('id=3'))).toEqual([]);
  });
});

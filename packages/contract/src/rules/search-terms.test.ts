import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_TERMS, searchTerms } from './search-terms.ts';

describe('searchTerms', () => {
  it('splits at ASCII and full-width spaces, dropping the empty words', () => {
    expect(searchTerms('高血压 护理')).toEqual(['高血压', '护理']);
    expect(searchTerms('  高血压\u3000\u3000护理\t饮食 ')).toEqual(['高血压', '护理', '饮食']);
    expect(searchTerms('高血压护理')).toEqual(['高血压护理']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('keeps each word once, whatever its case, and at most SEARCH_MAX_TERMS', () => {
    expect(searchTerms('COPD copd 氧疗 COPD')).toEqual(['COPD', '氧疗']);
    expect(searchTerms('a b c d e f g')).toHaveLength(SEARCH_MAX_TERMS);
  });
});

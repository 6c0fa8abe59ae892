import { searchTerms } from '@kaoshi/contract';

/** Chinese words by the ICU dictionary Node ships (full ICU): 糖尿病护理 → 糖尿病 | 护理. */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const ONE_HAN = /^\p{Script=Han}$/u;

/** A word's segments: dictionary words, runs of single characters joined (补 液 → 补液), a lone one (的) dropped. */
function segments(word: string): string[] {
  const out: string[] = [];
  let run = '';
  const flush = () => {
    if (run.length > 1) out.push(run);
    run = '';
  };
  for (const s of segmenter.segment(word)) {
    if (!s.isWordLike) {
      flush();
      continue;
    }
    if (ONE_HAN.test(s.segment)) {
      run += s.segment;
      continue;
    }
    flush();
    // One Latin letter or digit says nothing on its own either.
    if (s.segment.length > 1) out.push(s.segment);
  }
  flush();
  return out;
}

/**
 * The words of a search that found nothing, split further into Chinese words (docs/search.md): 糖尿病护理 is tried
 * as 糖尿病 护理, kept once and at most SEARCH_MAX_TERMS as the contract's searchTerms keeps typed words. Null when
 * splitting changes nothing. ICU's dictionary was measured good enough on the demo's nursing terms: 心肺复苏按压深度 →
 * 心肺 复苏 按压 深度.
 */
export function splitWords(terms: readonly string[]): string[] | null {
  const words = searchTerms(terms.flatMap(segments).join(' '));
  const same = words.length === terms.length && words.every((w, i) => w.toLowerCase() === terms[i]!.toLowerCase());
  return words.length === 0 || same ? null : words;
}

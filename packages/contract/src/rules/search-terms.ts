/** A search holds at most this many words; more are ignored (docs/search.md). */
export const SEARCH_MAX_TERMS = 5;

/**
 * The words of a search box's text (docs/search.md): split at spaces (ASCII or the full-width U+3000), each kept once
 * (case-insensitively), at most SEARCH_MAX_TERMS. A result must hold every word, each anywhere in its texts; one word
 * is the exact-substring search as before. Chinese is not split here: 高血压护理 is one word (the server tries its
 * Chinese words only when it finds nothing as typed).
 */
export function searchTerms(text: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of text.split(/[\s\u3000]+/)) {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
    if (terms.length === SEARCH_MAX_TERMS) break;
  }
  return terms;
}

import { rangeOf, textIndex } from './anchoring';

/**
 * A search result opens its page at the hit (docs/reading.md "Search hits"): /search_result links a handout found by
 * its text with `&hit=<the words searched>`; the page goes to the first place any of them occurs (where the result's
 * excerpt was taken) and marks every occurrence with the CSS highlight `reading-find` (the page's DOM is not changed).
 */

const HIGHLIGHT = 'reading-find';

/** The words a search result opened the page with (`hit`, space-separated), or none. */
export function hitTerms(search: URLSearchParams): string[] {
  return (search.get('hit') ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
}

/** Letters folded as the server's search folds them for Latin words; every character keeps its length. */
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Every occurrence of any of the words in the text under `root`, in the text's order. */
export function findHits(root: Node | null | undefined, terms: readonly string[]): Range[] {
  if (!root || terms.length === 0) return [];
  const index = textIndex(root);
  const text = fold(index.text);
  const spans: [number, number][] = [];
  for (const term of terms) {
    const k = fold(term);
    for (let at = text.indexOf(k); at >= 0; at = text.indexOf(k, at + k.length)) spans.push([at, at + k.length]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  return spans.map(([a, b]) => rangeOf(index, a, b)).filter((r): r is Range => r !== null);
}

type Registry = Map<string, unknown>;
const registry = (): Registry | null => (typeof CSS !== 'undefined' && 'highlights' in CSS ? (CSS as unknown as { highlights: Registry }).highlights : null);

/** Marks the ranges as search hits (replacing the marks before); a browser without the Highlight API only scrolls. */
export function markHits(ranges: readonly Range[]): void {
  const hl = registry();
  if (!hl) return;
  if (ranges.length === 0) return void hl.delete(HIGHLIGHT);
  const H = (window as unknown as { Highlight: new (...r: Range[]) => unknown }).Highlight;
  hl.set(HIGHLIGHT, new H(...ranges));
}

export const clearHits = () => void registry()?.delete(HIGHLIGHT);

/**
 * Scrolls the window so the range is a third down the screen, and `sideways` (a box that pans, the PDF's) so it
 * starts a little in from the box's left edge.
 */
export function revealHit(range: Range, sideways?: HTMLElement | null): void {
  const box = range.getBoundingClientRect();
  window.scrollBy({ top: box.top - window.innerHeight / 3 });
  if (sideways) {
    const edge = sideways.getBoundingClientRect();
    sideways.scrollLeft += box.left - edge.left - Math.min(24, edge.width / 6);
  }
}

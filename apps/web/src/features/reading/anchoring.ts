import { MARK_CONTEXT } from '@kaoshi/contract';

/**
 * Marks are anchored by their text (docs/reading.md, the Web Annotation "text quote selector"): the quote and up to
 * MARK_CONTEXT characters before and after it. After a re-import the quote is found again wherever it survives; of
 * several occurrences the one whose surroundings match best wins; a quote no longer in the text is not placed (the
 * reader lists it under 失效的标注).
 */
export interface Quote {
  quote: string;
  prefix: string;
  suffix: string;
}

/** Characters `a` and `b` share at their ends (`fromEnd`) or starts. */
function common(a: string, b: string, fromEnd: boolean): number {
  let n = 0;
  const max = Math.min(a.length, b.length);
  while (n < max && (fromEnd ? a[a.length - 1 - n] === b[b.length - 1 - n] : a[n] === b[n])) n++;
  return n;
}

/** Where the quote is in `text` ([start, end) in UTF-16 units), or null. */
export function locateQuote(text: string, q: Quote): { start: number; end: number } | null {
  if (!q.quote) return null;
  let best: { start: number; score: number } | null = null;
  for (let at = text.indexOf(q.quote); at >= 0; at = text.indexOf(q.quote, at + 1)) {
    const before = text.slice(Math.max(0, at - q.prefix.length), at);
    const after = text.slice(at + q.quote.length, at + q.quote.length + q.suffix.length);
    const score = common(before, q.prefix, true) + common(after, q.suffix, false);
    if (!best || score > best.score) best = { start: at, score };
  }
  return best ? { start: best.start, end: best.start + q.quote.length } : null;
}

/** The quote at [start, end) of `text` with its context. */
export function quoteAt(text: string, start: number, end: number): Quote {
  return { quote: text.slice(start, end), prefix: text.slice(Math.max(0, start - MARK_CONTEXT), start), suffix: text.slice(end, end + MARK_CONTEXT) };
}

/** The text nodes under `root` in document order, with the offset where each starts in their concatenation. */
export function textIndex(root: Node): { text: string; nodes: { node: Text; start: number }[] } {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: { node: Text; start: number }[] = [];
  let text = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push({ node: n as Text, start: text.length });
    text += (n as Text).data;
  }
  return { text, nodes };
}

/** A DOM Range over [start, end) of the indexed text. */
export function rangeOf(index: ReturnType<typeof textIndex>, start: number, end: number): Range | null {
  const find = (offset: number, isEnd: boolean) => {
    for (const { node, start: s } of index.nodes) {
      const e = s + node.data.length;
      if (offset < e || (isEnd && offset === e)) return { node, offset: offset - s };
    }
    return null;
  };
  const a = find(start, false);
  const b = find(end, true);
  if (!a || !b) return null;
  const range = document.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  return range;
}

/** The offset in the indexed text of a point of a DOM Range (a selection's start or end). */
export function offsetOf(index: ReturnType<typeof textIndex>, container: Node, offset: number): number | null {
  if (container.nodeType === Node.TEXT_NODE) {
    const hit = index.nodes.find((n) => n.node === container);
    return hit ? hit.start + offset : null;
  }
  // An element boundary: the text before its offset-th child.
  const child = container.childNodes[offset];
  const next = child
    ? index.nodes.find((n) => (child.compareDocumentPosition(n.node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 || child === n.node || child.contains(n.node))
    : undefined;
  if (next) return next.start;
  const last = index.nodes[index.nodes.length - 1];
  return last ? last.start + last.node.data.length : 0;
}

import { parseMarkup } from '@kaoshi/contract';

/** Question markup as plain text: keys as written, images as [图] (never HTML). */
export const plainMarkup = (text: string): string =>
  parseMarkup(text)
    .map((p) => (p.kind === 'image' ? '[图]' : p.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** Handout markdown as plain text: headings' marks, anchors, emphasis, code and link syntax dropped. */
export const plainMarkdown = (md: string): string =>
  md
    .replace(/^---[\s\S]*?---\s*/, '')
    .replace(/\{#[^}]*\}/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/[*_`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export const EXCERPT_CHARS = 60;

/** About EXCERPT_CHARS characters of `text` around the first match of any of the words (case-insensitive), or ''. */
export function excerptAround(text: string, terms: readonly string[], width = EXCERPT_CHARS): string {
  const lower = text.toLowerCase();
  const found = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0);
  if (found.length === 0) return '';
  const i = Math.min(...found);
  const start = Math.max(0, i - Math.floor(width / 3));
  const cut = text.slice(start, start + width);
  return `${start > 0 ? '…' : ''}${cut}${start + width < text.length ? '…' : ''}`;
}

/** Whether the texts hold every word, each in any of them (case-insensitive; searchTerms of the contract). */
export const holds = (terms: readonly string[], ...texts: string[]): boolean => {
  const lower = texts.map((t) => t.toLowerCase());
  return terms.every((term) => {
    const k = term.toLowerCase();
    return lower.some((t) => t.includes(k));
  });
};

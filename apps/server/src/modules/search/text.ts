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

/** About EXCERPT_CHARS characters of `text` around the first match of `keyword` (case-insensitive), or '' when none. */
export function excerptAround(text: string, keyword: string, width = EXCERPT_CHARS): string {
  const i = text.toLowerCase().indexOf(keyword.toLowerCase());
  if (i < 0) return '';
  const start = Math.max(0, i - Math.floor(width / 3));
  const cut = text.slice(start, start + width);
  return `${start > 0 ? '…' : ''}${cut}${start + width < text.length ? '…' : ''}`;
}

/** Whether any of the texts holds the keyword (case-insensitive). */
export const holds = (keyword: string, ...texts: string[]): boolean => {
  const k = keyword.toLowerCase();
  return texts.some((t) => t.toLowerCase().includes(k));
};

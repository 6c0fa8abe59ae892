/**
 * Where I am in a PDF handout (docs/reading.md "Reading progress"): the page being read, saved as the anchor
 * `page-N`, and the share of the pages read up to it (page 2 of 16 is 13 %). Counted over the document's pages,
 * never over the scroll height, which is wrong until the pages are drawn.
 */

export interface PdfSpot {
  page: number;
  pages: number;
}

export const pageAnchor = (page: number) => `page-${page}`;

/** The page a saved anchor names (1 when it names none, e.g. a save from before pages were counted). */
export function pageOfAnchor(anchor: string | undefined): number {
  const m = /^page-(\d{1,5})$/.exec(anchor ?? '');
  return m ? Math.max(1, Number(m[1])) : 1;
}

export const pagePercent = ({ page, pages }: PdfSpot) => (pages > 0 ? Math.min(100, Math.max(0, Math.round((page / pages) * 100))) : 0);

/**
 * The page being read, from the tops of the pages on the screen (px from the top of the viewport): the last page
 * whose top has passed the reading line; the last page once the end of the document is reached.
 */
export function pageAt(tops: number[], line: number, atEnd: boolean): number {
  if (tops.length === 0) return 0;
  if (atEnd) return tops.length;
  let page = 1;
  tops.forEach((top, i) => {
    if (top <= line) page = i + 1;
  });
  return page;
}

/** A Markdown page's body text (ui/markdown.module.css: 16 px × the reader's scale): a PDF's body text is drawn as large. */
export const BODY_TEXT_PX = 16;

/**
 * The width (CSS px) a PDF's pages are drawn at (docs/reading.md "Rendering"): wide enough that its body text is as
 * large as a Markdown page's at the reader's text size (BODY_TEXT_PX × scale; the app's text size zooms it further),
 * never narrower than the column (fit to width), at most four columns. A page wider than the column pans sideways.
 */
export function pdfPageWidth({ column, pageWidthPt, bodyPt, scale }: { column: number; pageWidthPt: number; bodyPt: number; scale: number }): number {
  if (column <= 0) return 0;
  const readable = pageWidthPt > 0 && bodyPt > 0 ? (pageWidthPt * BODY_TEXT_PX * scale) / bodyPt : column;
  return Math.round(Math.min(Math.max(column, readable), column * 4));
}

/** The body text size of a PDF page (pt): the size most of its characters are set in; null for a page without text. */
export function bodyTextSize(items: readonly { str: string; height: number; transform: number[] }[]): number | null {
  const chars = new Map<number, number>();
  for (const i of items) {
    const size = Math.round((i.height > 0 ? i.height : Math.hypot(i.transform[2] ?? 0, i.transform[3] ?? 0)) * 2) / 2;
    const n = i.str.replace(/\s/g, '').length;
    if (size > 0 && n > 0) chars.set(size, (chars.get(size) ?? 0) + n);
  }
  let best: number | null = null;
  for (const [size, n] of chars) if (best === null || n > chars.get(best)!) best = size;
  return best;
}

/** Canvas pixels a page may take (about 32 MB): a phone keeps the few pages near the screen drawn. */
export const MAX_PAGE_PIXELS = 8_000_000;

/**
 * The canvas's pixels per CSS px of a page: the screen's (devicePixelRatio) times the app's text-size zoom and a pinch
 * zoom, so the text stays sharp however it is enlarged, within MAX_PAGE_PIXELS (then a little soft, never out of memory).
 */
export function canvasRatio({ dpr, zoom, pinch, width, height }: { dpr: number; zoom: number; pinch: number; width: number; height: number }): number {
  const wanted = Math.max(1, dpr) * Math.max(1, zoom) * Math.max(1, pinch);
  const room = Math.sqrt(MAX_PAGE_PIXELS / Math.max(1, width * height));
  return Math.round(Math.max(1, Math.min(wanted, room)) * 100) / 100;
}

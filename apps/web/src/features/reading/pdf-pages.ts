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

import { testMode } from '@kaoshi/contract';

/** Where an exam attempt is (re)opened. */

export const computerPaperPath = (paperID: number | null): string => (paperID ? `/computerPaper?paperID=${paperID}` : '/computerPaper?daily=1');

/**
 * 再考一次: an attempt of a TEST_MODES row goes back to the row's screen (its list, its draw, its chapter
 * tree — a new start there has the row's rules); an attempt without one reopens the paper or the daily test.
 */
export function againPath(r: { paperID: number | null; testMode: string | null }): string {
  const row = r.testMode ? testMode(r.testMode) : undefined;
  if (row && row.route !== '/computerPaper') return row.route;
  return computerPaperPath(r.paperID);
}

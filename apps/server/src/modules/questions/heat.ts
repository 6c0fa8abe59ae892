import { HOT_POINTS_MIN, HOT_POINTS_SHARE } from '@kaoshi/contract';

/**
 * Heat of each question (docs/test-modes.md §1.7): a point's heat is how many of its questions carry a
 * past-exam year plus 100 × its share of the bank (docs/study.md `weight`); a question's heat is the highest of
 * its points' (0 without points). Sprint sets and set papers both rank questions by it.
 */
/** A point's heat: its questions with a past-exam year + 100 × its share of the subject's questions. */
export const pointHeat = (withYear: number, share: number) => withYear + 100 * share;

/** How many points are hot among `points` (docs/test-modes.md §1.7). */
export const hotCount = (points: number) => Math.min(points, Math.max(HOT_POINTS_MIN, Math.ceil(points * HOT_POINTS_SHARE)));

export function questionHeat(rows: readonly { id: number; year: number | null; points: readonly number[] }[]): Map<number, number> {
  const perPoint = new Map<number, { n: number; year: number }>();
  for (const r of rows)
    for (const p of r.points) {
      const t = perPoint.get(p) ?? { n: 0, year: 0 };
      perPoint.set(p, { n: t.n + 1, year: t.year + (r.year !== null ? 1 : 0) });
    }
  const total = rows.length || 1;
  const heat = (p: number) => {
    const t = perPoint.get(p)!;
    return pointHeat(t.year, t.n / total);
  };
  return new Map(rows.map((r) => [r.id, r.points.length ? Math.max(...r.points.map(heat)) : 0]));
}

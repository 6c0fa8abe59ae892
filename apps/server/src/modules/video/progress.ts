import { VIDEO_COMPLETE_SHARE, VIDEO_RESUME_TAIL_S } from '@kaoshi/contract';

export type Range = [number, number];

/**
 * The union of half-open second ranges, sorted and merged (touching ranges join): what a learner really watched.
 * Ranges are first cut to [0, limit), so a save can never claim seconds the lesson (or its preview) does not have.
 */
export function mergeRanges(a: readonly Range[], b: readonly Range[], limit: number): Range[] {
  const all = [...a, ...b]
    .map(([from, to]): Range => [Math.max(0, from), Math.min(limit, to)])
    .filter(([from, to]) => from < to)
    .sort((x, y) => x[0] - y[0]);
  const out: Range[] = [];
  for (const [from, to] of all) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

export const watchedSeconds = (ranges: readonly Range[]) => ranges.reduce((n, [from, to]) => n + (to - from), 0);

/** Completed when the seconds really watched reach 90 % of the lesson (seeking to the end adds none). */
export const isComplete = (watchedS: number, durationS: number) => durationS > 0 && watchedS >= Math.ceil(durationS * VIDEO_COMPLETE_SHARE);

/** Where a lesson resumes: the saved position, or the start when it is within 5 s of the end. */
export const resumeAt = (position: number, durationS: number) => (position >= durationS - VIDEO_RESUME_TAIL_S ? 0 : position);

import { PLAN_WEAK_SHARE, type planReadiness } from '@kaoshi/contract';
import type { z } from 'zod';
import type { ChapterFacts } from './model.ts';
import { masteryOf } from './planner.ts';

/** Readiness for the exam and the weak chapters of a mock (docs/plan.md "Readiness", "Re-planning"). Pure. */

export type PlanReadiness = z.infer<typeof planReadiness>;

/** The prediction reads at most this many handed-in mocks. */
const MOCKS_READ = 3;
/** Points above the pass line to be ready; within this many either side is close. */
const MARGIN = 5;

/**
 * From the bank: Σ weight × mastery over the chapters (weights normalised to their sum). From mocks (newest
 * first; the first 3 read): their mean share. Predicted = the bank alone, or 0.4 × bank + 0.6 × mocks.
 * All figures are 0–100 integers; the verdict compares the rounded prediction with the rounded pass line.
 */
export const readinessOf = (chapters: readonly ChapterFacts[], mocks: readonly { score: number; total: number }[], passLine: number): PlanReadiness => {
  const weights = chapters.reduce((s, c) => s + c.weight, 0);
  const bank = weights > 0 ? chapters.reduce((s, c) => s + c.weight * masteryOf(c), 0) / weights : 0;
  const read = mocks.filter((m) => m.total > 0).slice(0, MOCKS_READ);
  const fromMocks = read.length > 0 ? read.reduce((s, m) => s + Math.min(1, Math.max(0, m.score / m.total)), 0) / read.length : null;
  const predicted = Math.round(100 * (fromMocks === null ? bank : 0.4 * bank + 0.6 * fromMocks));
  const pass = Math.round(passLine);
  const verdict = predicted >= pass + MARGIN ? 'ready' : predicted >= pass - MARGIN ? 'close' : 'behind';
  return {
    predicted,
    passLine: pass,
    verdict,
    fromBank: Math.round(100 * bank),
    fromMocks: fromMocks === null ? null : Math.round(100 * fromMocks),
    mocks: read.length,
  };
};

export interface WeakChapter {
  cptID: number;
  name: string;
  /** Share right, 0–100 (rounded). */
  share: number;
}

/** Chapters of a mock's `byChapter` with share right below PLAN_WEAK_SHARE, weakest first (ties by cptID). */
export const weakOf = (byChapter: readonly { cptID: number; name: string; right: number; total: number }[]): WeakChapter[] =>
  byChapter
    .filter((c) => c.total > 0 && c.right / c.total < PLAN_WEAK_SHARE)
    .sort((a, b) => a.right / a.total - b.right / b.total || a.cptID - b.cptID)
    .map((c) => ({ cptID: c.cptID, name: c.name, share: Math.round((100 * c.right) / c.total) }));

/** Each weak chapter's boost, keyed by cptID: (0.6 − share) / 0.6, in 0–1 (from the rounded share). */
export const boostsOf = (weak: readonly WeakChapter[]): Record<string, number> => {
  const limit = 100 * PLAN_WEAK_SHARE;
  return Object.fromEntries(weak.map((w) => [String(w.cptID), Math.min(1, Math.max(0, (limit - w.share) / limit))]));
};

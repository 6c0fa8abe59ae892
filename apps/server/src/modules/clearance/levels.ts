import { LEVEL_PASS_RATE, LEVEL_SIZE, LEVEL_STAR_RATES, RANDOM_LEVELS_MAX, type ClearanceKind, type ClearanceLevel } from '@kaoshi/contract';

/**
 * The ladders of 闯关提分 (docs/clearance-grabpoint.md), pure: which levels a subject has, the difficulty band
 * of a random level, and a level's state from the learner's attempts.
 */

export type Band = '基础' | '进阶' | '冲刺';

/** A level as the ladder defines it (before the learner's state). */
export interface LevelDef {
  levelID: number;
  title: string;
  cptID: number | null;
  band: Band | null;
  count: number;
}

export interface ChapterLite {
  id: number;
  parentId: number | null;
  name: string;
  /** Questions in use directly in the chapter. */
  questions: number;
}

/** The source key of a level's sessions: one open attempt per learner, subject and level. */
export const levelKey = (kind: ClearanceKind, levelID: number) => `level:${kind}:${levelID}`;

/** Chapter ladder: the leaf chapters (no sub-chapter) that hold questions, in chapter order. */
export function chapterLadder(chapters: readonly ChapterLite[]): LevelDef[] {
  const parents = new Set(chapters.flatMap((c) => (c.parentId === null ? [] : [c.parentId])));
  return chapters
    .filter((c) => !parents.has(c.id) && c.questions > 0)
    .map((c, i) => ({ levelID: i + 1, title: c.name, cptID: c.id, band: null, count: Math.min(LEVEL_SIZE, c.questions) }));
}

/** The band of random level k of L: the first third 基础 (difficulty ≤ 2), the second 进阶 (2–4), the last 冲刺 (≥ 3). */
export function bandOf(k: number, levels: number): Band {
  const third = Math.min(2, Math.floor(((k - 1) * 3) / levels));
  return (['基础', '进阶', '冲刺'] as const)[third]!;
}

/** Whether a difficulty (1–5) lies in a band. */
export function inBand(band: Band, difficulty: number): boolean {
  return band === '基础' ? difficulty <= 2 : band === '进阶' ? difficulty >= 2 && difficulty <= 4 : difficulty >= 3;
}

/** Random ladder: min(30, ⌊bank / 10⌋) levels of 10 questions, bands rising. */
export function randomLadder(bankSize: number): LevelDef[] {
  const levels = Math.min(RANDOM_LEVELS_MAX, Math.floor(bankSize / LEVEL_SIZE));
  return Array.from({ length: levels }, (_, i) => ({ levelID: i + 1, title: `第${i + 1}关`, cptID: null, band: bandOf(i + 1, levels), count: LEVEL_SIZE }));
}

/** Guard against 0.8 × 10 landing a hair above 8 in floating point. */
const EPS = 1e-9;

/** Stars of a share right: 1, 2, 3 from 80, 90, 100 %; 0 below the pass line. */
export function starsOf(share: number): number {
  return LEVEL_STAR_RATES.filter((r) => share + EPS >= r).length;
}

export const passes = (share: number) => share + EPS >= LEVEL_PASS_RATE;

/** One attempt of a level as the state needs it: handed in (by the learner or at a deadline) with its share right, or open. */
export interface LevelAttempt {
  levelID: number;
  id: number;
  open: boolean;
  /** Share right of a handed-in attempt; null while open. */
  share: number | null;
}

/** The ladder with the learner's state: the first level and every level after a passed one are open. */
export function withStates(defs: readonly LevelDef[], attempts: readonly LevelAttempt[]): ClearanceLevel[] {
  const byLevel = new Map<number, LevelAttempt[]>();
  for (const a of attempts) byLevel.set(a.levelID, [...(byLevel.get(a.levelID) ?? []), a]);
  let previousPassed = true;
  return defs.map((d) => {
    const mine = byLevel.get(d.levelID) ?? [];
    const shares = mine.flatMap((a) => (a.share === null ? [] : [a.share]));
    const best = shares.length ? Math.max(...shares) : null;
    const passed = best !== null && passes(best);
    const state = passed ? 'passed' : previousPassed ? 'open' : 'locked';
    previousPassed = passed;
    return {
      ...d,
      passRate: LEVEL_PASS_RATE,
      state,
      best: best === null ? null : Math.round(best * 100),
      stars: best === null ? 0 : starsOf(best),
      attempts: shares.length,
      open: mine.find((a) => a.open)?.id ?? null,
    };
  });
}

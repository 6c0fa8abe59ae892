import { QUESTION_TYPE_NAMES, QUESTION_TYPES, type PaperSection, type QuestionType } from '@kaoshi/contract';

/**
 * Drawn sets (docs/test-modes.md §1.7): one rule for every mode that draws its questions from the bank
 * (/mockTest, /evaluationChapter, /examinationGuide, /focalPointTest, /weekTest, levels, rounds). Pure: the
 * same pool and seed give the same set on every server.
 */

/** What a draw needs of a bank row (not retired). */
export interface PoolRow {
  id: number;
  type: string;
  groupId: number | null;
  groupOrder: number;
}

/** The section order and proportions the draw follows: the subject's template paper, or the default. */
export interface Blueprint {
  /** Types in paper order with their share of the questions (shares sum to 1). */
  types: { type: QuestionType; title: string; share: number }[];
  /** Seconds per question of the template (its limit / its question count). */
  secondsPerQuestion: number;
  /** Questions of the template (100 without one). */
  count: number;
}

/** Without a template paper: every type in this order, equal shares, 60 s per question (§1.7). */
export const DEFAULT_BLUEPRINT: Blueprint = {
  types: (['A1', 'A2', 'A3', 'A4', 'B1', 'X', 'TF', 'FILL', 'CASE'] as const).map((type) => ({ type, title: QUESTION_TYPE_NAMES[type], share: 1 / 9 })),
  secondsPerQuestion: 60,
  count: 100,
};

/** The blueprint of a template paper's sections. */
export function blueprintOf(paper: { sections: PaperSection[]; timeLimitSeconds: number } | undefined): Blueprint {
  const total = paper?.sections.reduce((n, s) => n + s.questions.length, 0) ?? 0;
  if (!paper || total === 0) return DEFAULT_BLUEPRINT;
  const byType = new Map<QuestionType, { title: string; n: number }>();
  for (const s of paper.sections) {
    const t = byType.get(s.type);
    byType.set(s.type, { title: t?.title ?? s.title, n: (t?.n ?? 0) + s.questions.length });
  }
  return {
    types: [...byType].map(([type, { title, n }]) => ({ type, title, share: n / total })),
    secondsPerQuestion: paper.timeLimitSeconds / total,
    count: total,
  };
}

/** FNV-1a 32-bit of a string: the seed of the shuffle. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Units of a pool: a single question, or a whole group (A3/A4/B1/CASE) with its sub-questions in order. */
interface Unit {
  type: QuestionType;
  ids: number[];
  first: number;
}

function unitsOf(pool: readonly PoolRow[]): Unit[] {
  const groups = new Map<number, PoolRow[]>();
  const units: Unit[] = [];
  for (const r of pool) {
    if (!(QUESTION_TYPES as readonly string[]).includes(r.type)) continue;
    if (r.groupId === null) units.push({ type: r.type as QuestionType, ids: [r.id], first: r.id });
    else groups.set(r.groupId, [...(groups.get(r.groupId) ?? []), r]);
  }
  for (const rows of groups.values()) {
    rows.sort((a, b) => a.groupOrder - b.groupOrder || a.id - b.id);
    units.push({ type: rows[0]!.type as QuestionType, ids: rows.map((r) => r.id), first: Math.min(...rows.map((r) => r.id)) });
  }
  return units;
}

export interface DrawOptions {
  /** Questions wanted (a group may overshoot its type's count by less than its size). */
  count: number;
  seed: string;
  blueprint: Blueprint;
  /** Per type, the units wanted instead of the blueprint's shares (the guide: one unit per type). */
  unitsPerType?: number;
  /** Lower ranks first after the shuffle (e.g. 0 = not answered yet, 1 = answered): a stable sort. */
  rank?: (id: number) => number;
  /** Marks per question. */
  score?: number;
}

/**
 * Draws sections from a pool: units in a seeded shuffle (candidates sorted by id first, so the row order
 * does not matter), optionally ranked; per type as many as the blueprint's share of `count` (what a type
 * lacks is filled from the others); sections in blueprint order (types the blueprint lacks after it).
 * Empty when the pool has nothing.
 */
export function drawSections(pool: readonly PoolRow[], o: DrawOptions): PaperSection[] {
  const rnd = mulberry32(fnv1a(o.seed));
  const units = unitsOf(pool).sort((a, b) => a.first - b.first);
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [units[i], units[j]] = [units[j]!, units[i]!];
  }
  if (o.rank) {
    const rank = o.rank;
    const r = new Map(units.map((u) => [u, Math.min(...u.ids.map(rank))]));
    units.sort((a, b) => r.get(a)! - r.get(b)!);
  }
  const order = [...o.blueprint.types.map((t) => t.type), ...QUESTION_TYPES.filter((t) => !o.blueprint.types.some((b) => b.type === t))];
  const taken = new Set<Unit>();
  const size = () => [...taken].reduce((n, u) => n + u.ids.length, 0);
  for (const t of o.blueprint.types) {
    const want = o.unitsPerType ?? Math.round(o.count * t.share);
    let got = 0;
    for (const u of units) {
      if (got >= want || (o.unitsPerType === undefined && size() >= o.count)) break;
      if (u.type !== t.type || taken.has(u)) continue;
      taken.add(u);
      got += o.unitsPerType ? 1 : u.ids.length;
    }
  }
  // What a type lacked comes from the others (not for a per-type pick such as the guide).
  if (o.unitsPerType === undefined)
    for (const u of units) {
      if (size() >= o.count) break;
      if (!taken.has(u)) taken.add(u);
    }
  const sections: PaperSection[] = [];
  for (const type of order) {
    const ids = units.filter((u) => taken.has(u) && u.type === type).flatMap((u) => u.ids);
    if (ids.length === 0) continue;
    const title = o.blueprint.types.find((t) => t.type === type)?.title ?? QUESTION_TYPE_NAMES[type];
    sections.push({ type, title, score: o.score ?? 1, questions: ids });
  }
  return sections;
}

/** The ISO week of a China day ('2026-11-21' → '2026-W47'): the platform's, for the module's users. */
export { isoWeek } from '../../platform/china-time.ts';

import { HOT500_COUNT, HOT500_ROUND, PASS60_MAX, PASS60_MAX_DIFFICULTY, PASS60_SHARE } from '@kaoshi/contract';
import { questionHeat } from '../questions/index.ts';
import type { PoolRow } from './store.ts';

/**
 * The question sets of the sprint and zhiye sources (docs/sprint-zhiye.md, docs/test-modes.md §1.7 and §2):
 * pure functions over the subject's pool. A group (A3/A4/B1/CASE) is always taken whole: a **unit** is a
 * single question or a whole group, its members in group order.
 */

export interface Unit {
  /** Member ids in group order (one id for a single question). */
  ids: number[];
  /** The lowest member id: ties break on it. */
  anchor: number;
  rows: PoolRow[];
}

/** The pool as units, by anchor. */
export function unitsOf(rows: readonly PoolRow[]): Unit[] {
  const byKey = new Map<string, PoolRow[]>();
  for (const r of rows) {
    const key = r.groupId === null ? `q${r.id}` : `g${r.groupId}`;
    const list = byKey.get(key);
    if (list) list.push(r);
    else byKey.set(key, [r]);
  }
  return [...byKey.values()]
    .map((members) => {
      const sorted = [...members].sort((a, b) => a.groupOrder - b.groupOrder || a.id - b.id);
      return { ids: sorted.map((r) => r.id), anchor: Math.min(...sorted.map((r) => r.id)), rows: sorted };
    })
    .sort((a, b) => a.anchor - b.anchor);
}

/** Units hottest first (a unit's heat is its hottest member's), then by anchor. */
export function byHeat(units: readonly Unit[], heat: Map<number, number>): Unit[] {
  const h = (u: Unit) => Math.max(...u.ids.map((id) => heat.get(id) ?? 0));
  return [...units].sort((a, b) => h(b) - h(a) || a.anchor - b.anchor);
}

/** Units in order until at least `max` questions (a group may overshoot by less than its size). */
export function takeUnits(units: readonly Unit[], max: number): Unit[] {
  const out: Unit[] = [];
  let n = 0;
  for (const u of units) {
    if (n >= max) break;
    out.push(u);
    n += u.ids.length;
  }
  return out;
}

export const idsOf = (units: readonly Unit[]): number[] => units.flatMap((u) => u.ids);

/** 必做500题: the 500 hottest questions (then id), cut into rounds of 50 (a round ends after the unit that reaches 50). */
export function hot500Rounds(rows: readonly PoolRow[]): number[][] {
  const chosen = takeUnits(byHeat(unitsOf(rows), questionHeat(rows)), HOT500_COUNT);
  const rounds: number[][] = [];
  let current: number[] = [];
  for (const u of chosen) {
    current.push(...u.ids);
    if (current.length >= HOT500_ROUND) {
      rounds.push(current);
      current = [];
    }
  }
  if (current.length) rounds.push(current);
  return rounds;
}

/**
 * 考前60分: knowledge points by weight (share of the bank, heaviest first, then id) until their weights reach
 * 60 % of all weights; their questions of difficulty ≤ 3, heaviest point first (within a point by id), each
 * once, at most 300. A group comes whole when one of its members qualifies.
 */
export function pass60Ids(rows: readonly PoolRow[]): number[] {
  const n = new Map<number, number>();
  for (const r of rows) for (const p of r.points) n.set(p, (n.get(p) ?? 0) + 1);
  const points = [...n.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const all = points.reduce((s, [, c]) => s + c, 0);
  const chosen: number[] = [];
  let sum = 0;
  for (const [p, c] of points) {
    if (sum >= all * PASS60_SHARE) break;
    chosen.push(p);
    sum += c;
  }
  const units = unitsOf(rows);
  const unitOf = new Map<number, Unit>();
  for (const u of units) for (const id of u.ids) unitOf.set(id, u);
  const ordered: Unit[] = [];
  const seen = new Set<Unit>();
  for (const p of chosen)
    for (const r of rows) {
      if (r.difficulty > PASS60_MAX_DIFFICULTY || !r.points.includes(p)) continue;
      const u = unitOf.get(r.id)!;
      if (seen.has(u)) continue;
      seen.add(u);
      ordered.push(u);
    }
  return idsOf(takeUnits(ordered, PASS60_MAX));
}

/** Chapter tree helpers over the subject's chapter list. */
export interface ChapterLite {
  id: number;
  parentId: number | null;
  name: string;
  order: number;
}

/** Each chapter's top-level ancestor (itself for a top chapter); a chapter in a cycle maps to itself. */
export function topOf(all: readonly ChapterLite[]): Map<number, number> {
  const byId = new Map(all.map((c) => [c.id, c]));
  const out = new Map<number, number>();
  for (const c of all) {
    let at = c;
    const seen = new Set<number>();
    while (at.parentId !== null && byId.has(at.parentId) && !seen.has(at.id)) {
      seen.add(at.id);
      at = byId.get(at.parentId)!;
    }
    out.set(c.id, at.id);
  }
  return out;
}

/** Units in chapter order (the chapter's position, then id), as chapter practice lists them. */
export function byChapterOrder(units: readonly Unit[], all: readonly ChapterLite[]): Unit[] {
  const pos = new Map(all.map((c, i) => [c.id, i]));
  const at = (u: Unit) => pos.get(u.rows[0]!.chapterId) ?? Number.MAX_SAFE_INTEGER;
  return [...units].sort((a, b) => at(a) - at(b) || a.anchor - b.anchor);
}

/** 一 … 九十九 for unit labels (单元一, 单元十二). */
export function chineseNumber(n: number): string {
  const d = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  if (n < 10) return d[n]!;
  if (n < 20) return `十${n % 10 ? d[n % 10] : ''}`;
  if (n < 100) return `${d[Math.floor(n / 10)]}十${n % 10 ? d[n % 10] : ''}`;
  return String(n);
}

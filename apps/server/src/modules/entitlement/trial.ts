import type { TrialRule } from '../../db/schema/index.ts';

/** A chapter of a subject's tree, as the trial rule reads it. */
export interface TrialChapter {
  id: number;
  parentId: number | null;
  order: number;
}

/**
 * The chapters a trial rule opens (docs/entitlement.md, "Trial chapters"): in each part (a top-level chapter),
 * the first `chaptersPerPart` chapters that have no sub-chapters, by order; a part without sub-chapters is
 * itself its first chapter. A chapter above them is open only when every chapter without sub-chapters below it
 * is, so asking for a whole part never shows more than the rule allows.
 */
export function trialChapters(all: readonly TrialChapter[], rule: TrialRule): Set<number> {
  const known = new Set(all.map((c) => c.id));
  const children = new Map<number, TrialChapter[]>();
  for (const c of all) {
    if (c.parentId === null || !known.has(c.parentId)) continue;
    const list = children.get(c.parentId);
    if (list) list.push(c);
    else children.set(c.parentId, [c]);
  }
  const byOrder = (a: TrialChapter, b: TrialChapter) => a.order - b.order || a.id - b.id;
  /** The chapters without sub-chapters under `c` (itself when it has none), by order; a cycle is cut. */
  const leavesOf = (c: TrialChapter, path: Set<number>): TrialChapter[] => {
    const kids = children.get(c.id);
    if (!kids) return [c];
    path.add(c.id);
    const out = [...kids]
      .sort(byOrder)
      .filter((k) => !path.has(k.id))
      .flatMap((k) => leavesOf(k, path));
    path.delete(c.id);
    return out;
  };

  const open = new Set<number>();
  const parts = all.filter((c) => c.parentId === null || !known.has(c.parentId));
  for (const part of parts) for (const leaf of leavesOf(part, new Set()).slice(0, rule.chaptersPerPart)) open.add(leaf.id);
  // A chapter with sub-chapters opens when all the chapters below it do.
  for (const c of all) {
    if (!children.has(c.id)) continue;
    const leaves = leavesOf(c, new Set());
    if (leaves.length > 0 && leaves.every((l) => open.has(l.id))) open.add(c.id);
  }
  return open;
}

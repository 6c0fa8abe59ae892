import { PAPER_TAGS, type PaperTag } from '@kaoshi/contract';
import { z } from 'zod';
import { blueprintOf, drawSections } from './draw.ts';
import { questionHeat } from '../questions/index.ts';
import type { PaperWrite, SetPoolRow } from './types.ts';

export type { SetPoolRow };

/**
 * Tagged paper sets (docs/test-modes.md §1.8): 押题密卷, 历年精题模拟卷, 冲刺燃卷, 考前密卷 and sprint papers
 * are stored papers like any other, so every learner sits the same paper and results compare. They are
 * described by recipes in content/demo/papers/<appID>/sets.json and materialised by the seed from the bank:
 * a fixed seed, the template paper's section order and proportions, one mark per question, pass at 60 %.
 */

export const SET_RULES = ['hot', 'past-years', 'hard', 'any'] as const;
export type SetRule = (typeof SET_RULES)[number];

export const setRecipe = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'code must be 1–40 of a-z, 0-9, -' }),
  name: z.string().trim().min(1).max(60),
  tag: z.enum(PAPER_TAGS),
  rule: z.enum(SET_RULES),
  count: z.number().int().min(5).max(300),
  seed: z.string().trim().min(1).max(60),
});
export const setRecipes = z.array(setRecipe).max(50);
export type SetRecipe = z.infer<typeof setRecipe>;

/** A bank question as a set's rule sees it. */
/** Set papers pass at 60 % of their marks, like drawn sets. */
const PASS_SHARE = 0.6;

/** The pool of a rule; a group belongs when any of its sub-questions does (drawSections keeps groups whole). */
export function rulePool(rows: readonly SetPoolRow[], rule: SetRule): SetPoolRow[] {
  let keep: (r: SetPoolRow) => boolean;
  if (rule === 'any') keep = () => true;
  else if (rule === 'past-years') keep = (r) => r.year !== null;
  else if (rule === 'hard') keep = (r) => r.difficulty >= 3;
  else {
    // The hotter half of the bank.
    const heat = questionHeat(rows);
    const sorted = [...heat.values()].sort((a, b) => b - a);
    const line = sorted[Math.floor(sorted.length / 2)] ?? 0;
    keep = (r) => (heat.get(r.id) ?? 0) >= line && (heat.get(r.id) ?? 0) > 0;
  }
  const groups = new Set(rows.filter((r) => r.groupId !== null && keep(r)).map((r) => r.groupId));
  return rows.filter((r) => keep(r) || (r.groupId !== null && groups.has(r.groupId)));
}

/** The paper of a recipe, or null when its pool is empty. */
export function materialise(
  appId: number,
  recipe: SetRecipe,
  rows: readonly SetPoolRow[],
  template: { sections: PaperWrite['sections']; timeLimitSeconds: number } | undefined,
): PaperWrite | null {
  const blueprint = blueprintOf(template);
  const sections = drawSections(rulePool(rows, recipe.rule), { count: recipe.count, seed: `${appId}:${recipe.seed}`, blueprint });
  const n = sections.reduce((k, s) => k + s.questions.length, 0);
  if (n === 0) return null;
  return {
    appId,
    code: recipe.code,
    kind: 'mock',
    name: recipe.name,
    year: null,
    tag: recipe.tag as PaperTag,
    timeLimitSeconds: Math.ceil((n * blueprint.secondsPerQuestion) / 60) * 60,
    passScore: Math.ceil(n * PASS_SHARE),
    totalScore: n,
    sections,
  };
}

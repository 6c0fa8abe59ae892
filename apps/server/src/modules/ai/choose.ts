import {
  AI_PER_POINT_MAX,
  QUESTION_TYPE_NAMES,
  QUESTION_TYPES,
  TIPS_MAX,
  type AiReason,
  type CardGrade,
  type PaperSection,
  type PointMastery,
  type QuestionType,
} from '@kaoshi/contract';
import type { PointQuestionRow } from './store.ts';

/* The pure choices of AI practice (docs/ai-practice.md): adaptive order, the round, reasons, tips and sections. */

/** A mastery row of the study module with the point's id and code. */
export type MasteryRow = PointMastery & { id: number; code: string };

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** A share as the learner reads it: '6%', '不足1%' for a small non-zero share. */
export const percent = (x: number) => (x > 0 && x < 0.005 ? '不足1%' : `${Math.round(x * 100)}%`);

/** Priority of a point for the adaptive round (docs/test-modes.md §4): weight × (1 − mastery). */
export const priorityOf = (p: Pick<PointMastery, 'weight' | 'mastery'>) => p.weight * (1 - p.mastery);

/** Points in adaptive order: highest priority first, then weaker, then heavier, then code. */
export function adaptiveOrder<T extends MasteryRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => priorityOf(b) - priorityOf(a) || a.mastery - b.mastery || b.weight - a.weight || a.code.localeCompare(b.code));
}

/** How the learner last answered a question: never (0), wrong (1), right (2). */
export type AnswerState = 0 | 1 | 2;
const STATE_WHY: Record<AnswerState, string> = { 0: '这道题你还没做过。', 1: '这道题你上次答错了。', 2: '这道题你上次答对了，再巩固一次。' };

/** The reason of one question, written from its point's figures. */
export function whyOf(p: MasteryRow, state: AnswerState): string {
  return `考点「${p.point}」占题库 ${percent(p.weight)}，你的掌握度 ${percent(p.mastery)}（答对 ${p.right}/${p.total}）。${STATE_WHY[state]}`;
}

/**
 * The questions of a round: points in adaptive order; from each 1–3 (3 for the top third of the highest
 * priority, 2 for the middle third, else 1) of its questions not answered in the last 24 h and not yet taken
 * — never answered first, then last answered wrong, then right; within each by chapter order and id.
 * Stops at `count`; shorter when the bank has too few eligible questions.
 */
export function chooseRound(
  points: readonly MasteryRow[],
  questionsOf: ReadonlyMap<number, readonly number[]>,
  stateOf: (questionId: number) => AnswerState,
  recent: ReadonlySet<number>,
  count: number,
): { questionId: number; point: MasteryRow; state: AnswerState }[] {
  const ordered = adaptiveOrder(points);
  const top = ordered.length ? priorityOf(ordered[0]!) : 0;
  const taken = new Set<number>();
  const out: { questionId: number; point: MasteryRow; state: AnswerState }[] = [];
  for (const p of ordered) {
    if (out.length >= count) break;
    const n = top > 0 ? Math.min(AI_PER_POINT_MAX, Math.max(1, Math.ceil((AI_PER_POINT_MAX * priorityOf(p)) / top))) : 1;
    const candidates = (questionsOf.get(p.id) ?? [])
      .filter((q) => !recent.has(q) && !taken.has(q))
      .map((q, i) => ({ q, i, state: stateOf(q) }))
      .sort((a, b) => a.state - b.state || a.i - b.i)
      .slice(0, Math.min(n, count - out.length));
    for (const c of candidates) {
      taken.add(c.q);
      out.push({ questionId: c.q, point: p, state: c.state });
    }
  }
  return out;
}

const SENTENCE_END = /(?<=[。！？；!?;\n])/;

/** The 【…】 marked sentences of an explanation (the marks kept), trimmed. */
export function markedSentences(explanation: string): string[] {
  return explanation
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter((s) => /【[^】]+】/.test(s));
}

/** Tips of a point: the marked sentences of its questions' explanations in question order, de-duplicated, at most TIPS_MAX. */
export function tipsOf(explanations: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const e of explanations) {
    for (const s of markedSentences(e)) {
      seen.add(s);
      if (seen.size >= TIPS_MAX) return [...seen];
    }
  }
  return [...seen];
}

/** The first sentence of an explanation (a card's back when its point has no marked sentence). */
export const firstSentence = (e: string) =>
  e
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .find((s) => s !== '') ?? '';

export const GRADE_RANK: Record<CardGrade, number> = { forgot: 1, vague: 2, know: 3 };

/** Sections of a round's questions: one per question type in the bank's type order; a group's sub-questions in order. */
export function sectionsOf(chosen: readonly number[], info: ReadonlyMap<number, PointQuestionRow>): PaperSection[] {
  const byType = new Map<QuestionType, number[]>();
  for (const id of chosen) {
    const t = info.get(id)!.type as QuestionType;
    byType.set(t, [...(byType.get(t) ?? []), id]);
  }
  return QUESTION_TYPES.filter((t) => byType.has(t)).map((t) => {
    const ids = byType.get(t)!;
    // Keep a group's sub-questions together and in their order, at the place of the group's first one.
    const first = new Map<number, number>();
    ids.forEach((id, i) => {
      const g = info.get(id)!.groupId;
      if (g !== null && !first.has(g)) first.set(g, i);
    });
    const sorted = ids
      .map((id, i) => {
        const q = info.get(id)!;
        return { id, at: q.groupId === null ? i : first.get(q.groupId)!, order: q.groupOrder };
      })
      .sort((a, b) => a.at - b.at || a.order - b.order);
    return { type: t, title: QUESTION_TYPE_NAMES[t], score: 1, questions: sorted.map((x) => x.id) };
  });
}

/** Reasons in the session's question order (the sections may regroup by type). */
export function order(reasons: readonly AiReason[], ids: readonly number[]): AiReason[] {
  const at = new Map(ids.map((id, i) => [id, i]));
  return [...reasons].sort((a, b) => (at.get(a.allTestID) ?? 1e9) - (at.get(b.allTestID) ?? 1e9));
}

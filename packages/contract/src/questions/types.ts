/**
 * The question model (docs/questions.md). One model covers the Chinese medical exam formats:
 *
 * | type | what it is | answer |
 * |---|---|---|
 * | A1 | single best answer | one option key |
 * | A2 | short case, single best answer | one option key |
 * | A3 | one case stem shared by several sub-questions, shown in order | one key per sub-question |
 * | A4 | like A3, the case unfolds (the stem may add facts per sub-question) | one key per sub-question |
 * | B1 | one set of options shared by several stems; an option may serve once, several times or never | one key per stem |
 * | X | several correct answers (all and only) | two or more keys |
 * | TF | true/false | 'A' (正确) or 'B' (错误) |
 * | FILL | fill in the blank | accepted texts |
 * | CASE | case analysis: several sub-questions, each with several correct options; a wrong pick costs | one or more keys per sub-question |
 *
 * A1, A2, X, TF and FILL are single items; A3, A4, B1 and CASE are groups whose sub-questions are the
 * items a learner answers (and that answers, favourites and notes point at).
 */

export const SINGLE_TYPES = ['A1', 'A2', 'X', 'TF', 'FILL'] as const;
export const GROUP_TYPES = ['A3', 'A4', 'B1', 'CASE'] as const;
export const QUESTION_TYPES = [...SINGLE_TYPES, ...GROUP_TYPES] as const;
export type SingleType = (typeof SINGLE_TYPES)[number];
export type GroupType = (typeof GROUP_TYPES)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Display names of the types (题型). */
export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = {
  A1: 'A1型题',
  A2: 'A2型题',
  A3: 'A3型题',
  A4: 'A4型题',
  B1: 'B1型题',
  X: '多选题',
  TF: '判断题',
  FILL: '填空题',
  CASE: '案例分析题',
};

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

/** The fixed options of a true/false question. */
export const TF_OPTIONS = [
  { key: 'A', text: '正确' },
  { key: 'B', text: '错误' },
] as const;

import { normaliseKeys, shownAnswer, TF_OPTIONS } from '@kaoshi/contract';
import type { ReviewGroup, ReviewQuestion } from './api';

/** The result screen's review: its filters (全部, 错题, 未答, 标疑) and how a reviewed question's options and answers are shown. */

export const REVIEW_FILTERS = [
  { id: 'all', label: '全部' },
  { id: 'wrong', label: '错题' },
  { id: 'unanswered', label: '未答' },
  { id: 'flagged', label: '标疑' },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]['id'];

export const isReviewFilter = (v: string | null): v is ReviewFilter => REVIEW_FILTERS.some((f) => f.id === v);

/** Whether a reviewed question belongs to a filter. Wrong = answered and not right. */
export function inFilter(q: ReviewQuestion, f: ReviewFilter): boolean {
  switch (f) {
    case 'all':
      return true;
    case 'wrong':
      return q.mine.answered && !q.mine.right;
    case 'unanswered':
      return !q.mine.answered;
    case 'flagged':
      return q.flagged;
  }
}

export function filterCounts(list: readonly ReviewQuestion[]): Record<ReviewFilter, number> {
  const counts = { all: 0, wrong: 0, unanswered: 0, flagged: 0 };
  for (const q of list) for (const f of REVIEW_FILTERS) if (inFilter(q, f.id)) counts[f.id] += 1;
  return counts;
}

/** The options a question is shown with: TF gets 正确/错误, B1 the group's shared options. */
export function reviewOptions(q: ReviewQuestion, group: ReviewGroup | undefined): { key: string; text: string }[] {
  if (q.childTableName === 'TF') return q.options.length > 0 ? q.options : [...TF_OPTIONS];
  if (q.childTableName === 'B1') return group?.options.length ? group.options : q.options;
  return q.options;
}

/** The correct answer as shown: keys ('ACD') or the canonical text of a FILL question. */
export const answerText = (q: Pick<ReviewQuestion, 'childTableName' | 'answer'>): string => shownAnswer(q);

/** The learner's reply as shown: keys normalised, a FILL text as typed, '未作答' when empty. */
export function replyText(q: ReviewQuestion): string {
  const r = q.mine.lastUserReply;
  if (!q.mine.answered || !r.trim()) return '未作答';
  return q.childTableName === 'FILL' ? r : normaliseKeys(r) || r;
}

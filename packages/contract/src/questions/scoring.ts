import type { QuestionType } from './types.ts';

/* ---------------- scoring ---------------- */

/** How an answered item scores: full marks, partial (CASE), or none. `score` is out of `full`. */
export interface Scored {
  right: boolean;
  score: number;
  full: number;
}

/** Option keys in a reply, normalised: upper case, de-duplicated, sorted ('ca' → 'AC'). */
export function normaliseKeys(reply: string): string {
  return [...new Set(reply.toUpperCase().replace(/[^A-J]/g, ''))].sort().join('');
}

/**
 * The correct answer as a learner is shown it: the keys ('ACD'), or for FILL the canonical text — the
 * first accepted spelling. The other spellings ('60-100', '60~100' beside '60～100') are accepted when
 * scoring and never listed (a list of variants reads as several answers).
 */
export function shownAnswer(q: { childTableName: QuestionType; answer: string | readonly string[] }): string {
  if (q.childTableName === 'FILL') return (Array.isArray(q.answer) ? q.answer[0] : (q.answer as string)) ?? '';
  return normaliseKeys(Array.isArray(q.answer) ? q.answer.join('') : (q.answer as string));
}

/** Spaces (also full-width) do not count in fill-in answers. */
const normaliseFill = (s: string) => s.replace(/[\s\u3000]+/g, '').toLowerCase();

/**
 * Scores a learner's reply to one answerable item. `answer`: the key string ('C', 'ACD') or, for FILL,
 * the accepted texts. `full` marks per item (default 1).
 * - A1, A2, A3, A4, B1, TF: right when the one key matches.
 * - X: right only with all and only the correct keys; no partial marks.
 * - FILL: right when the reply equals an accepted text, ignoring spaces and letter case.
 * - CASE: each correct key picked earns full / (number of correct keys), each wrong key picked costs as much;
 *   the score never goes below 0; right only when all and only the correct keys are picked.
 */
export function scoreReply(type: QuestionType, answer: string | readonly string[], reply: string, full = 1): Scored {
  if (type === 'FILL') {
    const accepted = (Array.isArray(answer) ? answer : [answer as string]).map(normaliseFill);
    const right = reply.trim() !== '' && accepted.includes(normaliseFill(reply));
    return { right, score: right ? full : 0, full };
  }
  const correct = normaliseKeys(Array.isArray(answer) ? answer.join('') : (answer as string));
  const picked = normaliseKeys(reply);
  const right = picked !== '' && picked === correct;
  if (type !== 'CASE') return { right, score: right ? full : 0, full };
  const per = full / correct.length;
  let score = 0;
  for (const k of picked) score += correct.includes(k) ? per : -per;
  score = Math.max(0, Math.round(score * 1000) / 1000);
  return { right, score, full };
}

/** Whether a reply has the shape the type expects (one key, several keys, text). */
export function replyFits(type: QuestionType, reply: string): boolean {
  if (type === 'FILL') return reply.trim().length > 0 && reply.length <= 200;
  const keys = normaliseKeys(reply);
  if (keys.length === 0 || keys.length !== reply.replace(/[\s,，]/g, '').length) return false;
  if (type === 'TF') return keys === 'A' || keys === 'B';
  if (type === 'X' || type === 'CASE') return true;
  return keys.length === 1;
}

import { createHash } from 'node:crypto';
import { QUESTION_TYPE_NAMES, SINGLE_TYPES, type Paper, type PaperSection, type SingleType } from '@kaoshi/contract';

/** The daily test (每日一练): how many questions, marks each, minutes, pass line. */
export const DAILY = { questions: 10, score: 1, minutes: 10, passShare: 0.6 } as const;

/** What the draw needs of a bank row. */
export interface DailyBankRow {
  id: number;
  type: string;
  retired: boolean;
}

const isSingle = (t: string): t is SingleType => (SINGLE_TYPES as readonly string[]).includes(t);

/**
 * The daily test of a subject for one China day (docs/papers.md): `DAILY.questions` questions drawn from the
 * subject's non-retired single items (A1, A2, X, TF, FILL). Each question's rank is the SHA-256 of
 * `appID|date|id`; the lowest ranks are drawn. So the paper is the same for everyone on that day, whatever order
 * the rows come in, and another day (or subject) draws differently. Sections follow the type order (A1, A2, X,
 * TF, FILL), questions in draw order. Null when the subject has no single items. Throws on a malformed date.
 */
export function dailyPaper(appID: number, chinaDate: string, bankRows: readonly DailyBankRow[]): Paper | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(chinaDate) || Number.isNaN(Date.parse(`${chinaDate}T00:00:00Z`))) throw new Error(`dailyPaper: not a date: ${chinaDate}`);
  const rank = (id: number) => createHash('sha256').update(`${appID}|${chinaDate}|${id}`).digest('hex');
  const pool = [...new Map(bankRows.filter((r) => !r.retired && isSingle(r.type)).map((r) => [r.id, r])).values()];
  if (pool.length === 0) return null;
  const drawn = pool
    .map((r) => ({ r, key: rank(r.id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.r.id - b.r.id))
    .slice(0, DAILY.questions)
    .map((x) => x.r);
  const sections: PaperSection[] = [];
  for (const type of SINGLE_TYPES) {
    const ids = drawn.filter((r) => r.type === type).map((r) => r.id);
    if (ids.length) sections.push({ type, title: QUESTION_TYPE_NAMES[type], score: DAILY.score, questions: ids });
  }
  return {
    appID,
    code: `daily-${chinaDate}`,
    kind: 'daily',
    name: `每日一练（${chinaDate}）`,
    year: null,
    tag: null,
    timeLimitSeconds: DAILY.minutes * 60,
    passScore: Math.ceil(drawn.length * DAILY.score * DAILY.passShare),
    sections,
  };
}

import { scoreReply } from './scoring.ts';
import type { QuestionType } from './types.ts';

/**
 * Exam papers (docs/papers.md). A paper is an ordered list of sections; a section holds questions of one
 * type (A3/A4/B1/CASE sections hold whole groups, their sub-questions in order), each worth `score` marks.
 * Zod-free: the server and the web both score with these functions; the file schema is in paper-schema.ts.
 */

/** Stored papers are 'mock' or 'past'; 'daily' (and 'weekly', docs/test-modes.md §1.8) are drawn, one per period. */
export const PAPER_KINDS = ['mock', 'past', 'daily', 'weekly'] as const;
export type PaperKind = (typeof PAPER_KINDS)[number];

/** Display names of the kinds. */
export const PAPER_KIND_NAMES: Record<PaperKind, string> = {
  mock: '模拟考试',
  past: '历年真题',
  daily: '每日一练',
  weekly: '每周一练',
};

/** Collections a mock paper may be tagged into (docs/test-modes.md §1.8); untagged = an ordinary paper. */
export const PAPER_TAGS = ['ytmj', 'lnjt', 'burning', 'secret', 'sprint'] as const;
export type PaperTag = (typeof PAPER_TAGS)[number];

export interface PaperSection {
  /** The one question type of the section. */
  type: QuestionType;
  /** Shown as the section's heading, e.g. 'A1型题'. */
  title: string;
  /** Full marks per question (per sub-question in group sections). */
  score: number;
  /** Answerable question ids (`questions.id`), in order; a group's sub-questions together and in order. */
  questions: number[];
}

export interface Paper {
  /** `papers.id`; none for papers built on the fly (the daily test). */
  id?: number;
  appID: number;
  /** Unique within the subject, e.g. 'mock-1'; the daily test is 'daily-YYYY-MM-DD'. */
  code: string;
  kind: PaperKind;
  name: string;
  year?: number | null;
  /** A collection (押题密卷 …); none for ordinary papers. */
  tag?: PaperTag | null;
  timeLimitSeconds: number;
  /** Pass line in marks: passed when the score is at least this. */
  passScore: number;
  sections: PaperSection[];
}

/** What scoring needs to know about one question (the server reads it from the bank; never sent before hand-in). */
export interface PaperKey {
  type: QuestionType;
  /** Keys ('C', 'ACD') or, for FILL, the accepted texts. */
  answer: string | readonly string[];
  chapterId: number;
}

export interface PaperTally {
  score: number;
  total: number;
  right: number;
  /** Answered but not right (a partly right CASE answer counts here, with its partial score). */
  wrong: number;
  unanswered: number;
}

export interface PaperResult extends PaperTally {
  passed: boolean;
  bySection: (PaperTally & { type: QuestionType; title: string })[];
  /** Chapters in the order they first appear in the paper. */
  byChapter: (PaperTally & { chapterId: number })[];
  /** Every question in paper order. */
  items: { id: number; score: number; right: boolean; answered: boolean }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Full marks of a paper: the sum over sections of score × questions. */
export function paperTotal(paper: Pick<Paper, 'sections'>): number {
  let total = 0;
  for (const s of paper.sections) total += s.score * s.questions.length;
  return round2(total);
}

/** Every question id of a paper in order. */
export function paperQuestionIds(paper: Pick<Paper, 'sections'>): number[] {
  return paper.sections.flatMap((s) => s.questions);
}

const tally = (): PaperTally => ({ score: 0, total: 0, right: 0, wrong: 0, unanswered: 0 });
const rounded = <T extends PaperTally>(t: T): T => ({ ...t, score: round2(t.score), total: round2(t.total) });

/**
 * Scores a handed-in paper. `replies`: question id → the learner's reply (keys 'AC' or the FILL text); a missing
 * or blank reply is unanswered and scores 0. Each answered question is scored by `scoreReply` with its section's
 * marks (X all or nothing, CASE a share per correct key minus as much per wrong key, never below 0, FILL
 * ignoring spaces and case). Scores are summed unrounded and rounded to 2 decimals at the end only.
 * Throws when `keyOf` knows no key for a question of the paper (a paper must only name existing questions).
 */
export function scorePaper(paper: Pick<Paper, 'sections' | 'passScore'>, keyOf: (id: number) => PaperKey | undefined, replies: ReadonlyMap<number, string>): PaperResult {
  const all = tally();
  const bySection: PaperResult['bySection'] = [];
  const chapters = new Map<number, PaperTally & { chapterId: number }>();
  const items: PaperResult['items'] = [];
  for (const section of paper.sections) {
    const sec = { type: section.type, title: section.title, ...tally() };
    for (const id of section.questions) {
      const key = keyOf(id);
      if (!key) throw new Error(`试卷中的题目 ${id} 不存在`);
      let ch = chapters.get(key.chapterId);
      if (!ch) chapters.set(key.chapterId, (ch = { chapterId: key.chapterId, ...tally() }));
      const reply = replies.get(id);
      const answered = reply !== undefined && reply.trim() !== '';
      const scored = answered ? scoreReply(key.type, key.answer, reply, section.score) : { right: false, score: 0 };
      for (const t of [all, sec, ch]) {
        t.total += section.score;
        t.score += scored.score;
        if (!answered) t.unanswered++;
        else if (scored.right) t.right++;
        else t.wrong++;
      }
      items.push({ id, score: round2(scored.score), right: scored.right, answered });
    }
    bySection.push(sec);
  }
  const total = rounded(all);
  return {
    ...total,
    passed: total.score >= paper.passScore,
    bySection: bySection.map(rounded),
    byChapter: [...chapters.values()].map(rounded),
    items,
  };
}

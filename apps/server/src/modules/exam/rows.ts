import type { ExamResultJson } from '../../db/schema/index.ts';

// The exam engine's row shapes shared by its reads (store.ts), its locked writes (writes.ts) and its service.

/** Who handed a session in: the learner, the server at the deadline, or a restart that abandoned it. */
export type HandedBy = 'learner' | 'deadline' | 'abandoned';

/** One reply of a batch as the store writes it (already checked by the service). */
export interface ReplyWrite {
  replyId: string;
  questionId: number;
  reply: string;
  flagged: boolean;
  spentSeconds: number;
}

/** A question's key and chapter, for scoring at hand-in. */
export interface KeyRow {
  id: number;
  type: string;
  answer: string | string[];
  chapterId: number;
  retired: boolean;
}

/** What the service's scorer makes of a session at hand-in (pure: no SQL). */
export interface HandInScore {
  score: number;
  result: ExamResultJson;
  /** The answers to store in `answers` (answered questions only). */
  answers: { questionId: number; chapterId: number; reply: string; right: boolean; score: number; spentSeconds: number; retired: boolean }[];
}

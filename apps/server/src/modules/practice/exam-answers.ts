import { sql } from 'drizzle-orm';
import { bulk, columnNames, unnestRows, type BulkColumn } from '../../db/bulk.ts';
import type { Tx } from '../../db/index.ts';
import { answers } from '../../db/schema/index.ts';

/** One scored answer of an exam's hand-in (modules/exam), as `answers` keeps it. */
export interface HandedAnswer {
  questionId: number;
  chapterId: number;
  reply: string;
  right: boolean;
  score: number;
  spentSeconds: number;
}

/** The `answers` row of each scored answer of a hand-in, under the deterministic reply id `exam-<session>-<question>`. */
const answerColumns = (userId: number, appId: number, sessionId: number, at: Date): BulkColumn<HandedAnswer>[] => [
  [answers.userId, () => userId],
  [answers.appId, () => appId],
  [answers.chapterId, (a) => a.chapterId],
  [answers.questionId, (a) => a.questionId],
  [answers.replyId, (a) => `exam-${sessionId}-${a.questionId}`],
  [answers.reply, (a) => a.reply],
  [answers.right, (a) => a.right],
  [answers.score, (a) => a.score],
  [answers.spentSeconds, (a) => a.spentSeconds],
  [answers.examHistoryId, () => sessionId],
  [answers.createdAt, () => at],
];

/**
 * Stores an exam session's scored answers in `answers` (practice owns the table, docs/tables.md), inside the
 * hand-in's transaction, under the deterministic reply id `exam-<session>-<question>` in one statement (ON
 * CONFLICT DO NOTHING; no row limit: one array parameter per column). Answers the question ids newly stored.
 */
export async function storeHandedAnswers(tx: Tx, s: { userId: number; appId: number; sessionId: number; at: Date }, scored: readonly HandedAnswer[]): Promise<Set<number>> {
  const inserted = await bulk<{ question_id: number }>(
    tx,
    sql`insert into ${answers} ${unnestRows(answerColumns(s.userId, s.appId, s.sessionId, s.at), scored)}
        on conflict (${columnNames(answers.userId, answers.replyId)}) do nothing returning ${columnNames(answers.questionId)}`,
  );
  return new Set(inserted.map((r) => r.question_id));
}

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

/** One graded sheet's answers, with whose and which session they are. */
export interface HandedSheet {
  userId: number;
  appId: number;
  sessionId: number;
  at: Date;
  answers: readonly HandedAnswer[];
}

type Row = HandedAnswer & { sheet: HandedSheet };

/** The `answers` row of each scored answer of a hand-in, under the deterministic reply id `exam-<session>-<question>`. */
const answerColumns: BulkColumn<Row>[] = [
  [answers.userId, (a) => a.sheet.userId],
  [answers.appId, (a) => a.sheet.appId],
  [answers.chapterId, (a) => a.chapterId],
  [answers.questionId, (a) => a.questionId],
  [answers.replyId, (a) => `exam-${a.sheet.sessionId}-${a.questionId}`],
  [answers.reply, (a) => a.reply],
  [answers.right, (a) => a.right],
  [answers.score, (a) => a.score],
  [answers.spentSeconds, (a) => a.spentSeconds],
  [answers.examHistoryId, (a) => a.sheet.sessionId],
  [answers.createdAt, (a) => a.sheet.at],
];

/**
 * Stores the scored answers of many graded sheets in `answers` (practice owns the table, docs/tables.md), inside
 * the grading's transaction, in one statement: each under the deterministic reply id `exam-<session>-<question>`
 * (ON CONFLICT DO NOTHING, so a sheet graded again stores nothing twice; one array parameter per column, no row
 * limit). Answers, per session, the question ids newly stored.
 */
export async function storeHandedSheets(tx: Tx, sheets: readonly HandedSheet[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>(sheets.map((s) => [s.sessionId, new Set<number>()]));
  const rows: Row[] = sheets.flatMap((sheet) => sheet.answers.map((a) => ({ ...a, sheet })));
  if (rows.length === 0) return out;
  const inserted = await bulk<{ exam_history_id: number; question_id: number }>(
    tx,
    sql`insert into ${answers} ${unnestRows(answerColumns, rows)}
        on conflict (${columnNames(answers.userId, answers.replyId)}) do nothing returning ${columnNames(answers.examHistoryId, answers.questionId)}`,
  );
  for (const r of inserted) out.get(Number(r.exam_history_id))?.add(Number(r.question_id));
  return out;
}

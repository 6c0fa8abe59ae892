import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { questions } from '../../db/schema/index.ts';

/** A question another module makes (today: a live class's closed card, modules/live), one A1 question. */
export interface MadeQuestion {
  appId: number;
  /** Unique in the subject: a second call with it adds nothing and answers the first question's id. */
  extId: string;
  chapterId: number;
  stem: string;
  options: { key: string; text: string }[];
  answer: string;
  explanation: string;
  source: string;
  at: Date;
}

/**
 * Adds the question to the bank once (by its ext id) and answers its id, inside the caller's transaction. The
 * bank's one write for other modules: `questions` is written only by this module (docs/tables.md).
 */
export async function addQuestionOnce(conn: Database | Tx, q: MadeQuestion): Promise<number> {
  const { appId, extId, chapterId, stem, options, answer, explanation, source } = q;
  await conn.insert(questions).values({ appId, extId, type: 'A1', chapterId, stem, options, answer, explanation, source, updatedAt: q.at }).onConflictDoNothing();
  const [stored] = await conn
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.appId, q.appId), eq(questions.extId, q.extId)));
  return stored!.id;
}

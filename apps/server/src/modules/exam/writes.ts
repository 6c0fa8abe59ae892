import { and, asc, eq, getTableColumns, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { examReplies, examReplyIds, examSessions, type ExamReplyRow, type ExamResultJson, type ExamSessionRow } from '../../db/schema/index.ts';
import { chapterNames } from '../questions/index.ts';
import { storeHandedSheets, type HandedSheet } from '../practice/index.ts';
import type { HandedBy, ReplyWrite } from './rows.ts';
import { writeReplyBatch, type RepliesWritten } from './reply-writes.ts';

/**
 * The session writes that must see one locked row: autosave batches, the seal and grading. The service opens the
 * transaction (`transaction`), locks the session (`lockSession`) and decides; each function here is one step.
 */
export function createSessionWrites(db: Database) {
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(run),

    /** The learner's session, locked (FOR UPDATE) until the transaction ends; undefined for another learner's id. */
    async lockSession(tx: Tx, userId: number, sessionId: number): Promise<ExamSessionRow | undefined> {
      const [s] = await tx
        .select()
        .from(examSessions)
        .where(and(eq(examSessions.id, sessionId), eq(examSessions.userId, userId)))
        .for('update');
      return s;
    },

    /** Writes a batch of checked replies of one session (reply-writes.ts, the group commit's writer, for one part). */
    async writeReplies(tx: Tx, userId: number, sessionId: number, at: Date, items: ReplyWrite[]): Promise<RepliesWritten> {
      return (await writeReplyBatch(tx, [{ userId, sessionId, writes: items }], at))[0]!;
    },

    writeReplyBatch,

    /** These sessions, locked (FOR UPDATE) in id order until the transaction ends (the group commit's batch). */
    lockSessions(tx: Tx, ids: readonly number[]): Promise<ExamSessionRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(examSessions)
        .where(inArray(examSessions.id, [...ids]))
        .orderBy(asc(examSessions.id))
        .for('update');
    },

    /**
     * Seals an open session (conditional UPDATE … WHERE status = 'open' → 'sealed'): the hand-in. Undefined when it
     * was not open. Grading (grading.ts) moves it on to 'handed'.
     */
    async seal(tx: Tx, sessionId: number, at: Date, by: HandedBy): Promise<ExamSessionRow | undefined> {
      const [sealed] = await tx
        .update(examSessions)
        .set({ status: 'sealed', handedAt: at, handedBy: by })
        .where(and(eq(examSessions.id, sessionId), eq(examSessions.status, 'open')))
        .returning();
      return sealed;
    },

    /**
     * Seals every open session whose deadline passed before `cutoff`, at its deadline, by the deadline: one
     * statement for up to `limit` of them (the sweep). Answers how many.
     */
    async sealOverdue(cutoff: Date, limit: number): Promise<number> {
      const due = db
        .select({ id: examSessions.id })
        .from(examSessions)
        .where(and(eq(examSessions.status, 'open'), lt(examSessions.deadlineAt, cutoff)))
        .orderBy(asc(examSessions.deadlineAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(examSessions)
        .set({ status: 'sealed', handedAt: sql`${examSessions.deadlineAt}`, handedBy: 'deadline' })
        .where(and(inArray(examSessions.id, due), eq(examSessions.status, 'open')))
        .returning({ id: examSessions.id });
      return rows.length;
    },

    /**
     * Locks these sealed sessions for grading, in id order (waiting for a lock held by another grader, then
     * leaving out any it graded meanwhile).
     */
    lockSealed(tx: Tx, ids: readonly number[]): Promise<ExamSessionRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(examSessions)
        .where(and(inArray(examSessions.id, [...ids]), eq(examSessions.status, 'sealed')))
        .orderBy(asc(examSessions.id))
        .for('update');
    },

    /** The frozen sections of these sessions (what a grade needs to know before its transaction). */
    async sectionsOf(ids: readonly number[]): Promise<ExamSessionRow['sections'][]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ sections: examSessions.sections })
        .from(examSessions)
        .where(inArray(examSessions.id, [...ids]));
      return rows.map((r) => r.sections);
    },

    /** How many of these replyIDs the learner's session holds (a hand-in tells its device what it carried that counts). */
    async heldReplies(userId: number, sessionId: number, replyIds: string[]): Promise<number> {
      if (replyIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(examReplyIds)
        .where(and(eq(examReplyIds.userId, userId), eq(examReplyIds.sessionId, sessionId), inArray(examReplyIds.replyId, [...new Set(replyIds)])));
      return Number(row?.n ?? 0);
    },

    /** Sealed sessions' ids after `after`, in id order (the grader's drain walks them). */
    async sealedIds(after: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: examSessions.id })
        .from(examSessions)
        .where(and(eq(examSessions.status, 'sealed'), gt(examSessions.id, after)))
        .orderBy(asc(examSessions.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The replies of these sessions, by session (one query). */
    async repliesOf(tx: Tx, sessionIds: number[]): Promise<Map<number, ExamReplyRow[]>> {
      const out = new Map<number, ExamReplyRow[]>();
      if (sessionIds.length === 0) return out;
      for (const r of await tx.select().from(examReplies).where(inArray(examReplies.sessionId, sessionIds))) {
        const list = out.get(r.sessionId);
        if (list) list.push(r);
        else out.set(r.sessionId, [r]);
      }
      return out;
    },

    /** Chapter names by id (the result's breakdown keeps them as they were at the hand-in). */
    chapterNames: (ids: number[]): Promise<Map<number, string>> => chapterNames(db, ids),

    /**
     * Stores the scored answers of many graded sheets in `answers` through practice, the table's owner
     * (storeHandedSheets), in one statement. Answers, per session, the question ids newly stored.
     */
    storeAnswers: (tx: Tx, sheets: readonly HandedSheet[]): Promise<Map<number, Set<number>>> => storeHandedSheets(tx, sheets),

    /** Whether the learner already has a counted (ranked) session of this source. */
    async countedBefore(tx: Tx, userId: number, appId: number, sourceKey: string): Promise<boolean> {
      const [earlier] = await tx
        .select({ id: examSessions.id })
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.sourceKey, sourceKey), eq(examSessions.counted, true)))
        .limit(1);
      return earlier !== undefined;
    },

    /**
     * Grades sealed sessions (sealed → handed) in one statement: each one's score, result and whether it ranks
     * (one jsonb parameter holding them all); answers the rows after, in id order.
     */
    async finish(tx: Tx, grades: readonly { id: number; score: number; result: ExamResultJson; counted: boolean }[]): Promise<ExamSessionRow[]> {
      if (grades.length === 0) return [];
      const g = sql`g`;
      const rows = await tx
        .update(examSessions)
        .set({
          status: 'handed',
          score: sql`(${g}.value->>'score')::float8`,
          result: sql`${g}.value->'result'`,
          counted: sql`(${g}.value->>'counted')::boolean`,
        })
        .from(sql`jsonb_array_elements(${JSON.stringify(grades)}::jsonb) as ${g}`)
        .where(and(sql`${examSessions.id} = (${g}.value->>'id')::integer`, eq(examSessions.status, 'sealed')))
        .returning(getTableColumns(examSessions));
      return (rows as ExamSessionRow[]).sort((x, y) => x.id - y.id);
    },
  };
}

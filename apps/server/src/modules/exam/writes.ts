import { and, eq, inArray, sql } from 'drizzle-orm';
import { bulk, columnNames, fromExcluded, unnestRows, type BulkColumn } from '../../db/bulk.ts';
import type { Database, Tx } from '../../db/index.ts';
import { examReplies, examReplyIds, examSessions, questions, type ExamReplyRow, type ExamResultJson, type ExamSessionRow } from '../../db/schema/index.ts';
import { chapterNames } from '../questions/index.ts';
import { storeHandedAnswers } from '../practice/index.ts';
import type { HandedBy, HandInScore, KeyRow, ReplyWrite } from './rows.ts';

/**
 * The session writes that must see one locked row: autosave batches and the hand-in. The service opens the
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

    /**
     * Writes a batch of checked replies. Each replyID is recorded once per learner: a replay writes nothing; a
     * replyID already used for another question or session is answered in `reused`.
     */
    async writeReplies(tx: Tx, userId: number, sessionId: number, at: Date, items: ReplyWrite[]): Promise<{ saved: number; reused: string[] }> {
      const reused: string[] = [];
      // A replyID twice in one batch: the first counts, the second is a replay (or reused for another question).
      const firstOf = new Map<string, ReplyWrite>();
      for (const it of items) {
        const first = firstOf.get(it.replyId);
        if (!first) firstOf.set(it.replyId, it);
        else if (first.questionId !== it.questionId) reused.push(it.replyId);
      }
      const unique = [...firstOf.values()];
      if (unique.length === 0) return { saved: 0, reused };
      const idColumns: BulkColumn<ReplyWrite>[] = [
        [examReplyIds.userId, () => userId],
        [examReplyIds.replyId, (it) => it.replyId],
        [examReplyIds.sessionId, () => sessionId],
        [examReplyIds.questionId, (it) => it.questionId],
        [examReplyIds.createdAt, () => at],
      ];
      const fresh = new Set(
        (
          await bulk<{ reply_id: string }>(
            tx,
            sql`insert into ${examReplyIds} ${unnestRows(idColumns, unique)} on conflict do nothing returning ${columnNames(examReplyIds.replyId)}`,
          )
        ).map((r) => r.reply_id),
      );
      const replays = unique.filter((it) => !fresh.has(it.replyId));
      if (replays.length) {
        const old = await tx
          .select()
          .from(examReplyIds)
          .where(
            and(
              eq(examReplyIds.userId, userId),
              inArray(
                examReplyIds.replyId,
                replays.map((it) => it.replyId),
              ),
            ),
          );
        const byId = new Map(old.map((o) => [o.replyId, o]));
        for (const it of replays) {
          const o = byId.get(it.replyId);
          if (o && (o.sessionId !== sessionId || o.questionId !== it.questionId)) reused.push(it.replyId);
        }
      }
      // One row per question, as the writes one after the other would leave it: the last reply and flag, the
      // seconds added up.
      const perQuestion = new Map<number, ReplyWrite>();
      for (const it of unique) {
        if (!fresh.has(it.replyId)) continue;
        const before = perQuestion.get(it.questionId);
        perQuestion.set(it.questionId, { ...it, spentSeconds: (before?.spentSeconds ?? 0) + it.spentSeconds });
      }
      if (perQuestion.size) {
        const replyColumns: BulkColumn<ReplyWrite>[] = [
          [examReplies.sessionId, () => sessionId],
          [examReplies.questionId, (r) => r.questionId],
          [examReplies.reply, (r) => r.reply],
          [examReplies.flagged, (r) => r.flagged],
          [examReplies.spentSeconds, (r) => r.spentSeconds],
          [examReplies.replyId, (r) => r.replyId],
          [examReplies.updatedAt, () => at],
        ];
        await bulk(
          tx,
          sql`insert into ${examReplies} ${unnestRows(replyColumns, [...perQuestion.values()])}
              on conflict (${columnNames(examReplies.sessionId, examReplies.questionId)}) do update
              set ${fromExcluded([examReplies.reply, examReplies.flagged, examReplies.replyId, examReplies.updatedAt])},
                  ${columnNames(examReplies.spentSeconds)} = ${examReplies.spentSeconds} + excluded.${columnNames(examReplies.spentSeconds)}`,
        );
      }
      return { saved: unique.filter((it) => fresh.has(it.replyId)).length, reused };
    },

    /** Claims an open session for the hand-in (conditional UPDATE … WHERE status = 'open'); undefined when it was not open. */
    async claim(tx: Tx, sessionId: number, at: Date, by: HandedBy): Promise<ExamSessionRow | undefined> {
      const [claimed] = await tx
        .update(examSessions)
        .set({ status: 'handed', handedAt: at, handedBy: by })
        .where(and(eq(examSessions.id, sessionId), eq(examSessions.status, 'open')))
        .returning();
      return claimed;
    },

    /** What scoring a claimed session needs: its replies, the keys of its questions and their chapters' names. */
    async scoringInputs(tx: Tx, s: ExamSessionRow): Promise<{ replies: ExamReplyRow[]; keys: KeyRow[]; chapterNames: Map<number, string> }> {
      const ids = s.sections.flatMap((sec) => sec.questions);
      const replies = await tx.select().from(examReplies).where(eq(examReplies.sessionId, s.id));
      const keys = ids.length
        ? await tx
            .select({ id: questions.id, type: questions.type, answer: questions.answer, chapterId: questions.chapterId, retired: questions.retired })
            .from(questions)
            .where(inArray(questions.id, ids))
        : [];
      const chapterIds = [...new Set(keys.map((k) => k.chapterId))];
      return { replies, keys, chapterNames: await chapterNames(tx, chapterIds) };
    },

    /**
     * Stores each scored answer in `answers` through practice, the table's owner (storeHandedAnswers). Answers the
     * question ids newly stored.
     */
    storeAnswers: (tx: Tx, userId: number, s: ExamSessionRow, at: Date, scored: HandInScore['answers']): Promise<Set<number>> =>
      storeHandedAnswers(tx, { userId, appId: s.appId, sessionId: s.id, at }, scored),

    /** Whether the learner already has a counted (ranked) session of this source. */
    async countedBefore(tx: Tx, userId: number, appId: number, sourceKey: string): Promise<boolean> {
      const [earlier] = await tx
        .select({ id: examSessions.id })
        .from(examSessions)
        .where(and(eq(examSessions.userId, userId), eq(examSessions.appId, appId), eq(examSessions.sourceKey, sourceKey), eq(examSessions.counted, true)))
        .limit(1);
      return earlier !== undefined;
    },

    /** Writes the score, the result and whether the session ranks; the row after. */
    async finish(tx: Tx, sessionId: number, score: number, result: ExamResultJson, counted: boolean): Promise<ExamSessionRow> {
      const [done] = await tx.update(examSessions).set({ score, result, counted }).where(eq(examSessions.id, sessionId)).returning();
      return done!;
    },
  };
}

import { and, inArray, sql } from 'drizzle-orm';
import { bulk, columnNames, fromExcluded, unnestRows, type BulkColumn } from '../../db/bulk.ts';
import type { Tx } from '../../db/index.ts';
import { examReplies, examReplyIds } from '../../db/schema/index.ts';
import type { ReplyWrite } from './rows.ts';

/** One learner's checked replies to one session, as a batch of the group commit holds them. */
export interface SessionReplies {
  userId: number;
  sessionId: number;
  writes: ReplyWrite[];
}

/** What one learner's part of the batch did: replies newly written, and replyIDs already used elsewhere. */
export interface RepliesWritten {
  saved: number;
  reused: string[];
}

/**
 * Writes the replies of many learners' sessions in one transaction: their replyIDs in one multi-row insert, the
 * replies in one multi-row upsert (docs/exams.md, "Group commit"). Each replyID is recorded once per learner: a
 * replay writes nothing; a replyID already used for another question or session is answered in `reused`. Per
 * question the result is what the writes one after the other would leave: the last reply and flag, the seconds
 * added up. Answers each part's outcome, in the order given.
 */
export async function writeReplyBatch(tx: Tx, parts: readonly SessionReplies[], at: Date): Promise<RepliesWritten[]> {
  const out: RepliesWritten[] = parts.map(() => ({ saved: 0, reused: [] }));
  // A replyID twice (in a part, or in two parts of one learner): the first counts, a later one is a replay, or
  // reused when it names another session or question.
  type Row = ReplyWrite & { part: number; userId: number; sessionId: number };
  const firstOf = new Map<string, Row>();
  for (const [part, p] of parts.entries()) {
    for (const w of p.writes) {
      const key = `${p.userId}:${w.replyId}`;
      const first = firstOf.get(key);
      if (!first) firstOf.set(key, { ...w, part, userId: p.userId, sessionId: p.sessionId });
      else if (first.sessionId !== p.sessionId || first.questionId !== w.questionId) out[part]!.reused.push(w.replyId);
    }
  }
  const unique = [...firstOf.values()];
  if (unique.length === 0) return out;
  const idColumns: BulkColumn<Row>[] = [
    [examReplyIds.userId, (r) => r.userId],
    [examReplyIds.replyId, (r) => r.replyId],
    [examReplyIds.sessionId, (r) => r.sessionId],
    [examReplyIds.questionId, (r) => r.questionId],
    [examReplyIds.createdAt, () => at],
  ];
  const inserted = await bulk<{ user_id: number; reply_id: string }>(
    tx,
    sql`insert into ${examReplyIds} ${unnestRows(idColumns, unique)} on conflict do nothing returning ${columnNames(examReplyIds.userId, examReplyIds.replyId)}`,
  );
  const fresh = new Set(inserted.map((r) => `${r.user_id}:${r.reply_id}`));
  const replays = unique.filter((r) => !fresh.has(`${r.userId}:${r.replyId}`));
  if (replays.length) {
    // One query for every learner's replays (the pairs are matched here: ids over-fetched across learners are few).
    const old = await tx
      .select()
      .from(examReplyIds)
      .where(and(inArray(examReplyIds.userId, [...new Set(replays.map((r) => r.userId))]), inArray(examReplyIds.replyId, [...new Set(replays.map((r) => r.replyId))])));
    const byKey = new Map(old.map((o) => [`${o.userId}:${o.replyId}`, o]));
    for (const r of replays) {
      const o = byKey.get(`${r.userId}:${r.replyId}`);
      if (o && (o.sessionId !== r.sessionId || o.questionId !== r.questionId)) out[r.part]!.reused.push(r.replyId);
    }
  }
  // One row per session and question, folded in arrival order.
  const perQuestion = new Map<string, Row>();
  for (const r of unique) {
    if (!fresh.has(`${r.userId}:${r.replyId}`)) continue;
    out[r.part]!.saved += 1;
    const key = `${r.sessionId}:${r.questionId}`;
    const before = perQuestion.get(key);
    perQuestion.set(key, { ...r, spentSeconds: (before?.spentSeconds ?? 0) + r.spentSeconds });
  }
  if (perQuestion.size) {
    const replyColumns: BulkColumn<Row>[] = [
      [examReplies.sessionId, (r) => r.sessionId],
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
  return out;
}

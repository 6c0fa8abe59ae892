import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { LiveHostMessage } from '@kaoshi/contract';
import type { Database } from '../../db/index.ts';
import { liveAnswers, liveCards, liveLikes, liveMessages, liveMutes, liveSessions, type LiveCardOption } from '../../db/schema/index.ts';

/** A quiz card as the room holds it (every field a view needs; the answer is hidden by the views in cards.ts). */
export interface CardRow {
  id: number;
  sessionId: number;
  stem: string;
  options: LiveCardOption[];
  answer: string;
  explanation: string;
  sort: number;
  state: 'ready' | 'open' | 'closed';
  second: number | null;
}

/** A card's answers so far: how many, how many right, and per option key. */
export interface CardResults {
  total: number;
  correct: number;
  counts: Record<string, number>;
}

const cardColumns = {
  id: liveCards.id,
  sessionId: liveCards.sessionId,
  stem: liveCards.stem,
  options: liveCards.options,
  answer: liveCards.answer,
  explanation: liveCards.explanation,
  sort: liveCards.sort,
  state: liveCards.state,
  second: liveCards.second,
};

const messageColumns = {
  id: liveMessages.id,
  name: liveMessages.name,
  text: liveMessages.text,
  second: liveMessages.second,
  host: liveMessages.host,
  userId: liveMessages.userId,
};
type MessageRow = { id: number; name: string; text: string; second: number; host: boolean; userId: number | null };
const hostMessage = (r: MessageRow): LiveHostMessage => ({ ...r, mine: false });

/** The live room's SQL (docs/live.md, "Chat"): messages, mutes, the pinned notice, likes, quiz cards and answers. */
export function createChatStore(db: Database) {
  return {
    async insertMessage(row: { sessionId: number; userId: number; name: string; text: string; host: boolean; second: number; at: Date }): Promise<number> {
      const [made] = await db
        .insert(liveMessages)
        .values({ sessionId: row.sessionId, userId: row.userId, name: row.name, text: row.text, host: row.host, second: row.second, createdAt: row.at })
        .returning({ id: liveMessages.id });
      return made!.id;
    },

    /** The newest `limit` messages not deleted with an id above `since`, oldest first. */
    async messagesAfter(sessionId: number, since: number, limit: number): Promise<LiveHostMessage[]> {
      const rows = await db
        .select(messageColumns)
        .from(liveMessages)
        .where(and(eq(liveMessages.sessionId, sessionId), gt(liveMessages.id, since), isNull(liveMessages.deletedAt)))
        .orderBy(desc(liveMessages.id))
        .limit(limit);
      return rows.reverse().map(hostMessage);
    },

    /** Every message not deleted, by second (the replay). */
    async replayMessages(sessionId: number): Promise<LiveHostMessage[]> {
      const rows = await db
        .select(messageColumns)
        .from(liveMessages)
        .where(and(eq(liveMessages.sessionId, sessionId), isNull(liveMessages.deletedAt)))
        .orderBy(asc(liveMessages.second), asc(liveMessages.id));
      return rows.map(hostMessage);
    },

    /** Marks a message of the session deleted; false when there is none (or it was already). */
    async deleteMessage(sessionId: number, id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(liveMessages)
        .set({ deletedAt: at })
        .where(and(eq(liveMessages.id, id), eq(liveMessages.sessionId, sessionId), isNull(liveMessages.deletedAt)))
        .returning({ id: liveMessages.id });
      return rows.length > 0;
    },

    async pinned(sessionId: number): Promise<string> {
      const [row] = await db.select({ pinned: liveSessions.pinned }).from(liveSessions).where(eq(liveSessions.id, sessionId));
      return row?.pinned ?? '';
    },

    async setPinned(sessionId: number, text: string): Promise<void> {
      await db.update(liveSessions).set({ pinned: text }).where(eq(liveSessions.id, sessionId));
    },

    /** Mutes of the session still running at `now`: user id → until (ms). */
    async mutes(sessionId: number, now: Date): Promise<Map<number, number>> {
      const rows = await db
        .select({ userId: liveMutes.userId, until: liveMutes.until })
        .from(liveMutes)
        .where(and(eq(liveMutes.sessionId, sessionId), gt(liveMutes.until, now)));
      return new Map(rows.map((r) => [r.userId, r.until.getTime()]));
    },

    async mute(sessionId: number, userId: number, until: Date): Promise<void> {
      await db
        .insert(liveMutes)
        .values({ sessionId, userId, until })
        .onConflictDoUpdate({ target: [liveMutes.sessionId, liveMutes.userId], set: { until } });
    },

    async unmute(sessionId: number, userId: number): Promise<void> {
      await db.delete(liveMutes).where(and(eq(liveMutes.sessionId, sessionId), eq(liveMutes.userId, userId)));
    },

    async likes(sessionId: number): Promise<number> {
      const [row] = await db.select({ count: liveLikes.count }).from(liveLikes).where(eq(liveLikes.sessionId, sessionId));
      return row?.count ?? 0;
    },

    async addLikes(sessionId: number, n: number): Promise<void> {
      await db
        .insert(liveLikes)
        .values({ sessionId, count: n })
        .onConflictDoUpdate({ target: liveLikes.sessionId, set: { count: sql`${liveLikes.count} + ${n}` } });
    },

    /** The session's cards in their order. */
    async cards(sessionId: number): Promise<CardRow[]> {
      return db.select(cardColumns).from(liveCards).where(eq(liveCards.sessionId, sessionId)).orderBy(asc(liveCards.sort), asc(liveCards.id));
    },

    async card(id: number): Promise<CardRow | undefined> {
      const [row] = await db.select(cardColumns).from(liveCards).where(eq(liveCards.id, id));
      return row;
    },

    /** A new 'ready' card after the session's others. */
    async createCard(row: { sessionId: number; stem: string; options: LiveCardOption[]; answer: string; explanation: string }): Promise<CardRow> {
      const [made] = await db
        .insert(liveCards)
        .values({
          ...row,
          sort: sql`(SELECT COALESCE(MAX(${liveCards.sort}), 0) + 1 FROM ${liveCards} WHERE ${liveCards.sessionId} = ${row.sessionId})`,
        })
        .returning(cardColumns);
      return made!;
    },

    /** ready → open (compare-and-set): the pushed card, or undefined when it was not ready. */
    async pushCard(sessionId: number, id: number, second: number, at: Date): Promise<CardRow | undefined> {
      const [row] = await db
        .update(liveCards)
        .set({ state: 'open', second, pushedAt: at })
        .where(and(eq(liveCards.id, id), eq(liveCards.sessionId, sessionId), eq(liveCards.state, 'ready')))
        .returning(cardColumns);
      return row;
    },

    /** open → closed (compare-and-set). */
    async closeCard(sessionId: number, id: number, at: Date): Promise<CardRow | undefined> {
      const [row] = await db
        .update(liveCards)
        .set({ state: 'closed', closedAt: at })
        .where(and(eq(liveCards.id, id), eq(liveCards.sessionId, sessionId), eq(liveCards.state, 'open')))
        .returning(cardColumns);
      return row;
    },

    /** Records an answer once per learner and card, while the card is open; false when not recorded (answered before, or closed). */
    async answer(row: { cardId: number; userId: number; choice: string; correct: boolean; at: Date }): Promise<boolean> {
      const made = await db
        .insert(liveAnswers)
        .select(
          db
            .select({
              cardId: liveCards.id,
              userId: sql<number>`${row.userId}::int`.as('user_id'),
              choice: sql<string>`${row.choice}::text`.as('choice'),
              correct: sql<boolean>`${row.correct}::boolean`.as('correct'),
              answeredAt: sql<Date>`${row.at.toISOString()}::timestamptz`.as('answered_at'),
            })
            .from(liveCards)
            .where(and(eq(liveCards.id, row.cardId), eq(liveCards.state, 'open'))),
        )
        .onConflictDoNothing()
        .returning({ cardId: liveAnswers.cardId });
      return made.length > 0;
    },

    /** A learner's answers to the session's cards: card id → choice. */
    async myAnswers(sessionId: number, userId: number): Promise<Record<string, string>> {
      const rows = await db
        .select({ cardId: liveAnswers.cardId, choice: liveAnswers.choice })
        .from(liveAnswers)
        .innerJoin(liveCards, eq(liveCards.id, liveAnswers.cardId))
        .where(and(eq(liveCards.sessionId, sessionId), eq(liveAnswers.userId, userId)));
      return Object.fromEntries(rows.map((r) => [String(r.cardId), r.choice]));
    },

    /** The answers of the session's cards (or of the given ones), counted per card and choice. */
    async results(sessionId: number, cardIds?: number[]): Promise<Map<number, CardResults>> {
      const rows = await db
        .select({ cardId: liveAnswers.cardId, choice: liveAnswers.choice, correct: liveAnswers.correct, n: count() })
        .from(liveAnswers)
        .innerJoin(liveCards, eq(liveCards.id, liveAnswers.cardId))
        .where(and(eq(liveCards.sessionId, sessionId), cardIds ? inArray(liveAnswers.cardId, cardIds) : undefined))
        .groupBy(liveAnswers.cardId, liveAnswers.choice, liveAnswers.correct);
      const out = new Map<number, CardResults>();
      for (const r of rows) {
        const res = out.get(r.cardId) ?? { total: 0, correct: 0, counts: {} };
        res.total += r.n;
        if (r.correct) res.correct += r.n;
        res.counts[r.choice] = (res.counts[r.choice] ?? 0) + r.n;
        out.set(r.cardId, res);
      }
      return out;
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

import type { MessageKind } from '@kaoshi/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { userMessages } from '../../db/schema/index.ts';

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  title: string;
  body: string;
  link: string;
  /** Once-only key: a repeated one writes nothing. */
  dedupe?: string | null;
  at: Date;
}

export type MessageRow = { id: number; kind: MessageKind; title: string; body: string; link: string; createdAt: Date; readAt: Date | null };

/**
 * The only SQL of the learner's messages (docs/messages.md). Every read and mark is filtered by the learner's user id;
 * `kinds` null means every kind.
 */
export function createMessageStore(db: Database) {
  const ofUser = (userId: number, kinds: readonly MessageKind[] | null) =>
    kinds ? and(eq(userMessages.userId, userId), inArray(userMessages.kind, [...kinds])) : eq(userMessages.userId, userId);
  const unreadOf = (userId: number, kinds: readonly MessageKind[] | null) => and(ofUser(userId, kinds), isNull(userMessages.readAt));

  return {
    /** Writes one message; null when its `dedupe` was written before. */
    async insert(m: NewMessage): Promise<number | null> {
      const rows = await db
        .insert(userMessages)
        .values({ userId: m.userId, kind: m.kind, title: m.title, body: m.body, link: m.link, dedupe: m.dedupe ?? null, createdAt: m.at })
        .onConflictDoNothing()
        .returning({ id: userMessages.id });
      return rows[0]?.id ?? null;
    },

    /** One page of the learner's messages of these kinds, newest first (by id). */
    page(userId: number, kinds: readonly MessageKind[] | null, offset: number, limit: number): Promise<MessageRow[]> {
      return db
        .select({
          id: userMessages.id,
          kind: userMessages.kind,
          title: userMessages.title,
          body: userMessages.body,
          link: userMessages.link,
          createdAt: userMessages.createdAt,
          readAt: userMessages.readAt,
        })
        .from(userMessages)
        .where(ofUser(userId, kinds))
        .orderBy(desc(userMessages.id))
        .offset(offset)
        .limit(limit);
    },

    async total(userId: number, kinds: readonly MessageKind[] | null): Promise<number> {
      const [row] = await db.select({ n: count() }).from(userMessages).where(ofUser(userId, kinds));
      return row?.n ?? 0;
    },

    /** The learner's unread messages per kind: one grouped query over the unread rows (partial index user_messages_unread_idx). */
    async unreadByKind(userId: number): Promise<Map<MessageKind, number>> {
      const rows = await db
        .select({ kind: userMessages.kind, n: sql<number>`count(*)::int` })
        .from(userMessages)
        .where(unreadOf(userId, null))
        .groupBy(userMessages.kind);
      return new Map(rows.map((r) => [r.kind, Number(r.n)]));
    },

    /** Marks one of the learner's messages read; false when the learner has no such message (read already is fine). */
    async markOne(userId: number, id: number, at: Date): Promise<boolean> {
      const marked = await db
        .update(userMessages)
        .set({ readAt: at })
        .where(and(eq(userMessages.id, id), unreadOf(userId, null)))
        .returning({ id: userMessages.id });
      if (marked.length > 0) return true;
      const [mine] = await db
        .select({ id: userMessages.id })
        .from(userMessages)
        .where(and(eq(userMessages.id, id), eq(userMessages.userId, userId)));
      return mine !== undefined;
    },

    /** Marks every unread message of these kinds read. */
    async markKinds(userId: number, kinds: readonly MessageKind[] | null, at: Date): Promise<void> {
      await db.update(userMessages).set({ readAt: at }).where(unreadOf(userId, kinds));
    },
  };
}

export type MessageStore = ReturnType<typeof createMessageStore>;

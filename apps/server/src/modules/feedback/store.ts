import type { FeedbackCategory, FeedbackStatus } from '@kaoshi/contract';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { feedbacks, type FeedbackRow } from '../../db/schema/index.ts';
import { withAccounts } from '../user/index.ts';

export type { FeedbackRow } from '../../db/schema/index.ts';

export interface NewFeedback {
  userId: number;
  agentCode: string;
  appId: number | null;
  category: FeedbackCategory;
  content: string;
  contact: string;
  images: string[];
  client: Record<string, string>;
  at: Date;
}

/** A feedback as the operator lists it: with the learner's phone (masked by the caller). */
export type OperatorFeedbackRow = FeedbackRow & { phone: string | null };

/**
 * The only SQL of product feedback (docs/help-feedback.md). A learner's reads are filtered by their user id; the
 * operator's (list, answer, close) are not, and run only from the operator command or the test hook.
 */
export function createFeedbackStore(db: Database) {
  return {
    async insert(f: NewFeedback): Promise<number> {
      const [row] = await db
        .insert(feedbacks)
        .values({
          userId: f.userId,
          agentCode: f.agentCode,
          appId: f.appId,
          category: f.category,
          content: f.content,
          contact: f.contact,
          images: f.images,
          client: f.client,
          createdAt: f.at,
        })
        .returning({ id: feedbacks.id });
      return row!.id;
    },

    /** One page of the learner's feedback, newest first. */
    page(userId: number, offset: number, limit: number): Promise<FeedbackRow[]> {
      return db.select().from(feedbacks).where(eq(feedbacks.userId, userId)).orderBy(desc(feedbacks.id)).offset(offset).limit(limit);
    },

    async total(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.userId, userId));
      return row?.n ?? 0;
    },

    /** One of the learner's feedbacks; undefined when it is not theirs or does not exist. */
    async mine(userId: number, id: number): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .select()
        .from(feedbacks)
        .where(and(eq(feedbacks.id, id), eq(feedbacks.userId, userId)));
      return row;
    },

    /** The operator's list, oldest first; `status` null: every status. */
    async forOperator(status: FeedbackStatus | null, limit = 200): Promise<OperatorFeedbackRow[]> {
      const rows = await db
        .select()
        .from(feedbacks)
        .where(status ? eq(feedbacks.status, status) : undefined)
        .orderBy(asc(feedbacks.id))
        .limit(limit);
      return (await withAccounts(db, rows, (r) => r.userId)).map(({ account, ...f }) => ({ ...f, phone: account.phone }));
    },

    /** Writes the answer of a feedback that is not closed; the row after, or undefined (none, or closed). */
    async answer(id: number, answer: string, by: string, at: Date): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .update(feedbacks)
        .set({ status: 'answered', answer, answeredBy: by, answeredAt: at })
        .where(and(eq(feedbacks.id, id), ne(feedbacks.status, 'closed')))
        .returning();
      return row;
    },

    /** Closes a feedback; false when there is none. Closing again changes nothing. */
    async close(id: number): Promise<boolean> {
      const rows = await db.update(feedbacks).set({ status: 'closed' }).where(eq(feedbacks.id, id)).returning({ id: feedbacks.id });
      return rows.length > 0;
    },

    async byId(id: number): Promise<FeedbackRow | undefined> {
      const [row] = await db.select().from(feedbacks).where(eq(feedbacks.id, id));
      return row;
    },
  };
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>;

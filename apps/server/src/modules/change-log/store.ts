import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { changeLog, type ChangeLogRow } from '../../db/schema/index.ts';

export function createChangeLogStore(db: Database) {
  return {
    async add(row: typeof changeLog.$inferInsert): Promise<void> {
      await db.insert(changeLog).values(row);
    },

    async unseen(userId: number): Promise<ChangeLogRow[]> {
      return db
        .select()
        .from(changeLog)
        .where(and(eq(changeLog.userId, userId), isNull(changeLog.seenAt)))
        .orderBy(asc(changeLog.id));
    },

    /** Mark the user's changes made up to `at` as seen; returns how many. */
    async markSeen(userId: number, at: Date): Promise<number> {
      const rows = await db
        .update(changeLog)
        .set({ seenAt: at })
        .where(and(eq(changeLog.userId, userId), isNull(changeLog.seenAt), lte(changeLog.createdAt, at)))
        .returning({ id: changeLog.id });
      return rows.length;
    },
  };
}

export type ChangeLogStore = ReturnType<typeof createChangeLogStore>;

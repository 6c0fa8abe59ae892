import type { UploadPurpose } from '@kaoshi/contract';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { uploads } from '../../db/schema/index.ts';
import { serverSecret } from '../../platform/server-secrets.ts';

const SECRET = 'upload-url-key';

/**
 * The SQL of uploads: the key that signs feedback screenshots' URLs, made once (the first process to ask wins), and
 * the uploads table (db/schema/uploads.ts) the orphan sweep reads.
 */
export function createUploadStore(db: Database) {
  return {
    urlKey: (now: Date): Promise<Buffer> => serverSecret(db, SECRET, now),

    async added(key: string, userId: number, purpose: UploadPurpose, at: Date): Promise<void> {
      await db.insert(uploads).values({ key, userId, purpose, createdAt: at }).onConflictDoNothing();
    },

    /** Marks the learner's uploads kept (a profile or a feedback took them); the number of rows marked now. */
    async kept(userId: number, keys: readonly string[], at: Date): Promise<number> {
      if (keys.length === 0) return 0;
      const rows = await db
        .update(uploads)
        .set({ keptAt: at })
        .where(and(eq(uploads.userId, userId), inArray(uploads.key, [...keys]), isNull(uploads.keptAt)))
        .returning({ key: uploads.key });
      return rows.length;
    },

    removed: (key: string) => db.delete(uploads).where(eq(uploads.key, key)),

    /**
     * Claims up to `limit` uploads made before `before` and never kept, oldest first, by deleting their rows (one
     * statement, so two processes never claim the same one); the caller deletes their files.
     */
    async claimOrphans(before: Date, limit: number): Promise<string[]> {
      const due = db
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(isNull(uploads.keptAt), lt(uploads.createdAt, before)))
        .orderBy(asc(uploads.createdAt))
        .limit(limit);
      const rows = await db
        .delete(uploads)
        .where(and(inArray(uploads.key, due), isNull(uploads.keptAt)))
        .returning({ key: uploads.key });
      return rows.map((r) => r.key);
    },
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;

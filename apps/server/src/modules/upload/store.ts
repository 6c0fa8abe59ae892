import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { serverSecrets } from '../../db/schema/index.ts';

const SECRET = 'upload-url-key';

/** The only SQL of uploads: the key that signs feedback screenshots' URLs, made once (the first process to ask wins). */
export function createUploadStore(db: Database) {
  return {
    async urlKey(now: Date): Promise<Buffer> {
      await db
        .insert(serverSecrets)
        .values({ name: SECRET, value: randomBytes(32).toString('base64'), createdAt: now })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET));
      return Buffer.from(row!.value, 'base64');
    },
  };
}
export type UploadStore = ReturnType<typeof createUploadStore>;

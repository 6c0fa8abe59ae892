import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { serverSecrets } from '../db/schema/index.ts';

/**
 * The database's own 32-byte key of this name (base64 in `server_secrets`), made once: the first process to ask
 * wins and every process reads the same one. The table's one writer (docs/tables.md): modules ask here for their
 * signing keys (video play tokens, upload URLs).
 */
export async function serverSecret(db: Database, name: string, now: Date): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row!.value, 'base64');
}

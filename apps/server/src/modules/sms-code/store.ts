import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { captchas, smsCodes, type SmsCodeRow } from '../../db/schema/index.ts';

export function createSmsCodeStore(db: Database) {
  return {
    async insert(row: typeof smsCodes.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(smsCodes).values(row).returning({ id: smsCodes.id });
      return inserted.id;
    },

    /** Drop a code whose text never went out (the provider refused it): it must not be valid, nor the latest. */
    async remove(id: number): Promise<void> {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },

    /** The most recent unused code of a phone for a purpose: only the latest code counts. */
    async latestUnused(phone: string, op: string): Promise<SmsCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.op, op)))
        .orderBy(desc(smsCodes.id))
        .limit(1);
      return row && !row.usedAt ? row : undefined;
    },

    /**
     * Take one guess from the code's allowance before comparing, so that parallel guesses can never exceed it:
     * returns the guesses counted so far, or undefined when the allowance is spent or the code is used.
     */
    async reserveGuess(id: number, max: number): Promise<number | undefined> {
      const [row] = await db
        .update(smsCodes)
        .set({ wrongGuesses: sql`${smsCodes.wrongGuesses} + 1` })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), lt(smsCodes.wrongGuesses, max)))
        .returning({ wrongGuesses: smsCodes.wrongGuesses });
      return row?.wrongGuesses;
    },

    /** Give back a reserved guess that turned out right. */
    async releaseGuess(id: number): Promise<void> {
      await db
        .update(smsCodes)
        .set({ wrongGuesses: sql`${smsCodes.wrongGuesses} - 1` })
        .where(eq(smsCodes.id, id));
    },

    /** Use the code up; false when another request used it first. */
    async markUsed(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ usedAt: at })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    async insertCaptcha(row: typeof captchas.$inferInsert): Promise<void> {
      await db.insert(captchas).values(row);
    },

    /** Marks a challenge answered (once, before it expires); its answer hash, or undefined when it cannot be used. */
    async useCaptcha(id: string, at: Date): Promise<{ answerHash: string } | undefined> {
      const [row] = await db
        .update(captchas)
        .set({ usedAt: at })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, at)))
        .returning({ answerHash: captchas.answerHash });
      return row;
    },

    /** Delete codes and challenges created before `before`. */
    async purge(before: Date): Promise<void> {
      await db.delete(smsCodes).where(lt(smsCodes.createdAt, before));
      await db.delete(captchas).where(lt(captchas.createdAt, before));
    },
  };
}

export type SmsCodeStore = ReturnType<typeof createSmsCodeStore>;

import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { videoLessons, videoNotes } from '../../db/schema/index.ts';

export type NoteRow = typeof videoNotes.$inferSelect;

/** The SQL of notes at a second (notes.ts): every read and write filtered by the learner who wrote them. */
export function createNoteStore(db: Database) {
  const mine = (userId: number, lessonId: number) => and(eq(videoNotes.userId, userId), eq(videoNotes.lessonId, lessonId));
  return {
    async lessonLength(lessonId: number): Promise<number | null> {
      const [l] = await db.select({ durationS: videoLessons.durationS }).from(videoLessons).where(eq(videoLessons.id, lessonId));
      return l?.durationS ?? null;
    },
    list: (userId: number, lessonId: number) => db.select().from(videoNotes).where(mine(userId, lessonId)).orderBy(asc(videoNotes.second), asc(videoNotes.id)),
    async count(userId: number, lessonId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(videoNotes).where(mine(userId, lessonId));
      return row?.n ?? 0;
    },
    async insert(row: { userId: number; lessonId: number; second: number; text: string; now: Date }): Promise<NoteRow> {
      const [made] = await db
        .insert(videoNotes)
        .values({ userId: row.userId, lessonId: row.lessonId, second: row.second, text: row.text, createdAt: row.now, updatedAt: row.now })
        .returning();
      return made!;
    },
    async update(userId: number, lessonId: number, noteId: number, set: { second: number; text: string; now: Date }): Promise<NoteRow | undefined> {
      const [row] = await db
        .update(videoNotes)
        .set({ second: set.second, text: set.text, updatedAt: set.now })
        .where(and(eq(videoNotes.id, noteId), mine(userId, lessonId)))
        .returning();
      return row;
    },
    async remove(userId: number, noteId: number): Promise<boolean> {
      const gone = await db
        .delete(videoNotes)
        .where(and(eq(videoNotes.id, noteId), eq(videoNotes.userId, userId)))
        .returning({ id: videoNotes.id });
      return gone.length > 0;
    },
  };
}

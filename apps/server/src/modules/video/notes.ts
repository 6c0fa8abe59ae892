import { VIDEO_MSG, VIDEO_NOTE_MSG, VIDEO_NOTES_PER_LESSON, videoNoteCalls as c, type VideoNote } from '@kaoshi/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { videoLessons, videoNotes } from '../../db/schema/index.ts';
import { handle } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';

type Row = typeof videoNotes.$inferSelect;
const item = (r: Row): VideoNote => ({ id: r.id, second: r.second, text: r.text, updatedAt: r.updatedAt.toISOString() });

/**
 * Notes at a second of a lesson (contract calls/video-notes.ts): every read and write is scoped to the session's
 * learner, so another learner's note id answers 笔记不存在. A note past the lesson's end is kept at its end.
 */
export function videoNoteRoutes(db: Database, clock: Clock) {
  const lessonLength = async (lessonId: number) => {
    const [l] = await db.select({ durationS: videoLessons.durationS }).from(videoLessons).where(eq(videoLessons.id, lessonId));
    if (!l) throw notFound(VIDEO_MSG.unknownLesson);
    return l.durationS;
  };
  return [
    handle(c.videoNotes, async ({ session, input }) => {
      const rows = await db
        .select()
        .from(videoNotes)
        .where(and(eq(videoNotes.userId, session.userId), eq(videoNotes.lessonId, input.lessonID)))
        .orderBy(asc(videoNotes.second), asc(videoNotes.id));
      return { list: rows.map(item) };
    }),
    handle(c.videoNoteSave, async ({ session, input }) => {
      const second = Math.min(input.second, await lessonLength(input.lessonID));
      const now = new Date(clock());
      if (input.noteID !== undefined) {
        const [row] = await db
          .update(videoNotes)
          .set({ second, text: input.text, updatedAt: now })
          .where(and(eq(videoNotes.id, input.noteID), eq(videoNotes.userId, session.userId), eq(videoNotes.lessonId, input.lessonID)))
          .returning();
        if (!row) throw notFound(VIDEO_NOTE_MSG.unknown);
        return item(row);
      }
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(videoNotes)
        .where(and(eq(videoNotes.userId, session.userId), eq(videoNotes.lessonId, input.lessonID)));
      if (n >= VIDEO_NOTES_PER_LESSON) throw badInput(VIDEO_NOTE_MSG.tooMany);
      const [row] = await db.insert(videoNotes).values({ userId: session.userId, lessonId: input.lessonID, second, text: input.text, createdAt: now, updatedAt: now }).returning();
      return item(row!);
    }),
    handle(c.videoNoteDelete, async ({ session, input }) => {
      const gone = await db
        .delete(videoNotes)
        .where(and(eq(videoNotes.id, input.noteID), eq(videoNotes.userId, session.userId)))
        .returning({ id: videoNotes.id });
      if (gone.length === 0) throw notFound(VIDEO_NOTE_MSG.unknown);
      return { deleted: true as const };
    }),
  ];
}

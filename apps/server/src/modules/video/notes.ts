import { VIDEO_MSG, VIDEO_NOTE_MSG, VIDEO_NOTES_PER_LESSON, videoNoteCalls as c, type VideoNote } from '@kaoshi/contract';
import type { Database } from '../../db/index.ts';
import { handle } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { createNoteStore, type NoteRow } from './notes-store.ts';

const item = (r: NoteRow): VideoNote => ({ id: r.id, second: r.second, text: r.text, updatedAt: r.updatedAt.toISOString() });

/**
 * Notes at a second of a lesson (contract calls/video-notes.ts): every read and write is scoped to the session's
 * learner, so another learner's note id answers 笔记不存在. A note past the lesson's end is kept at its end.
 */
export function videoNoteRoutes(db: Database, clock: Clock) {
  const store = createNoteStore(db);
  return [
    handle(c.videoNotes, async ({ session, input }) => ({ list: (await store.list(session.userId, input.lessonID)).map(item) })),
    handle(c.videoNoteSave, async ({ session, input }) => {
      const length = await store.lessonLength(input.lessonID);
      if (length === null) throw notFound(VIDEO_MSG.unknownLesson);
      const note = { second: Math.min(input.second, length), text: input.text, now: new Date(clock()) };
      if (input.noteID !== undefined) {
        const row = await store.update(session.userId, input.lessonID, input.noteID, note);
        if (!row) throw notFound(VIDEO_NOTE_MSG.unknown);
        return item(row);
      }
      if ((await store.count(session.userId, input.lessonID)) >= VIDEO_NOTES_PER_LESSON) throw badInput(VIDEO_NOTE_MSG.tooMany);
      return item(await store.insert({ userId: session.userId, lessonId: input.lessonID, ...note }));
    }),
    handle(c.videoNoteDelete, async ({ session, input }) => {
      if (!(await store.remove(session.userId, input.noteID))) throw notFound(VIDEO_NOTE_MSG.unknown);
      return { deleted: true as const };
    }),
  ];
}

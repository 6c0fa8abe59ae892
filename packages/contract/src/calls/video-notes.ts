import { z } from 'zod';
import { defineCall } from '../call.ts';
import { dbId, guid, int, optDbId, text, VIDEO_SECONDS_MAX } from '../fields.ts';

/** Notes a learner keeps at a second of a lesson (/videoStudy, tab 笔记; docs/video.md). Only the learner reads them. */

export const VIDEO_NOTE_MAX = 500;
/** Notes one learner may keep on one lesson. */
export const VIDEO_NOTES_PER_LESSON = 200;
export const VIDEO_NOTE_MSG = { tooMany: `每节课最多记${VIDEO_NOTES_PER_LESSON}条笔记`, unknown: '笔记不存在' } as const;

export const videoNote = z.object({ id: z.number().int(), second: z.number().int(), text: z.string(), updatedAt: z.string() });
export type VideoNote = z.infer<typeof videoNote>;

export const videoNotes = defineCall({
  id: 'video.notes',
  method: 'GET',
  path: '/api/video/notes',
  group: 'video',
  needsSession: true,
  summary: 'My notes on a lesson, by second.',
  request: z.object({ guid: guid(), lessonID: dbId('视频编号') }),
  data: z.object({ list: z.array(videoNote) }),
});

export const videoNoteSave = defineCall({
  id: 'video.noteSave',
  method: 'POST',
  path: '/api/video/note',
  group: 'video',
  needsSession: true,
  summary: 'Write a note at a second of a lesson, or (noteID) change one of mine.',
  request: z.object({ guid: guid(), lessonID: dbId('视频编号'), noteID: optDbId('笔记编号'), second: int('播放位置', 0, VIDEO_SECONDS_MAX), text: text('笔记', VIDEO_NOTE_MAX) }),
  data: videoNote,
});

export const videoNoteDelete = defineCall({
  id: 'video.noteDelete',
  method: 'POST',
  path: '/api/video/note/delete',
  group: 'video',
  needsSession: true,
  summary: 'Delete one of my notes.',
  request: z.object({ guid: guid(), noteID: dbId('笔记编号') }),
  data: z.object({ deleted: z.literal(true) }),
});

export const videoNoteCalls = { videoNotes, videoNoteSave, videoNoteDelete };

import { z } from 'zod';
import { defineCall } from '../call.ts';
import { choice, guid } from '../fields.ts';
import { UPLOAD_MAX_BODY_BYTES, UPLOAD_MAX_BYTES, UPLOAD_MSG, UPLOAD_PURPOSES } from '../uploads.ts';

/**
 * Image uploads (issue 21): avatars and feedback screenshots. The client sends the file's bytes as base64; the
 * server checks the type by content (JPEG, PNG, WebP, GIF first frame; never SVG), the size, re-encodes it to
 * JPEG without metadata and stores it in the media store under a key naming the owner and the purpose. Other
 * calls refer to an upload by its key (the field `uploadKey()` of fields.ts; the rules: ../uploads.ts) and the
 * server checks it is the caller's (docs/uploads.md).
 */
export const uploadImage = defineCall({
  id: 'upload.image',
  method: 'POST',
  path: '/api/upload/image',
  group: 'general',
  needsSession: true,
  summary: 'Upload an image (avatar or feedback screenshot): checked by content, re-encoded to JPEG, stored; answers its key and URL.',
  maxBodyBytes: UPLOAD_MAX_BODY_BYTES,
  request: z.object({
    guid: guid(),
    purpose: choice('用途', UPLOAD_PURPOSES),
    /** The file's bytes, base64 or base64url (no data: prefix). */
    data: z
      .string({ error: UPLOAD_MSG.broken })
      .min(16, { error: UPLOAD_MSG.broken })
      .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8, { error: UPLOAD_MSG.tooLarge }),
  }),
  data: z.object({ key: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const uploadCalls = { uploadImage } as const;

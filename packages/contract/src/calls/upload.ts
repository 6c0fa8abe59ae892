import { z } from 'zod';
import { defineCall } from '../call.ts';
import { choice, guid } from '../fields.ts';

/**
 * Image uploads (issue 21): avatars and feedback screenshots. The client sends the file's bytes as base64; the
 * server checks the type by content (JPEG, PNG, WebP, GIF first frame; never SVG), the size, re-encodes it to
 * JPEG without metadata and stores it in the media store under a key naming the owner and the purpose. Other
 * calls refer to an upload by its key and the server checks it is the caller's (docs/uploads.md).
 */
export const UPLOAD_PURPOSES = ['avatar', 'feedback'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** The largest file accepted, before base64 (bytes). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** An upload's key: u/<userID>/<purpose>/<random>.jpg. */
export const UPLOAD_KEY_RE = /^u\/(\d{1,10})\/(avatar|feedback)\/([A-Za-z0-9_-]{16,64})\.jpg$/;

export const UPLOAD_MSG = {
  tooLarge: '图片不能超过5MB',
  badType: '仅支持JPG、PNG、WebP或GIF图片',
  broken: '图片已损坏，请换一张',
  notYours: '图片不存在，请重新上传',
  tooMany: '上传太频繁，请稍后再试',
} as const;

export const uploadKey = () => z.string({ error: UPLOAD_MSG.notYours }).regex(UPLOAD_KEY_RE, { error: UPLOAD_MSG.notYours });

export const uploadImage = defineCall({
  id: 'upload.image',
  method: 'POST',
  path: '/api/upload/image',
  group: 'general',
  needsSession: true,
  summary: 'Upload an image (avatar or feedback screenshot): checked by content, re-encoded to JPEG, stored; answers its key and URL.',
  request: z.object({
    guid: guid(),
    purpose: choice('用途', UPLOAD_PURPOSES),
    /** The file's bytes, base64 (no data: prefix). */
    data: z
      .string({ error: UPLOAD_MSG.broken })
      .min(16, { error: UPLOAD_MSG.broken })
      .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8, { error: UPLOAD_MSG.tooLarge }),
  }),
  data: z.object({ key: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }),
});

export const uploadCalls = { uploadImage } as const;

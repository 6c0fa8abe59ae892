/**
 * Image uploads (issue 21; docs/uploads.md): the rules shared by the contract's calls, the server and the web app.
 * Zod-free, so the web bundle gets them as they are (the call itself is calls/upload.ts; the request field of a
 * key is `uploadKey()` in fields.ts).
 */
export const UPLOAD_PURPOSES = ['avatar', 'feedback'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** The largest file accepted, before base64 (bytes). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The largest request body of upload.image: the form-encoded base64 of the largest file and the other fields. The web
 * app sends base64url, which form encoding leaves as it is; plain base64's + / = take 3 bytes each, so twice is allowed.
 */
export const UPLOAD_MAX_BODY_BYTES = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) * 2 + 4096;
/** An upload's key: u/<userID>/<purpose>/<random>.jpg. */
export const UPLOAD_KEY_RE = /^u\/(\d{1,10})\/(avatar|feedback)\/([A-Za-z0-9_-]{16,64})\.jpg$/;

export const UPLOAD_MSG = {
  tooLarge: '图片不能超过5MB',
  badType: '仅支持JPG、PNG、WebP或GIF图片',
  broken: '图片已损坏，请换一张',
  tooManyPixels: '图片尺寸过大，请换一张',
  notYours: '图片不存在，请重新上传',
  tooMany: '上传太频繁，请稍后再试',
} as const;

/** The owner and purpose named by an upload key, or null when it is not one. */
export function parseUploadKey(key: string): { userId: number; purpose: UploadPurpose } | null {
  const m = UPLOAD_KEY_RE.exec(key);
  return m ? { userId: Number(m[1]), purpose: m[2] as UploadPurpose } : null;
}

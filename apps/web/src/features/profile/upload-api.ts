import { UPLOAD_MAX_BYTES, UPLOAD_MSG, uploadImage as uploadCall, type DataOf, type UploadPurpose } from '@kaoshi/contract';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';

/**
 * Uploading an image (POST /api/upload/image, docs/uploads.md), for the avatar and feedback screenshots. A large photo
 * is first shrunk in the browser (longest side 1600 px, JPEG) so phones send less; the server checks and re-encodes
 * whatever arrives anyway. The bytes go as base64url (form encoding leaves it as it is).
 */

export type Uploaded = DataOf<typeof uploadCall>;

/** Types a picker offers; the server decides by content. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** Longest side sent (the server's largest output). */
const SEND_SIDE = 1600;
/** Files up to this size are sent as they are (no quality lost to a second encoding). */
const SEND_AS_IS = 1024 * 1024;

const toBase64Url = (bytes: Uint8Array): string => {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A smaller JPEG of a large image, or null when the browser cannot make one (then the file goes as it is). */
async function shrink(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SEND_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close?.();
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  } catch {
    return null;
  }
}

/** Uploads one image for `purpose`; rejects with an ApiError whose message is for the learner. */
export async function uploadImage(file: Blob, purpose: UploadPurpose): Promise<Uploaded> {
  let blob: Blob = file;
  if (file.size > SEND_AS_IS) blob = (await shrink(file)) ?? file;
  if (blob.size > UPLOAD_MAX_BYTES) throw new ApiError(400, UPLOAD_MSG.tooLarge);
  const data = toBase64Url(new Uint8Array(await blob.arrayBuffer()));
  return call(uploadCall, { purpose, data }, { silent: true });
}

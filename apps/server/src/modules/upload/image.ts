import { UPLOAD_MAX_BYTES, UPLOAD_MSG, type UploadPurpose } from '@kaoshi/contract';
import sharp, { type Metadata } from 'sharp';
import { badInput } from '../../platform/errors.ts';

/** The formats accepted, told by their first bytes (never by a name or a declared type). SVG is never one. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** The format of a file by its magic bytes, or null. */
export function sniffFormat(b: Buffer): ImageFormat | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A decoded image may have at most this many pixels (a small file of huge dimensions would eat the memory). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Avatars are squares of this side; feedback screenshots keep their shape within this longest side. */
export const AVATAR_SIDE = 256;
export const SCREENSHOT_SIDE = 1600;
const QUALITY = 82;

// One image at a time per libvips call, and no decoded-image cache: uploads are rare, memory is not.
sharp.cache(false);

export interface Encoded {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes an uploaded image (docs/uploads.md): the size, the format by content (and libvips must read
 * the same format), then a new JPEG from the decoded pixels: turned upright by its EXIF orientation, transparency on
 * white, an avatar cut to a 256×256 square (cover), a screenshot fitted within 1600 px. The output carries no
 * metadata (EXIF, GPS, ICC, comments) and only the first frame of an animation.
 */
export async function reencode(input: Buffer, purpose: UploadPurpose): Promise<Encoded> {
  if (input.length > UPLOAD_MAX_BYTES) throw badInput(UPLOAD_MSG.tooLarge);
  if (input.length < 8) throw badInput(UPLOAD_MSG.broken);
  const format = sniffFormat(input);
  if (!format) throw badInput(UPLOAD_MSG.badType);
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch {
    throw badInput(UPLOAD_MSG.broken);
  }
  if (meta.format !== format) throw badInput(UPLOAD_MSG.badType);
  if (!meta.width || !meta.height) throw badInput(UPLOAD_MSG.broken);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw badInput(UPLOAD_MSG.tooManyPixels);
  const sized =
    purpose === 'avatar'
      ? image.rotate().resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
      : image.rotate().resize(SCREENSHOT_SIDE, SCREENSHOT_SIDE, { fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await sized.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw badInput(UPLOAD_MSG.broken);
  }
}

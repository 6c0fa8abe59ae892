import { UPLOAD_MAX_BYTES, UPLOAD_MSG, type UploadPurpose } from '@kaoshi/contract';
import { badInput, tooMany } from '../../platform/errors.ts';
import { DecoderBusy, type Decoder } from './decoder.ts';
import { headerSize, sniffFormat } from './header.ts';

export { sniffFormat, type ImageFormat } from './header.ts';

/**
 * A decoded image may have at most this many pixels: 24 million is a 6000×4000 camera photo (twice a phone's 12 MP).
 * Larger ones are refused by the dimensions their header claims, before they wait for the decoder, and libvips holds
 * the same limit (`limitInputPixels`) for a header this server did not read.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
/** Avatars are squares of this side; feedback screenshots keep their shape within this longest side. */
export const AVATAR_SIDE = 256;
export const SCREENSHOT_SIDE = 1600;
const QUALITY = 82;

export interface Encoded {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes an uploaded image (docs/uploads.md): the size, the format by content, the pixels its header
 * claims; then the decoder (decoder.ts, a child process, one image at a time) makes a new JPEG from the decoded pixels
 * — libvips must read the same format — turned upright by its EXIF orientation, transparency on white, an avatar cut to
 * a 256×256 square (cover), a screenshot fitted within 1600 px. The output carries no metadata (EXIF, GPS, ICC,
 * comments) and only the first frame of an animation.
 */
export async function reencode(input: Buffer, purpose: UploadPurpose, decoder: Decoder): Promise<Encoded> {
  if (input.length > UPLOAD_MAX_BYTES) throw badInput(UPLOAD_MSG.tooLarge);
  if (input.length < 8) throw badInput(UPLOAD_MSG.broken);
  const format = sniffFormat(input);
  if (!format) throw badInput(UPLOAD_MSG.badType);
  const size = headerSize(input, format);
  if (size && (size.width === 0 || size.height === 0)) throw badInput(UPLOAD_MSG.broken);
  if (size && size.width * size.height > MAX_INPUT_PIXELS) throw badInput(UPLOAD_MSG.tooManyPixels);
  const fit = purpose === 'avatar' ? 'cover' : 'inside';
  const side = purpose === 'avatar' ? AVATAR_SIDE : SCREENSHOT_SIDE;
  let result;
  try {
    result = await decoder.decode({ input, format, fit, side, quality: QUALITY, maxPixels: MAX_INPUT_PIXELS });
  } catch (err) {
    if (err instanceof DecoderBusy) throw tooMany(UPLOAD_MSG.tooMany);
    throw err;
  }
  if ('refusal' in result) throw badInput(UPLOAD_MSG[result.refusal]);
  return result;
}

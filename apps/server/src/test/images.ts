import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Images made for the upload tests (never files from outside): base64 of a real encoded image. */
export async function testImage(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 40, height = 30, opts: { alpha?: boolean; exif?: boolean } = {}): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: opts.alpha ? 4 : 3, background: opts.alpha ? { r: 200, g: 30, b: 30, alpha: 0.4 } : '#3366cc' } });
  if (format === 'jpeg' && opts.exif)
    return img
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' } } })
      .toBuffer();
  return img.toFormat(format).toBuffer();
}

/** A valid PNG whose header claims `width`×`height` (a small file that would decode to a huge image). */
export async function hugePng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await testImage('png', 8, 8));
  // IHDR: length (4) 'IHDR' (4) width (4) height (4) …, right after the 8-byte signature; its CRC follows the 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const b64 = (b: Buffer) => b.toString('base64url');

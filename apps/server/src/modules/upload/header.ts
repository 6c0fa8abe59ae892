/** The formats accepted, told by their first bytes (never by a name or a declared type). SVG is never one. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format of a file by its magic bytes, or null. */
export function sniffFormat(b: Buffer): ImageFormat | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface Dimensions {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (C0–CF without DHT C4, JPG C8 and DAC CC): they carry the frame's dimensions. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Buffer): Dimensions | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    const marker = b[i++];
    if (marker === undefined || marker === 0xd9 || marker === 0xda) return null; // end of image, start of scan: no frame header
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    if (i + 2 > b.length) return null;
    const length = b.readUInt16BE(i);
    if (isStartOfFrame(marker)) return i + 7 <= b.length ? { height: b.readUInt16BE(i + 3), width: b.readUInt16BE(i + 5) } : null;
    if (length < 2) return null;
    i += length;
  }
  return null;
}

function webpSize(b: Buffer): Dimensions | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
}

/**
 * The dimensions an image's header claims, read without decoding anything (PNG IHDR, GIF logical screen, WebP
 * VP8/VP8L/VP8X, JPEG start of frame), or null when the header is not where it is expected (the decoder then decides,
 * under libvips' own pixel limit). Enough to refuse a huge image before it waits for the decoder.
 */
export function headerSize(b: Buffer, format: ImageFormat): Dimensions | null {
  switch (format) {
    case 'png':
      return b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
    case 'gif':
      return b.length >= 10 ? { width: b.readUInt16LE(6), height: b.readUInt16LE(8) } : null;
    case 'webp':
      return webpSize(b);
    case 'jpeg':
      return jpegSize(b);
  }
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hugePng, testImage } from '../../test/images.ts';
import { headerSize, sniffFormat } from './header.ts';

/**
 * The dimensions an image's header claims, read before anything is decoded (docs/uploads.md, "Pixels"): they must be
 * libvips' own for every format and variant accepted, so the pixel limit refuses what the decoder would refuse.
 */

const size = (b: Buffer) => headerSize(b, sniffFormat(b)!);
const vips = async (b: Buffer) => {
  const m = await sharp(b).metadata();
  return { width: m.width, height: m.height };
};

describe('headerSize', () => {
  it('reads PNG (8 and 16 bits, alpha), GIF and WebP (lossy, lossless, with alpha) as libvips does', async () => {
    const images = [
      await testImage('png', 321, 123),
      await testImage('png', 77, 1234, { alpha: true }),
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } })
        .toColorspace('rgb16')
        .png()
        .toBuffer(),
      await testImage('gif', 65, 17),
      await testImage('webp', 1001, 3),
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#123456' } })
        .webp({ lossless: true })
        .toBuffer(),
      await testImage('webp', 99, 98, { alpha: true }),
      await sharp({ create: { width: 16383, height: 2, channels: 3, background: '#000' } })
        .webp({ lossless: true })
        .toBuffer(),
    ];
    for (const b of images) expect(size(b), sniffFormat(b)!).toEqual(await vips(b));
  });

  it('reads JPEG baseline, progressive, and after EXIF and other segments', async () => {
    const plain = sharp({ create: { width: 1234, height: 567, channels: 3, background: '#3366cc' } });
    const images = [
      await plain.clone().jpeg().toBuffer(),
      await plain.clone().jpeg({ progressive: true }).toBuffer(),
      await plain.clone().jpeg({ mozjpeg: true }).toBuffer(),
      await testImage('jpeg', 300, 200, { exif: true }),
      await plain.clone().withIccProfile('srgb').jpeg().toBuffer(),
    ];
    for (const b of images) expect(size(b)).toEqual(await vips(b));
  });

  it("reads the claim of a small file that would decode huge (the issue's 6300×6300)", async () => {
    expect(size(await hugePng(6300, 6300))).toEqual({ width: 6300, height: 6300 });
  });

  it('answers null where the header is not where it belongs (the decoder decides then)', () => {
    const jpegWithoutFrame = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xda, 0x00, 0x02]);
    expect(headerSize(jpegWithoutFrame, 'jpeg')).toBeNull();
    expect(headerSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]), 'jpeg')).toBeNull();
    expect(headerSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0x01]), 'jpeg')).toBeNull();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 7)]);
    expect(headerSize(png, 'png')).toBeNull();
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8Z'), Buffer.alloc(40)]);
    expect(headerSize(webp, 'webp')).toBeNull();
  });
});

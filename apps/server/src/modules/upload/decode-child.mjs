// The image decoder (docs/uploads.md, "Decoding apart"): a child process of the server that decodes and re-encodes
// one uploaded image at a time for modules/upload/decoder.ts, which sends the jobs and types the messages. Apart, so
// that libvips' threads and its use of libuv's threadpool never take the threads the server's logins (argon2) and file
// reads need; at a lower priority, so the scheduler prefers the server; and its memory goes back to the system when it
// exits. Plain JavaScript: the server's TypeScript loader is not passed to a child.
import { setPriority } from 'node:os';

// Before sharp loads: the threads made from here on (libuv's, libvips') inherit the priority of this one.
try {
  setPriority(Number(process.env.DECODE_NICE ?? 10));
} catch {
  // Not allowed here: the decoder runs at the server's priority.
}
// One libvips thread, no cache of decoded images: one image at a time, and the memory is given back.
const loaded = import('sharp').then(({ default: sharp }) => {
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});

const WHITE = '#ffffff';

/** A job ({id, input, format, fit, side, quality, maxPixels}) → {bytes, width, height} or {refusal}; {error} if sharp fails to load. */
async function reencode(job) {
  const sharp = await loaded;
  const input = Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength);
  const image = sharp(input, { limitInputPixels: job.maxPixels, failOn: 'error', animated: false });
  let meta;
  try {
    meta = await image.metadata();
  } catch (err) {
    // libvips' header read already holds limitInputPixels ("Input image exceeds pixel limit").
    return { refusal: /pixel limit/i.test(String(err?.message)) ? 'tooManyPixels' : 'broken' };
  }
  if (meta.format !== job.format) return { refusal: 'badType' };
  if (!meta.width || !meta.height) return { refusal: 'broken' };
  if (meta.width * meta.height > job.maxPixels) return { refusal: 'tooManyPixels' };
  const sized =
    job.fit === 'cover'
      ? image.rotate().resize(job.side, job.side, { fit: 'cover', position: 'centre' })
      : image.rotate().resize(job.side, job.side, { fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await sized.flatten({ background: WHITE }).jpeg({ quality: job.quality, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return { refusal: 'broken' };
  }
}

// Listening at once (a job sent while sharp loads waits for it, rather than being dropped).
process.on('message', (job) => {
  reencode(job).then(
    (result) => process.send({ id: job.id, ...result }),
    (err) => process.send({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The server went away (or retired this decoder): nothing is left to do.
process.on('disconnect', () => process.exit(0));

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ImageFormat } from './header.ts';

/** What the decoder is asked: re-encode `input` (of `format`) to a JPEG cut (`cover`) or fitted (`inside`) to `side`. */
export interface DecodeJob {
  input: Buffer;
  format: ImageFormat;
  fit: 'cover' | 'inside';
  side: number;
  quality: number;
  maxPixels: number;
}
/** Why the decoder refused an image; each is a message of UPLOAD_MSG. */
export type DecodeRefusal = 'broken' | 'badType' | 'tooManyPixels';
export type DecodeResult = { bytes: Buffer; width: number; height: number } | { refusal: DecodeRefusal };

/** Messages of decode-child.mjs. */
type FromChild = { id: number; bytes: Uint8Array; width: number; height: number } | { id: number; refusal: DecodeRefusal } | { id: number; error: string };

/** Refused because too many images already wait for the decoder. */
export class DecoderBusy extends Error {}

export interface DecoderOptions {
  /** Images that may wait while one is decoded; one more is refused (DecoderBusy). */
  maxWaiting: number;
  /** A decode that takes longer stops its decoder (killed; the next job starts a new one) and is refused too large. */
  jobTimeoutMs: number;
  /** An idle decoder exits after this long, giving its memory back. */
  idleMs: number;
  /** A decoder exits after this many images, so whatever its allocator kept goes back too. */
  jobsPerChild: number;
  /** The decoder's nice value (0–19): above the server's, so the scheduler prefers logins and answers. */
  nice: number;
  log: FastifyBaseLogger;
}

export const DECODER_DEFAULTS = { maxWaiting: 8, jobTimeoutMs: 60_000, idleMs: 15_000, jobsPerChild: 100, nice: 10 } as const;

const CHILD = fileURLToPath(new URL('./decode-child.mjs', import.meta.url));

interface Pending {
  job: DecodeJob;
  resolve: (r: DecodeResult) => void;
  reject: (e: Error) => void;
}

/**
 * The image decoder (docs/uploads.md, "Decoding apart"): one child process (decode-child.mjs), started on the first
 * image, decodes one image at a time, in order; at most `maxWaiting` wait. The child has its own libuv threadpool and
 * one libvips thread at a lower priority, so decoding never holds the threads this process hashes passwords and reads
 * files with; it exits when idle, so its memory goes back to the system.
 */
export function createDecoder(opts: DecoderOptions) {
  const waiting: Pending[] = [];
  let child: ChildProcess | undefined;
  let running: (Pending & { id: number; child: ChildProcess; timer: NodeJS.Timeout }) | undefined;
  let done = 0;
  let nextId = 1;
  let idle: NodeJS.Timeout | undefined;
  let closed = false;

  const stop = (c: ChildProcess) => {
    if (child === c) child = undefined;
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };

  const finish = (c: ChildProcess, outcome: DecodeResult | Error) => {
    if (!running || running.child !== c) return;
    const { resolve, reject, timer } = running;
    clearTimeout(timer);
    running = undefined;
    if (outcome instanceof Error) reject(outcome);
    else resolve(outcome);
    if (++done >= opts.jobsPerChild) stop(c);
    pump();
  };

  const start = (): ChildProcess => {
    done = 0;
    const c = fork(CHILD, [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // The child's own threadpool: one thread is all one image at a time needs. Plain JavaScript: no NODE_OPTIONS loaders.
      env: { ...process.env, NODE_OPTIONS: '', UV_THREADPOOL_SIZE: '1', DECODE_NICE: String(opts.nice) },
    });
    c.on('message', (message) => {
      const m = message as FromChild;
      if (running?.id !== m.id) return;
      if ('error' in m) {
        opts.log.error({ err: new Error(m.error) }, 'image decoder failed');
        return finish(c, new Error('image decoder failed'));
      }
      finish(c, 'refusal' in m ? { refusal: m.refusal } : { bytes: Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength), width: m.width, height: m.height });
    });
    c.on('error', (err) => {
      opts.log.error({ err }, 'image decoder failed');
      stop(c);
      finish(c, new Error('image decoder failed'));
    });
    c.on('exit', () => {
      if (child === c) child = undefined;
      if (running?.child === c) {
        opts.log.warn('image decoder exited during a decode');
        finish(c, { refusal: 'broken' });
      }
    });
    // Never what keeps the server's process alive.
    c.unref();
    c.channel?.unref();
    return c;
  };

  function pump() {
    clearTimeout(idle);
    if (closed) return;
    const next = waiting.shift();
    if (!next) {
      const c = child;
      if (c) idle = setTimeout(() => stop(c), opts.idleMs).unref();
      return;
    }
    const c = (child ??= start());
    const id = nextId++;
    const timer = setTimeout(() => {
      opts.log.warn('image decode timed out; decoder stopped');
      stop(c);
      finish(c, { refusal: 'tooManyPixels' });
    }, opts.jobTimeoutMs).unref();
    running = { ...next, id, child: c, timer };
    c.send({ id, ...next.job }, (err) => {
      if (err) {
        opts.log.error({ err }, 'image decoder failed');
        stop(c);
        finish(c, new Error('image decoder failed'));
      }
    });
  }

  return {
    /** Re-encodes one image in the decoder, after those already waiting; DecoderBusy when too many wait. */
    decode(job: DecodeJob): Promise<DecodeResult> {
      if (closed) return Promise.reject(new Error('image decoder closed'));
      if (waiting.length >= opts.maxWaiting) return Promise.reject(new DecoderBusy());
      return new Promise((resolve, reject) => {
        waiting.push({ job, resolve, reject });
        if (!running) pump();
      });
    },
    /** Images waiting and the one being decoded (tests and logs). */
    load: () => ({ waiting: waiting.length, running: running ? 1 : 0, child: child?.pid ?? null }),
    /** Stops the decoder and refuses what waits (the server closes). */
    close() {
      closed = true;
      clearTimeout(idle);
      for (const p of waiting.splice(0)) p.reject(new Error('image decoder closed'));
      if (running) finish(running.child, new Error('image decoder closed'));
      if (child) stop(child);
    },
  };
}
export type Decoder = ReturnType<typeof createDecoder>;

import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { testImage } from '../../test/images.ts';
import { createDecoder, DECODER_DEFAULTS, DecoderBusy, type DecodeJob, type Decoder, type DecoderOptions } from './decoder.ts';

/**
 * The decoder (docs/uploads.md, "Decoding apart"): a child process that re-encodes one image at a time at a lower
 * priority, with a bounded queue, a time limit, and an exit when idle so its memory goes back to the system.
 */

const warnings: string[] = [];
const log = { warn: (...a: unknown[]) => warnings.push(String(a.at(-1))), error: (...a: unknown[]) => warnings.push(String(a.at(-1))) } as unknown as FastifyBaseLogger;
const open: Decoder[] = [];
const decoderWith = (o: Partial<DecoderOptions> = {}) => {
  const d = createDecoder({ ...DECODER_DEFAULTS, log, ...o });
  open.push(d);
  return d;
};
afterEach(() => {
  for (const d of open.splice(0)) d.close();
  warnings.length = 0;
});

const job = async (o: Partial<DecodeJob> = {}): Promise<DecodeJob> => ({
  input: await testImage('png', 640, 480),
  format: 'png',
  fit: 'inside',
  side: 1600,
  quality: 82,
  maxPixels: 24_000_000,
  ...o,
});
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
  return ok();
};
/** The nice value of the thread of `pid` that used the most CPU (Linux: fields 14, 15 and 19 of /proc/…/task/…/stat). */
const busiestThreadNice = (pid: number) => {
  const threads = readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'latin1');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { cpu: Number(f[11]) + Number(f[12]), nice: Number(f[16]) };
  });
  return threads.sort((a, b) => b.cpu - a.cpu)[0]!.nice;
};

describe('the decoder', () => {
  it('re-encodes in a child process of lower priority; answers refusals as such', async () => {
    const d = decoderWith();
    const r = await d.decode(await job());
    expect(r).toMatchObject({ width: 640, height: 480 });
    if ('bytes' in r) expect((await sharp(r.bytes).metadata()).format).toBe('jpeg');
    const pid = d.load().child!;
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBe(DECODER_DEFAULTS.nice);
    // The thread that did the decoding (libvips') runs at that priority too.
    await d.decode(await job({ input: await testImage('png', 3000, 3000) }));
    if (process.platform === 'linux') expect(busiestThreadNice(pid)).toBe(DECODER_DEFAULTS.nice);
    expect(await d.decode(await job({ format: 'jpeg' }))).toEqual({ refusal: 'badType' });
    expect(await d.decode(await job({ input: Buffer.concat([(await job()).input.subarray(0, 100), Buffer.alloc(100)]) }))).toEqual({ refusal: 'broken' });
    expect(await d.decode(await job({ maxPixels: 1000 }))).toEqual({ refusal: 'tooManyPixels' });
    expect(d.load().child).toBe(pid); // one child for all of them
  });

  it('decodes one image at a time, in order, and refuses beyond the queue', async () => {
    const d = decoderWith({ maxWaiting: 3 });
    const order: number[] = [];
    const jobs = await Promise.all([1, 2, 3, 4].map(async (i) => job({ input: await testImage('png', 100 * i, 50) })));
    const running = jobs.map((j, i) => d.decode(j).then((r) => (order.push(i), r)));
    expect(d.load()).toMatchObject({ running: 1, waiting: 3 });
    await expect(d.decode(jobs[0]!)).rejects.toBeInstanceOf(DecoderBusy);
    const results = await Promise.all(running);
    expect(results.map((r) => ('width' in r ? r.width : 0))).toEqual([100, 200, 300, 400]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(d.load()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('exits when idle (its memory goes back) and after jobsPerChild images; the next image starts a new one', async () => {
    const d = decoderWith({ idleMs: 100, jobsPerChild: 2 });
    await d.decode(await job());
    const first = d.load().child!;
    await d.decode(await job());
    expect(await until(() => !alive(first))).toBe(true); // retired after 2 images
    await d.decode(await job());
    const second = d.load().child!;
    expect(second).not.toBe(first);
    expect(await until(() => !alive(second))).toBe(true); // idle for 100 ms
    expect(d.load().child).toBeNull();
    expect(await d.decode(await job())).toMatchObject({ width: 640 });
  });

  it('survives a decoder that dies or takes too long: that image is refused, the next one is decoded', async () => {
    const d = decoderWith({ jobTimeoutMs: 1 });
    const big = await job({ input: await testImage('png', 4000, 4000) });
    expect(await d.decode(big)).toEqual({ refusal: 'tooManyPixels' });
    expect(warnings).toContain('image decode timed out; decoder stopped');

    const e = decoderWith();
    await e.decode(await job());
    const pending = e.decode(big);
    process.kill(e.load().child!, 'SIGKILL');
    expect(await pending).toEqual({ refusal: 'broken' });
    expect(await e.decode(await job())).toMatchObject({ width: 640 });
  });

  it('once closed, refuses what waits and what comes', async () => {
    const d = decoderWith();
    const a = d.decode(await job());
    const b = d.decode(await job());
    d.close();
    await expect(a).rejects.toThrow('closed');
    await expect(b).rejects.toThrow('closed');
    await expect(d.decode(await job())).rejects.toThrow('closed');
  });
});

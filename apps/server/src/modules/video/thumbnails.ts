import sharp from 'sharp';

/**
 * The thumbnails a preview token opens (docs/video.md, "Preview"): the lesson's WebVTT map cut to the cues that start
 * within the preview, and its sprite cut to the frames those cues show. Both are made from the stored files at
 * request time, by the token's limit, as the playlists are; nothing of the lesson past the preview is sent.
 */

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface Cue {
  from: number;
  to: number;
  /** The cue's payload (`sprite.jpg#xywh=…`). */
  text: string;
  region: Region | null;
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})\.(\d{3})$/;
const seconds = (t: string): number => {
  const m = TIME.exec(t.trim());
  if (!m) return NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
};
const stamp = (s: number) => new Date(Math.round(s * 1000)).toISOString().slice(11, 23);

/** The cues of a WebVTT file (cue identifiers, notes and settings are not kept). */
function cuesOf(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter(Boolean);
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [a, b] = lines[at]!.split('-->');
    const from = seconds(a ?? '');
    const to = seconds((b ?? '').trim().split(/\s+/)[0] ?? '');
    if (!Number.isFinite(from) || !Number.isFinite(to)) continue;
    const text = lines.slice(at + 1).join('\n');
    const xywh = /#xywh=(\d+),(\d+),(\d+),(\d+)/.exec(text);
    const region = xywh ? { left: Number(xywh[1]), top: Number(xywh[2]), width: Number(xywh[3]), height: Number(xywh[4]) } : null;
    cues.push({ from, to, text, region });
  }
  return cues;
}

/** The map of a preview: the cues that start before `limitSeconds`, each ending there at the latest. */
export function cutVtt(vtt: string, limitSeconds: number): string {
  const kept = cuesOf(vtt).filter((c) => c.from < limitSeconds);
  return `WEBVTT\n\n${kept.map((c) => `${stamp(c.from)} --> ${stamp(Math.min(c.to, limitSeconds))}\n${c.text}`).join('\n\n')}\n`;
}

const overlap = (r: Region, w: number, h: number): Region | null => {
  const width = Math.min(r.left + r.width, w) - r.left;
  const height = Math.min(r.top + r.height, h) - r.top;
  return width > 0 && height > 0 ? { left: r.left, top: r.top, width, height } : null;
};

/**
 * The sprite of a preview: cut to the smallest top-left rectangle holding the frames of the kept cues (so their
 * `xywh` stay right), every other frame inside it painted black. The whole sprite when every cue is kept.
 */
export async function cutSprite(jpeg: Buffer, vtt: string, limitSeconds: number): Promise<Buffer> {
  const cues = cuesOf(vtt).filter((c) => c.region);
  const kept = cues.filter((c) => c.from < limitSeconds);
  if (kept.length === cues.length) return jpeg;
  const meta = await sharp(jpeg).metadata();
  const width = Math.min(meta.width, Math.max(1, ...kept.map((c) => c.region!.left + c.region!.width)));
  const height = Math.min(meta.height, Math.max(1, ...kept.map((c) => c.region!.top + c.region!.height)));
  const blanks = cues
    .filter((c) => c.from >= limitSeconds)
    .map((c) => overlap(c.region!, width, height))
    .filter((r): r is Region => r !== null);
  return sharp(jpeg)
    .extract({ left: 0, top: 0, width, height })
    .composite(blanks.map((r) => ({ input: { create: { width: r.width, height: r.height, channels: 3 as const, background: '#000000' } }, left: r.left, top: r.top })))
    .jpeg({ quality: 80 })
    .toBuffer();
}

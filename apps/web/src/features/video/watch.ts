import type { Range } from '../../lib/outbox/video';

/** A jump of the clock larger than this between two time updates is a seek, not playing (2× speed, 250 ms ticks). */
const MAX_STEP_S = 1.5;

/**
 * The seconds a learner really watched (docs/video.md "Progress and completion"): the player reports the time as it
 * plays; continuous stretches become ranges, a seek or a pause closes one. `take()` hands over what was watched
 * since the last take as whole seconds, so dragging the bar to the end adds nothing.
 */
export class WatchTracker {
  private done: Range[] = [];
  private from: number | null = null;
  private last: number | null = null;

  /** The playhead at `t` while playing. */
  tick(t: number): void {
    if (this.last !== null && this.from !== null && t >= this.last && t - this.last <= MAX_STEP_S) {
      this.last = t;
      return;
    }
    this.close();
    this.from = t;
    this.last = t;
  }

  /** Paused, seeking or ended: the stretch so far is closed. */
  close(): void {
    if (this.from !== null && this.last !== null) {
      const r: Range = [Math.floor(this.from), Math.floor(this.last)];
      if (r[0] < r[1]) this.done.push(r);
    }
    this.from = null;
    this.last = null;
  }

  /** The whole seconds watched since the last take; an open stretch goes on from where it is now. */
  take(): Range[] {
    const out = [...this.done];
    this.done = [];
    if (this.from !== null && this.last !== null) {
      const r: Range = [Math.floor(this.from), Math.floor(this.last)];
      if (r[0] < r[1]) out.push(r);
      this.from = this.last;
    }
    return out;
  }
}

/** A media URL of a lesson under another token (the same file): hls.js asks every file with the newest token. */
export function withToken(url: string, base: string): string {
  const m = /\/media\/v\/\d+\/[^/]+\//.exec(base);
  return m ? url.replace(/\/media\/v\/\d+\/[^/]+\//, m[0]) : url;
}

/** The watermark moves to a new place this often. */
export const WATERMARK_MOVE_MS = 20_000;
/** A new token is asked for this long before the current one runs out. */
export const RENEW_BEFORE_MS = 60_000;

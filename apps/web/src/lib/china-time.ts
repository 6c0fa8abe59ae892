/**
 * China time (Beijing, UTC+8, no daylight saving since 1991), whatever the device's own zone: the server's days
 * (plans, streaks, live schedules, receipts) are China days, so the screens show China time too. The one place of
 * the web app that knows the offset (lint forbids `8 * 3600_000` and 'Asia/Shanghai' elsewhere); formatting with
 * `Intl` takes CHINA_TIME_ZONE. No library: the offset is fixed, and `Intl` costs the bundle nothing.
 */

/** The IANA zone, for `Intl.DateTimeFormat` / `toLocaleString` options. */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** An instant's calendar fields in China. */
export interface ChinaParts {
  y: number;
  /** 1–12. */
  m: number;
  d: number;
  /** Weekday, 0 = Sunday. */
  wd: number;
  hh: number;
  mm: number;
  ss: number;
}

/** The fields of an instant (ms since the epoch) in China. */
export function chinaParts(ms: number): ChinaParts {
  const t = new Date(ms + CHINA_OFFSET_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), wd: t.getUTCDay(), hh: t.getUTCHours(), mm: t.getUTCMinutes(), ss: t.getUTCSeconds() };
}

/** The China day 'YYYY-MM-DD' of an instant (default: now). */
export const chinaDay = (ms: number = Date.now()): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The China day of an instant as a day count since 1970-01-01 (whole days between two instants' China days). */
export const chinaDayIndex = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/**
 * China time (Asia/Shanghai) in one place for the server and the web app: every day boundary, clock reading and
 * China-time text comes from here, through apps/server/src/platform/china-time.ts (which adds the SQL day number) and
 * apps/web/src/lib/china-time.ts (lint refuses the raw offset elsewhere, eslint.config.js; docs/server.md "China time").
 *
 * Why a fixed offset and not Intl or a time-zone library: China has kept UTC+8 all year since 1991 (no daylight
 * saving), and every instant the app handles is later than that, so "the instant + 8 h, read as UTC" is exactly the
 * wall clock in Shanghai. The arithmetic is what SQL can do too, so the database and the code agree on day
 * boundaries; it never depends on the machine's zone, costs nothing on hot paths and adds nothing to the bundle.
 * china-time.test.ts checks it against Intl's Asia/Shanghai.
 *
 * Days are 'YYYY-MM-DD' strings; their arithmetic (addDays, daysBetween, the ISO week) runs on the UTC midnight of the
 * calendar date, which is zone-free.
 */

export const DAY_MS = 86_400_000;
/** China's offset from UTC (+8 h all year). */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const OFFSET_TEXT = '+08:00';

/** The IANA zone, for `Intl.DateTimeFormat` / `toLocaleString` options. */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/** The Shanghai wall clock of an instant as 'YYYY-MM-DDTHH:mm:ss.sss' (no zone). */
const wall = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 23);

/** Calendar date 'YYYY-MM-DD' → ms of its UTC midnight. */
const utcMidnight = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
};

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

/** The China day of an instant (default: now), 'YYYY-MM-DD'. */
export const chinaDay = (ms: number = Date.now()): string => wall(ms).slice(0, 10);

/** The China day of an instant as a day number (days since 1970-01-01 China time; the server's SQL chinaDayNoSql agrees). */
export const chinaDayNo = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/** The China time of day of an instant, 'HH:mm'. */
export const chinaClock = (ms: number): string => wall(ms).slice(11, 16);

/** An instant as China reads it to the minute, 'YYYY-MM-DD HH:mm': messages and operators' listings. */
export const chinaMinute = (ms: number): string => wall(ms).slice(0, 16).replace('T', ' ');

/** An instant as China reads it to the second, 'YYYY-MM-DD HH:mm:ss' (Alipay's time format). */
export const chinaSecond = (ms: number): string => wall(ms).slice(0, 19).replace('T', ' ');

/** RFC 3339 with the +08:00 offset, 'YYYY-MM-DDTHH:mm:ss+08:00' (WeChat Pay's time format). */
export const chinaRfc3339 = (ms: number): string => `${wall(ms).slice(0, 19)}${OFFSET_TEXT}`;

/** The instant a China day begins (00:00 +08:00). */
export const chinaDayStart = (day: string): number => utcMidnight(day) - CHINA_OFFSET_MS;

/** The instant the China day holding `ms` began. */
export const chinaDayStartOf = (ms: number): number => chinaDayNo(ms) * DAY_MS - CHINA_OFFSET_MS;

/** Milliseconds until the next midnight in China: daily limits reset then. */
export const msUntilChinaMidnight = (ms: number): number => chinaDayStartOf(ms) + DAY_MS - ms;

/** The instant of a China day at 'HH:mm' (or 'H:mm'). */
export const chinaAt = (day: string, hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return chinaDayStart(day) + (h! * 60 + m!) * 60_000;
};

/** 'YYYY-MM-DD HH:mm' (or with a 'T') read as China time: the instant, or null when it is no real date and time. */
export function parseChinaMinute(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h, mi) - CHINA_OFFSET_MS;
  return chinaMinute(at) === `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}` ? at : null;
}

/** The first instant of a China month 'YYYY-MM' and of the next. */
export function chinaMonthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1) - CHINA_OFFSET_MS), to: new Date(Date.UTC(y, m, 1) - CHINA_OFFSET_MS) };
}

/** The day n days after (n < 0: before). */
export const addDays = (day: string, n: number): string => new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (to − from; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);

/** The ISO week (Monday … Sunday) holding a day, e.g. { week: '2026-W48', from: '2026-11-23', to: '2026-11-29' }. */
export const isoWeekOf = (day: string): { week: string; from: string; to: string } => {
  const weekday = (new Date(utcMidnight(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const from = addDays(day, -weekday);
  const thursday = addDays(from, 3); // the ISO year is the year of the week's Thursday
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { week: `${year}-W${String(week).padStart(2, '0')}`, from, to: addDays(from, 6) };
};

/** The ISO week of a day ('2026-11-21' → '2026-W47'). */
export const isoWeek = (day: string): string => isoWeekOf(day).week;

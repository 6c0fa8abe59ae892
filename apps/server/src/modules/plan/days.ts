/**
 * China days (Asia/Shanghai: UTC+8 all year, no DST) as 'YYYY-MM-DD' strings (docs/plan.md "Dates").
 * Arithmetic runs on UTC midnights of the day's calendar date, so it never depends on the machine's zone.
 */

export const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The same offset in seconds, for SQL over timestamps. */
export const CHINA_OFFSET_S = CHINA_OFFSET_MS / 1000;

/** Calendar date 'YYYY-MM-DD' → ms of its UTC midnight. */
const utcMidnight = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
};

const dayOfUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The China day of an instant. */
export const chinaDay = (ms: number): string => dayOfUtc(ms + CHINA_OFFSET_MS);

/** The China day of an instant as a day number (days since 1970-01-01 China time): the SQL's `floor((epoch + offset) / 86400)`. */
export const chinaDayNo = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/** The China time of day of an instant, 'HH:mm'. */
export const chinaClock = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(11, 16);

/** The instant a China day begins (00:00 +08:00). */
export const chinaDayStart = (day: string): number => utcMidnight(day) - CHINA_OFFSET_MS;

/** The day n days after (n < 0: before). */
export const addDays = (day: string, n: number): string => dayOfUtc(utcMidnight(day) + n * DAY_MS);

/** Whole days from `from` to `to` (to − from; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);

/** The ISO week (Monday … Sunday) holding a China day, e.g. { week: '2026-W48', from: '2026-11-23', to: '2026-11-29' }. */
export const isoWeekOf = (day: string): { week: string; from: string; to: string } => {
  const ms = utcMidnight(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const from = addDays(day, -weekday);
  const thursday = addDays(from, 3); // the ISO year is the year of the week's Thursday
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { week: `${year}-W${String(week).padStart(2, '0')}`, from, to: addDays(from, 6) };
};

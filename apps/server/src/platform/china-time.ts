import { CHINA_OFFSET_MS, DAY_MS } from '@kaoshi/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * China time (Asia/Shanghai) for the server: the pure functions live once in the contract
 * (packages/contract/src/china-time.ts, shared with the web app); this face re-exports them and adds the SQL day
 * number. Every day boundary, clock reading and China-time text of the server comes from here (lint refuses the raw
 * offset elsewhere, eslint.config.js; docs/server.md "China time").
 */
export {
  addDays,
  chinaAt,
  chinaClock,
  chinaDay,
  chinaDayNo,
  chinaDayStart,
  chinaDayStartOf,
  chinaMinute,
  chinaMonthRange,
  chinaRfc3339,
  chinaSecond,
  DAY_MS,
  daysBetween,
  isoWeek,
  isoWeekOf,
  msUntilChinaMidnight,
  parseChinaMinute,
} from '@kaoshi/contract';

/** A timestamp column's China day number, in SQL (as chinaDayNo). */
export const chinaDayNoSql = (column: AnyColumn): SQL =>
  sql`floor((extract(epoch from ${column}) + ${sql.raw(String(CHINA_OFFSET_MS / 1000))}) / ${sql.raw(String(DAY_MS / 1000))})`;

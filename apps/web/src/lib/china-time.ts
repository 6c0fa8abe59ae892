/**
 * China time (Beijing, UTC+8, no daylight saving since 1991), whatever the device's own zone: the server's days
 * (plans, streaks, live schedules, receipts) are China days, so the screens show China time too. The functions live
 * once in the contract (packages/contract/src/china-time.ts, shared with the server); this is the web app's one door
 * to them (lint forbids `8 * 3600_000` and 'Asia/Shanghai' elsewhere); formatting with `Intl` takes CHINA_TIME_ZONE.
 * No library: the offset is fixed, and `Intl` costs the bundle nothing.
 */
export { CHINA_TIME_ZONE, chinaDay, chinaParts, type ChinaParts } from '@kaoshi/contract';

/** The China day of an instant as a day count since 1970-01-01 (whole days between two instants' China days). */
export { chinaDayNo as chinaDayIndex } from '@kaoshi/contract';

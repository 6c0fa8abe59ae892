import { LIVE_OPEN_BEFORE_MS, LIVE_REMIND_BEFORE_MS, LIVE_STATUS, LIVE_STATUS_TEXT, type LiveItem } from '@kaoshi/contract';
import { chinaDay, chinaParts } from '../../lib/china-time';

/**
 * Times of live sessions as learners read them: always China time (the schedule's days are China days, whatever
 * the device's zone), relative to today where that reads better (今天 19:30, 明天 09:00).
 */

/** The spec's text for a subject without live content. */
export const NO_CONTENT = '内容更新中，敬请期待～';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;
const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of an instant in China. */
export const chinaDate = (ms: number): string => chinaDay(ms);

/** 'YYYY-MM' of an instant in China (the calendar call's month). */
export const chinaMonth = (ms: number): string => chinaDate(ms).slice(0, 7);

/** 'HH:mm' in China. */
export function hm(iso: string): string {
  const p = chinaParts(Date.parse(iso));
  return `${two(p.hh)}:${two(p.mm)}`;
}

/** A day's name: 今天, 明天, 昨天, else 11月26日 周三 (with the year when it is not this year). */
export function dayName(iso: string, now: number = Date.now()): string {
  const ms = Date.parse(iso);
  const day = chinaDate(ms);
  const offset = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${chinaDate(now)}T00:00:00Z`)) / 86_400_000);
  if (offset === 0) return '今天';
  if (offset === 1) return '明天';
  if (offset === -1) return '昨天';
  const p = chinaParts(ms);
  const year = p.y === chinaParts(now).y ? '' : `${p.y}年`;
  return `${year}${p.m}月${p.d}日 周${WEEKDAYS[p.wd]}`;
}

/** When a session runs: '今天 19:30–21:00', '11月28日 周五 09:00–10:30'. */
export function timeRange(item: Pick<LiveItem, 'startsAt' | 'endsAt'>, now: number = Date.now()): string {
  return `${dayName(item.startsAt, now)} ${hm(item.startsAt)}–${hm(item.endsAt)}`;
}

/** A duration ahead, coarse: '3天', '1天9小时', '2小时15分', '12分钟', '1分钟'. */
export function countdown(ms: number): string {
  const min = Math.max(1, Math.ceil(ms / 60_000));
  if (min >= 24 * 60) {
    const h = Math.floor((min % (24 * 60)) / 60);
    return `${Math.floor(min / (24 * 60))}天${h ? `${h}小时` : ''}`;
  }
  if (min >= 60) return `${Math.floor(min / 60)}小时${min % 60 ? `${min % 60}分` : ''}`;
  return `${min}分钟`;
}

/** The badge of a status: 预告, 直播中, 已结束, 回放. */
export const statusText = (item: Pick<LiveItem, 'status' | 'statusText'>): string => LIVE_STATUS_TEXT[item.status] ?? item.statusText;

/** The room is open (live, or scheduled and within LIVE_OPEN_BEFORE_MS of the start). */
export function roomOpen(item: Pick<LiveItem, 'status' | 'startsAt'>, now: number = Date.now()): boolean {
  return item.status === LIVE_STATUS.live || (item.status === LIVE_STATUS.upcoming && Date.parse(item.startsAt) - now <= LIVE_OPEN_BEFORE_MS);
}

/** A booked session starting within LIVE_REMIND_BEFORE_MS (the 即将开始 notice). */
export function startingSoon(item: Pick<LiveItem, 'status' | 'startsAt' | 'reserved'>, now: number = Date.now()): boolean {
  const left = Date.parse(item.startsAt) - now;
  return item.reserved && item.status === LIVE_STATUS.upcoming && left <= LIVE_REMIND_BEFORE_MS && left > -LIVE_REMIND_BEFORE_MS;
}

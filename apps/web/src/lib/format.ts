import { chinaDayIndex, chinaParts } from './china-time';

/** '13800000000' → '138****0000'. Other values (user names) are shown with their middle hidden too. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(7)}`;
  if (value.length <= 2) return value;
  if (value.length <= 4) return `${value[0]}**${value[value.length - 1]}`;
  return `${value.slice(0, 2)}****${value.slice(-2)}`;
}

/** An amount in fen as yuan: 39800 → '¥398.00'. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The first visible character of a name, for a text avatar; '学' when there is none or it is a digit. */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first && !/\d/.test(first) ? first.toUpperCase() : '学';
}

/** A second of a lesson, as players show it: 75 → '1:15', 3725 → '1:02:05'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * When something happened, as a list shows it (messages): China time, like the server's days. 今天 → '14:05',
 * 昨天 → '昨天 14:05', this year → '11月20日 14:05', before → '2025年11月20日'. '' when unreadable.
 */
export function shortTime(iso: string, now: number = Date.now()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const at = chinaParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const hm = `${two(at.hh)}:${two(at.mm)}`;
  const days = chinaDayIndex(now) - chinaDayIndex(ms);
  if (days === 0) return hm;
  if (days === 1) return `昨天 ${hm}`;
  const md = `${at.m}月${at.d}日`;
  return at.y === chinaParts(now).y ? `${md} ${hm}` : `${at.y}年${md}`;
}

/** Percent for display: 0.6667 → '67%'. */
export const percent = (ratio: number): string => `${Math.round(ratio * 100)}%`;

import { CHINA_TIME_ZONE } from '../../lib/china-time';

/** An ISO time as the learner's local date, YYYY-MM-DD ('' when unreadable). */
export function ymd(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** An amount in fen as yuan: 39800 → '¥398.00' (lib/format, shared with the lock sheets). */
export { yuan } from '../../lib/format';

/** Where a purchase of `days` ends when bought now: on from a held purchase's end, else from today. */
export function endAfterBuying(days: number, heldUntil: string | null, now = Date.now()): string {
  const from = heldUntil ? Math.max(Date.parse(heldUntil), now) : now;
  return new Date(from + days * 86_400_000).toISOString();
}

/**
 * A time on a receipt, in Beijing time whatever the device's zone: the order number carries Beijing time too, and
 * a printed receipt is the seller's document. '—' when absent.
 */
export const beijingTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('zh-CN', {
        hour12: false,
        timeZone: CHINA_TIME_ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : '—';

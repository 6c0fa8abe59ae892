import { MSG } from '../messages.ts';

/**
 * Duration display of spec §5: 'mm:ss' under an hour, 'hh:mm:ss' from one hour on, '超时' beyond
 * 24 hours. Fractions of a second are dropped (floor).
 *
 * Decisions:
 * - Exactly 24 hours (86 400 s, and anything whose floor is 86 400) is not "beyond": it shows
 *   '24:00:00'. '超时' starts at 24 * 3600 + 1 = 86 401 s. +Infinity is '超时'.
 * - Negative values, NaN and -Infinity show '00:00' (a clock never runs backwards on screen).
 */

export const OVERTIME_AFTER_SECONDS = 24 * 3600;

const pad = (n: number): string => String(n).padStart(2, '0');

export const formatDuration = (seconds: number): string => {
  if (Number.isNaN(seconds) || seconds < 0) return '00:00';
  const total = Math.floor(seconds);
  if (total > OVERTIME_AFTER_SECONDS) return MSG.overtime;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
};

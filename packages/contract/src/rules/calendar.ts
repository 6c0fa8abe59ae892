import { PICKER } from '../constants.ts';

/**
 * Calendar rules of the date picker (spec §5, constants of §9): days per month follow the
 * (proleptic Gregorian) leap-year rules, the selected day is clamped, years run 1900–2099 by
 * default with optional limits, hours 0–23, minutes 0–59.
 *
 * Decisions:
 * - Months are 1–12 (not JavaScript's 0–11). daysInMonth throws a RangeError for any other month:
 *   that is a programming error, not user input.
 * - Year limits replace the default bounds one by one (yearRange(2000) is 2000–2099); min > max or a
 *   non-integer bound throws a RangeError.
 * - The picker is pure: a missing part of the value (no clock is read) becomes the first option of
 *   its column (the lowest year of the range, January, day 1, 00:00); out-of-range parts are
 *   clamped to the nearest option, fractions truncated.
 * - Labels are plain numbers, two digits for month, day, hour and minute ('2024', '02', '09');
 *   the screen adds words such as 年/月/日 if it wants them.
 */

export const PICKER_TYPES = ['date', 'year-month', 'year', 'datetime', 'time'] as const;
/** The five wheel pickers: which columns each shows is in COLUMNS below. */
export type PickerType = (typeof PICKER_TYPES)[number];

export type DatePart = 'year' | 'month' | 'day' | 'hour' | 'minute';
export type DateParts = Record<DatePart, number>;
export interface YearLimits {
  min?: number;
  max?: number;
}
export interface PickerOption {
  label: string;
  value: number;
}
export type PickerColumn = PickerOption[];

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in month `month` (1–12) of `year`. */
export const daysInMonth = (year: number, month: number): number => {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1–12, got ${month}`);
  return month === 2 && isLeapYear(year) ? 29 : DAYS[month - 1];
};

const clamp = (n: number, min: number, max: number): number => Math.min(Math.max(n, min), max);

/** `day` moved into 1..daysInMonth(year, month); fractions truncated, NaN becomes 1. */
export const clampDay = (year: number, month: number, day: number): number => clamp(Math.trunc(day) || 1, 1, daysInMonth(year, month));

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Selectable years, inclusive: 1900–2099 unless limited. */
export const yearRange = (min: number = PICKER.minYear, max: number = PICKER.maxYear): number[] => {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) {
    throw new RangeError(`bad year limits ${min}–${max}`);
  }
  return range(min, max);
};
export const monthRange = (): number[] => range(1, 12);
export const hourRange = (): number[] => range(PICKER.minHour, PICKER.maxHour);
export const minuteRange = (): number[] => range(PICKER.minMinute, PICKER.maxMinute);

/** Columns of each picker type, left to right. */
export const PICKER_COLUMNS: Record<PickerType, readonly DatePart[]> = {
  date: ['year', 'month', 'day'],
  'year-month': ['year', 'month'],
  year: ['year'],
  datetime: ['year', 'month', 'day', 'hour', 'minute'],
  time: ['hour', 'minute'],
};

/** A complete, valid value: missing parts become the first option, the rest is clamped. */
export const normalizePickerValue = (value: Partial<DateParts>, limits: YearLimits = {}): DateParts => {
  const minYear = limits.min ?? PICKER.minYear;
  const maxYear = limits.max ?? PICKER.maxYear;
  yearRange(minYear, maxYear); // validates the limits
  const part = (n: number | undefined, min: number, max: number) => (n === undefined || Number.isNaN(n) ? min : clamp(Math.trunc(n), min, max));
  const year = part(value.year, minYear, maxYear);
  const month = part(value.month, 1, 12);
  return {
    year,
    month,
    day: clampDay(year, month, value.day ?? 1),
    hour: part(value.hour, PICKER.minHour, PICKER.maxHour),
    minute: part(value.minute, PICKER.minMinute, PICKER.maxMinute),
  };
};

const options = (values: number[], digits: number): PickerColumn => values.map((value) => ({ label: String(value).padStart(digits, '0'), value }));

/**
 * The columns a wheel picker of `type` shows for the selected `value`: the day column follows the
 * selected (clamped) year and month, so February of a leap year has 29 days.
 */
export const pickerColumns = (type: PickerType, value: Partial<DateParts>, limits: YearLimits = {}): PickerColumn[] => {
  const v = normalizePickerValue(value, limits);
  const columns: Record<DatePart, () => PickerColumn> = {
    year: () => options(yearRange(limits.min, limits.max), 1),
    month: () => options(monthRange(), 2),
    day: () => options(range(1, daysInMonth(v.year, v.month)), 2),
    hour: () => options(hourRange(), 2),
    minute: () => options(minuteRange(), 2),
  };
  return PICKER_COLUMNS[type].map((p) => columns[p]());
};

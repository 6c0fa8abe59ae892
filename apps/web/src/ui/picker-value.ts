import { PICKER_COLUMNS, normalizePickerValue, pickerColumns, type DatePart, type DateParts, type PickerType, type YearLimits } from '@kaoshi/contract';

/**
 * Glue between the contract's calendar rules (pickerColumns, normalizePickerValue: leap years,
 * day clamping, 1900–2099, 0–23, 0–59) and antd-mobile's Picker (columns of {label, value},
 * values as an array left to right).
 */

export type { PickerType } from '@kaoshi/contract';

const SUFFIX: Record<DatePart, string> = { year: '年', month: '月', day: '日', hour: '时', minute: '分' };

export type WheelValue = string | number | null;
export interface WheelItem {
  label: string;
  value: number;
}

/** The selected parts of a wheel value (missing parts undefined). */
export function partsFromWheel(type: PickerType, values: readonly WheelValue[]): Partial<DateParts> {
  const parts: Partial<DateParts> = {};
  PICKER_COLUMNS[type].forEach((part, i) => {
    const v = values[i];
    if (v !== null && v !== undefined && v !== '') parts[part] = Number(v);
  });
  return parts;
}

export function wheelFromParts(type: PickerType, parts: DateParts): number[] {
  return PICKER_COLUMNS[type].map((p) => parts[p]);
}

/** antd-mobile columns for the current wheel value: the day column follows the selected year and month. */
export function wheelColumns(type: PickerType, values: readonly WheelValue[], limits: YearLimits = {}): WheelItem[][] {
  const names = PICKER_COLUMNS[type];
  return pickerColumns(type, partsFromWheel(type, values), limits).map((column, i) => column.map((o) => ({ label: `${o.label}${SUFFIX[names[i]]}`, value: o.value })));
}

export function partsFromDate(d: Date): DateParts {
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
}

/** The confirmed wheel value as complete, valid parts (clamped; missing parts from `base`). */
export function confirmParts(type: PickerType, values: readonly WheelValue[], base: Date = new Date(), limits: YearLimits = {}): DateParts {
  return normalizePickerValue({ ...partsFromDate(base), ...partsFromWheel(type, values) }, limits);
}

export function partsToDate(p: DateParts): Date {
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, 0, 0);
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD', 'YYYY-MM', 'YYYY', 'YYYY-MM-DD HH:mm' or 'HH:mm'. */
export function formatParts(type: PickerType, p: DateParts): string {
  const date = `${p.year}-${two(p.month)}-${two(p.day)}`;
  const time = `${two(p.hour)}:${two(p.minute)}`;
  switch (type) {
    case 'date':
      return date;
    case 'year-month':
      return `${p.year}-${two(p.month)}`;
    case 'year':
      return String(p.year);
    case 'datetime':
      return `${date} ${time}`;
    case 'time':
      return time;
  }
}

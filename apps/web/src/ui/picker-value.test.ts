import { describe, expect, it } from 'vitest';
import { confirmParts, formatParts, partsFromDate, partsToDate, wheelColumns } from './picker-value';

const labels = (col: { label: string }[]) => col.map((o) => o.label);

describe('date/time picker columns (spec §5, §9)', () => {
  it('has the columns of each of the five types', () => {
    expect(wheelColumns('date', [2024, 1, 1])).toHaveLength(3);
    expect(wheelColumns('year-month', [2024, 1])).toHaveLength(2);
    expect(wheelColumns('year', [2024])).toHaveLength(1);
    expect(wheelColumns('datetime', [2024, 1, 1, 0, 0])).toHaveLength(5);
    expect(wheelColumns('time', [0, 0])).toHaveLength(2);
  });

  it('offers years 1900–2099 by default, or the given limits', () => {
    const years = wheelColumns('year', [])[0];
    expect(years).toHaveLength(200);
    expect(years[0]).toEqual({ label: '1900年', value: 1900 });
    expect(years[199]).toEqual({ label: '2099年', value: 2099 });
    expect(labels(wheelColumns('year', [], { min: 2020, max: 2026 })[0])).toEqual(['2020年', '2021年', '2022年', '2023年', '2024年', '2025年', '2026年']);
  });

  it('offers hours 0–23 and minutes 0–59', () => {
    const [hours, minutes] = wheelColumns('time', [12, 30]);
    expect(hours).toHaveLength(24);
    expect(hours[0].label).toBe('00时');
    expect(hours[23].value).toBe(23);
    expect(minutes).toHaveLength(60);
    expect(minutes[59]).toEqual({ label: '59分', value: 59 });
  });

  it('follows leap years in the day column', () => {
    const days = (y: number, m: number) => wheelColumns('date', [y, m, 1])[2].length;
    expect(days(2024, 2)).toBe(29);
    expect(days(2023, 2)).toBe(28);
    expect(days(1900, 2)).toBe(28);
    expect(days(2000, 2)).toBe(29);
    expect(days(2023, 4)).toBe(30);
    expect(days(2023, 12)).toBe(31);
  });

  it('clamps the day when the month is shorter, on confirm', () => {
    const base = new Date(2024, 0, 31, 8, 5);
    expect(confirmParts('date', [2023, 2, 31], base)).toMatchObject({ year: 2023, month: 2, day: 28 });
    expect(confirmParts('year-month', [2024, 2], base)).toMatchObject({ year: 2024, month: 2, day: 29, hour: 8, minute: 5 });
    expect(confirmParts('time', [21, 30], base)).toMatchObject({ year: 2024, month: 1, day: 31, hour: 21, minute: 30 });
  });

  it('formats and converts values', () => {
    const p = partsFromDate(new Date(2026, 2, 9, 7, 4));
    expect(formatParts('date', p)).toBe('2026-03-09');
    expect(formatParts('year-month', p)).toBe('2026-03');
    expect(formatParts('year', p)).toBe('2026');
    expect(formatParts('datetime', p)).toBe('2026-03-09 07:04');
    expect(formatParts('time', p)).toBe('07:04');
    expect(partsToDate(p).getTime()).toBe(new Date(2026, 2, 9, 7, 4).getTime());
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampDay, daysInMonth, hourRange, isLeapYear, minuteRange, normalizePickerValue, PICKER_TYPES, pickerColumns, yearRange } from './calendar.ts';

/** A UTC date; setUTCFullYear keeps years 0–99 literal (Date.UTC would map them to 19xx). */
const utc = (year: number, month0: number, day: number): Date => {
  const d = new Date(0);
  d.setUTCFullYear(year, month0, day);
  return d;
};
const dateDaysInMonth = (year: number, month: number) => utc(year, month, 0).getUTCDate();
const isRealDate = (year: number, month: number, day: number) => {
  const d = utc(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

const year = fc.integer({ min: -5000, max: 5000 });
const month = fc.integer({ min: 1, max: 12 });

describe('leap years and days per month agree with JavaScript Date', () => {
  it('isLeapYear is "29 February exists"', () => {
    fc.assert(fc.property(year, (y) => isLeapYear(y) === (utc(y, 1, 29).getUTCMonth() === 1)));
  });

  it('daysInMonth is the last day Date accepts', () => {
    fc.assert(fc.property(year, month, (y, m) => daysInMonth(y, m) === dateDaysInMonth(y, m)));
  });

  it.each([
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%i) is %s', (y, expected) => {
    expect(isLeapYear(y)).toBe(expected);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28],
    [2000, 2, 29],
    [2023, 1, 31],
    [2023, 4, 30],
    [2023, 12, 31],
  ])('daysInMonth(%i, %i) is %i', (y, m, expected) => {
    expect(daysInMonth(y, m)).toBe(expected);
  });

  it.each([0, 13, 1.5, Number.NaN])('daysInMonth throws for month %d', (m) => {
    expect(() => daysInMonth(2024, m)).toThrow(RangeError);
  });
});

describe('clampDay (spec §5: the selected day is clamped)', () => {
  it('gives a real date, keeps a valid day and moves an invalid one to the nearest end', () => {
    fc.assert(
      fc.property(year, month, fc.integer({ min: -40, max: 40 }), (y, m, d) => {
        const day = clampDay(y, m, d);
        const last = dateDaysInMonth(y, m);
        const expected = d < 1 ? 1 : d > last ? last : d;
        return isRealDate(y, m, day) && day === expected;
      }),
    );
  });

  it.each([
    [2023, 2, 31, 28],
    [2024, 2, 30, 29],
    [2024, 4, 31, 30],
    [2024, 1, 0, 1],
    [2024, 1, 15.7, 15],
    [2024, 1, Number.NaN, 1],
  ])('clampDay(%i, %i, %d) is %i', (y, m, d, expected) => {
    expect(clampDay(y, m, d)).toBe(expected);
  });
});

describe('picker ranges (spec §9: years 1900–2099, hours 0–23, minutes 0–59)', () => {
  it('years default to 1900–2099', () => {
    const years = yearRange();
    expect([years[0], years.at(-1), years.length]).toEqual([1900, 2099, 200]);
  });

  it('limits replace each default bound', () => {
    expect([yearRange(2000)[0], yearRange(2000).at(-1)]).toEqual([2000, 2099]);
    expect([yearRange(undefined, 2010)[0], yearRange(undefined, 2010).at(-1)]).toEqual([1900, 2010]);
    expect(yearRange(2024, 2024)).toEqual([2024]);
  });

  it('is every year from min to max, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 3000 }), fc.nat(300), (min, span) => {
        const years = yearRange(min, min + span);
        return years.length === span + 1 && years.every((y, i) => y === min + i);
      }),
    );
  });

  it('rejects inverted or fractional limits', () => {
    expect(() => yearRange(2010, 2000)).toThrow(RangeError);
    expect(() => yearRange(2000.5)).toThrow(RangeError);
  });

  it('hours are 0–23 and minutes 0–59', () => {
    expect(hourRange()).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(minuteRange()).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });
});

describe('pickerColumns', () => {
  it('has the five picker types', () => {
    expect(PICKER_TYPES).toEqual(['date', 'year-month', 'year', 'datetime', 'time']);
  });

  it.each([
    ['date', [200, 12, 29]],
    ['year-month', [200, 12]],
    ['year', [200]],
    ['datetime', [200, 12, 29, 24, 60]],
    ['time', [24, 60]],
  ] as const)('%s shows columns of sizes %j (for February 2024)', (type, sizes) => {
    const columns = pickerColumns(type, { year: 2024, month: 2, day: 10, hour: 8, minute: 5 });
    expect(columns.map((c) => c.length)).toEqual(sizes);
  });

  it('days follow the selected year and month, as Date says', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2099 }), month, (y, m) => {
        const days = pickerColumns('date', { year: y, month: m })[2];
        return days.length === dateDaysInMonth(y, m) && days.every((o, i) => o.value === i + 1);
      }),
    );
  });

  it('labels are the values, two digits for month, day, hour and minute', () => {
    const [years, months, days, hours, minutes] = pickerColumns('datetime', { year: 2024, month: 2 });
    expect(years[0]).toEqual({ label: '1900', value: 1900 });
    expect(months[1]).toEqual({ label: '02', value: 2 });
    expect(days[8]).toEqual({ label: '09', value: 9 });
    expect(hours[0]).toEqual({ label: '00', value: 0 });
    expect(minutes[59]).toEqual({ label: '59', value: 59 });
  });

  it('year limits narrow the year column, and the day column uses the clamped year', () => {
    const [years, , days] = pickerColumns('date', { year: 2004, month: 2 }, { min: 2001, max: 2003 });
    expect(years.map((o) => o.value)).toEqual([2001, 2002, 2003]);
    expect(days).toHaveLength(28); // 2004 would have 29, but the picker shows 2003
  });
});

describe('normalizePickerValue', () => {
  const anyPart = fc.option(fc.oneof(fc.integer({ min: -3000, max: 5000 }), fc.double()), { nil: undefined });

  it('always gives a real date and time inside the picker ranges', () => {
    fc.assert(
      fc.property(anyPart, anyPart, anyPart, anyPart, anyPart, (y, mo, d, h, mi) => {
        const v = normalizePickerValue({ year: y, month: mo, day: d, hour: h, minute: mi });
        return (
          v.year >= 1900 &&
          v.year <= 2099 &&
          isRealDate(v.year, v.month, v.day) &&
          Number.isInteger(v.hour) &&
          v.hour >= 0 &&
          v.hour <= 23 &&
          Number.isInteger(v.minute) &&
          v.minute >= 0 &&
          v.minute <= 59
        );
      }),
    );
  });

  it('keeps a value that is already valid', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        const value = {
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          hour: date.getUTCHours(),
          minute: date.getUTCMinutes(),
        };
        expect(normalizePickerValue(value)).toEqual(value);
      }),
    );
  });

  it('fills missing parts with the first option', () => {
    expect(normalizePickerValue({})).toEqual({ year: 1900, month: 1, day: 1, hour: 0, minute: 0 });
    expect(normalizePickerValue({}, { min: 2020 })).toMatchObject({ year: 2020 });
  });

  it('clamps 31 February 2023 to the 28th and out-of-range times to the ends', () => {
    expect(normalizePickerValue({ year: 2023, month: 2, day: 31, hour: 30, minute: -5 })).toEqual({
      year: 2023,
      month: 2,
      day: 28,
      hour: 23,
      minute: 0,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
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
} from './china-time.ts';

const at = (iso: string) => Date.parse(iso);

/** Intl's reading of an instant in Asia/Shanghai, 'YYYY-MM-DD HH:mm:ss': the independent reference. */
const shanghai = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const intl = (ms: number) => shanghai.format(ms).replace(', ', ' ');

describe('China time', () => {
  it('turns the day at 16:00 UTC: 15:59:59.999 UTC is still the day, 16:00 UTC the next', () => {
    expect(chinaDay(at('2026-11-25T15:59:59.999Z'))).toBe('2026-11-25');
    expect(chinaDay(at('2026-11-25T16:00:00.000Z'))).toBe('2026-11-26');
    expect(chinaDayNo(at('2026-11-25T16:00:00Z')) - chinaDayNo(at('2026-11-25T15:59:59.999Z'))).toBe(1);
    expect(chinaDayStart('2026-11-26')).toBe(at('2026-11-25T16:00:00Z'));
    expect(chinaDayStartOf(at('2026-11-26T15:59:59.999Z'))).toBe(at('2026-11-25T16:00:00Z'));
    expect(chinaDayStartOf(at('2026-11-25T16:00:00Z'))).toBe(at('2026-11-25T16:00:00Z'));
    expect(msUntilChinaMidnight(at('2026-11-25T15:59:00Z'))).toBe(60_000);
    expect(msUntilChinaMidnight(at('2026-11-25T16:00:00Z'))).toBe(DAY_MS);
  });

  it('crosses month and year ends, leap days included', () => {
    expect(chinaDay(at('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(chinaDay(at('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(chinaDay(at('2028-02-28T16:00:00Z'))).toBe('2028-02-29');
    expect(chinaDay(at('2026-02-28T16:00:00Z'))).toBe('2026-03-01');
    expect(chinaDayStart('2027-01-01')).toBe(at('2026-12-31T16:00:00Z'));
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-12-25', '2027-01-04')).toBe(10);
    expect(chinaMonthRange('2026-12')).toEqual({ from: new Date('2026-11-30T16:00:00Z'), to: new Date('2026-12-31T16:00:00Z') });
    expect(chinaMonthRange('2028-02').to.toISOString()).toBe('2028-02-29T16:00:00.000Z');
  });

  it('writes the wall clock for messages, operators and payment providers', () => {
    const ms = at('2026-03-01T01:30:05.250Z');
    expect(chinaClock(ms)).toBe('09:30');
    expect(chinaMinute(ms)).toBe('2026-03-01 09:30');
    expect(chinaSecond(ms)).toBe('2026-03-01 09:30:05');
    expect(chinaRfc3339(ms)).toBe('2026-03-01T09:30:05+08:00');
    expect(chinaRfc3339(at('2026-12-31T23:00:00Z'))).toBe('2027-01-01T07:00:00+08:00');
  });

  it('places a China day and time, and reads an operator’s time only when it exists', () => {
    expect(chinaAt('2026-03-01', '00:15')).toBe(at('2026-02-28T16:15:00Z'));
    expect(chinaAt('2026-03-01', '9:05')).toBe(at('2026-03-01T01:05:00Z'));
    expect(parseChinaMinute('2026-03-01 00:15')).toBe(at('2026-02-28T16:15:00Z'));
    expect(parseChinaMinute(' 2027-01-01T07:00 ')).toBe(at('2026-12-31T23:00:00Z'));
    expect(parseChinaMinute('2026-02-29 10:00')).toBeNull();
    expect(parseChinaMinute('2026-03-01 24:00')).toBeNull();
    expect(parseChinaMinute('2026-3-1 10:00')).toBeNull();
  });

  it('numbers ISO weeks by their Thursday, across the year end', () => {
    expect(isoWeekOf('2026-11-26')).toEqual({ week: '2026-W48', from: '2026-11-23', to: '2026-11-29' });
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2025-12-29')).toBe('2026-W01');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
  });

  it('agrees with Intl’s Asia/Shanghai on any instant from 1992 to 2099', () => {
    fc.assert(
      fc.property(fc.integer({ min: at('1992-01-01T00:00:00Z'), max: at('2099-12-31T23:59:59Z') }), (ms) => {
        const reference = intl(ms);
        expect(chinaSecond(ms)).toBe(reference);
        expect(chinaDay(ms)).toBe(reference.slice(0, 10));
        expect(chinaDay(chinaDayStartOf(ms))).toBe(chinaDay(ms));
        expect(intl(chinaDayStartOf(ms)).slice(11)).toBe('00:00:00');
        expect(chinaDayStart(chinaDay(ms))).toBe(chinaDayStartOf(ms));
      }),
    );
  });
});

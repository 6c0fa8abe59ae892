// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHINA_TIME_ZONE, chinaDay, chinaDayIndex, chinaParts } from './china-time';
import { shortTime } from './format';

const at = (iso: string) => Date.parse(iso);

describe('China time', () => {
  it('turns the day at 16:00 UTC (midnight in Beijing)', () => {
    expect(chinaDay(at('2026-11-25T15:59:59.999Z'))).toBe('2026-11-25');
    expect(chinaDay(at('2026-11-25T16:00:00.000Z'))).toBe('2026-11-26');
    expect(chinaParts(at('2026-11-25T16:00:00Z'))).toEqual({ y: 2026, m: 11, d: 26, wd: 4, hh: 0, mm: 0, ss: 0 });
    expect(chinaDayIndex(at('2026-11-25T16:00:00Z')) - chinaDayIndex(at('2026-11-25T15:59:59Z'))).toBe(1);
    expect(chinaDayIndex(at('2026-11-25T16:00:00Z'))).toBe(chinaDayIndex(at('2026-11-26T15:59:59Z')));
  });

  it('crosses the month and the year end, and 29 February', () => {
    expect(chinaDay(at('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
    expect(chinaParts(at('2026-12-31T16:30:05Z'))).toEqual({ y: 2027, m: 1, d: 1, wd: 5, hh: 0, mm: 30, ss: 5 });
    expect(chinaDay(at('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(chinaDay(at('2028-02-28T16:00:00Z'))).toBe('2028-02-29');
    expect(chinaDay(at('2028-02-29T16:00:00Z'))).toBe('2028-03-01');
  });

  it('agrees with Intl in Asia/Shanghai over a year, hour by hour (no daylight saving)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: CHINA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    for (let ms = at('2026-01-01T00:00:00Z'); ms < at('2027-01-01T00:00:00Z'); ms += 3_600_000) {
      const p = Object.fromEntries(intl.formatToParts(ms).map((x) => [x.type, x.value]));
      expect(`${chinaDay(ms)} ${String(chinaParts(ms).hh).padStart(2, '0')}`).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}`);
    }
  });

  it("a list's time says 昨天 and the year by China days, not the device's", () => {
    const now = at('2027-01-01T01:00:00Z'); // 09:00 on 1 January in Beijing
    expect(shortTime('2026-12-31T16:05:00Z', now)).toBe('00:05');
    expect(shortTime('2026-12-31T15:55:00Z', now)).toBe('昨天 23:55');
    expect(shortTime('2026-12-30T15:55:00Z', now)).toBe('2026年12月30日');
  });
});

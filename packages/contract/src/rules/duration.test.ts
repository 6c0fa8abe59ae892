import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { formatDuration, OVERTIME_AFTER_SECONDS } from './duration.ts';

/** Reads 'mm:ss' or 'hh:mm:ss' back into seconds. */
const parse = (shown: string): number => shown.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe('formatDuration (spec §5: mm:ss, hh:mm:ss from an hour, 超时 beyond 24 hours)', () => {
  const upTo24h = fc.double({ min: 0, max: OVERTIME_AFTER_SECONDS, noNaN: true });

  it('round-trips to the whole seconds up to and including 24 hours', () => {
    fc.assert(fc.property(upTo24h, (s) => parse(formatDuration(s)) === Math.floor(s)));
  });

  it('shows mm:ss under an hour and hh:mm:ss from one hour, every field two digits below 60', () => {
    fc.assert(
      fc.property(upTo24h, (s) => {
        const shown = formatDuration(s);
        const fields = shown.split(':').map(Number);
        const shape = s < 3600 ? /^\d\d:\d\d$/ : /^\d\d:\d\d:\d\d$/;
        return shape.test(shown) && fields.slice(1).every((f) => f < 60);
      }),
    );
  });

  it('never goes backwards as time passes', () => {
    fc.assert(
      fc.property(upTo24h, upTo24h, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return parse(formatDuration(lo)) <= parse(formatDuration(hi));
      }),
    );
  });

  it('shows 超时 from 24 h + 1 s on', () => {
    fc.assert(fc.property(fc.double({ min: OVERTIME_AFTER_SECONDS + 1, noNaN: true }), (s) => formatDuration(s) === MSG.overtime));
  });

  it('shows 00:00 for any negative value', () => {
    fc.assert(fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), (s) => formatDuration(s) === '00:00'));
  });

  it.each([
    [0, '00:00'],
    [0.999, '00:00'],
    [59, '00:59'],
    [59.999, '00:59'],
    [60, '01:00'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [3661, '01:01:01'],
    [36_000, '10:00:00'],
    [86_399, '23:59:59'],
    [86_400, '24:00:00'], // exactly 24 hours is not "beyond"
    [86_400.9, '24:00:00'], // still 86 400 whole seconds
    [86_401, '超时'],
    [Infinity, '超时'],
    [-1, '00:00'],
    [-0.5, '00:00'],
    [-Infinity, '00:00'],
    [Number.NaN, '00:00'],
  ])('formatDuration(%d) is %j', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

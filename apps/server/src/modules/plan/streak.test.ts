import { STREAK_FREEZE_MAX } from '@kaoshi/contract';
import { describe, expect, it } from 'vitest';
import { addDays, chinaDay, chinaDayStart, daysBetween, isoWeekOf } from '../../platform/china-time.ts';
import { streakOf, type StreakDay } from './streak.ts';

const at = (iso: string) => Date.parse(iso);

/** A planned day of `minutes`, with tasks done at given instants: only work done on that China day counts for it. */
const day = (date: string, minutes: number, done: { minutes: number; at: string }[] = [], reviewDoneAt?: string): StreakDay => ({
  date,
  minutes,
  doneMinutes: done.filter((d) => chinaDay(at(d.at)) === date).reduce((s, d) => s + d.minutes, 0),
  reviewCleared: reviewDoneAt !== undefined && chinaDay(at(reviewDoneAt)) === date,
});

/** A day fully done (at noon Shanghai), optionally clearing its review. */
const full = (date: string, review = false) => day(date, 60, [{ minutes: 60, at: `${date}T12:00:00+08:00` }], review ? `${date}T12:30:00+08:00` : undefined);
const idle = (date: string) => day(date, 60);

describe('China days', () => {
  it('puts an instant on its Shanghai day: 23:59 +08:00 the same day, 00:01 +08:00 the next', () => {
    expect(chinaDay(at('2026-11-25T23:59:00+08:00'))).toBe('2026-11-25');
    expect(chinaDay(at('2026-11-26T00:01:00+08:00'))).toBe('2026-11-26');
    expect(chinaDay(at('2026-11-25T16:30:00Z'))).toBe('2026-11-26');
    expect(chinaDayStart('2026-11-26')).toBe(at('2026-11-26T00:00:00+08:00'));
    expect(chinaDay(chinaDayStart('2026-11-26'))).toBe('2026-11-26');
    expect(chinaDay(chinaDayStart('2026-11-26') - 1)).toBe('2026-11-25');
  });

  it('adds and counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-26', '2027-11-26')).toBe(365);
    expect(daysBetween('2026-11-26', '2026-11-20')).toBe(-6);
  });

  it('finds the ISO week, Monday to Sunday', () => {
    expect(isoWeekOf('2026-11-26')).toEqual({ week: '2026-W48', from: '2026-11-23', to: '2026-11-29' });
    expect(isoWeekOf('2026-11-23').from).toBe('2026-11-23');
    expect(isoWeekOf('2026-11-29').from).toBe('2026-11-23');
    expect(isoWeekOf('2027-01-01')).toEqual({ week: '2026-W53', from: '2026-12-28', to: '2027-01-03' });
    expect(isoWeekOf('2027-01-04').week).toBe('2027-W01');
  });
});

describe('streakOf', () => {
  const today = '2026-11-26';

  it('counts work done at 23:59 Shanghai for that day, and at 00:01 for the next', () => {
    const late = streakOf([day('2026-11-25', 60, [{ minutes: 60, at: '2026-11-25T23:59:00+08:00' }])], today);
    expect(late.states.get('2026-11-25')).toBe('counted');
    expect(late.days).toBe(1);
    // the same work a minute after midnight belongs to the 26th: the 25th is missed
    const tooLate = streakOf([day('2026-11-25', 60, [{ minutes: 60, at: '2026-11-26T00:01:00+08:00' }])], today);
    expect(tooLate.states.get('2026-11-25')).toBe('missed');
    expect(tooLate.days).toBe(0);
    // 23:59 Shanghai is 15:59 UTC: the UTC date would be wrong a few hours earlier, not here
    expect(streakOf([day('2026-11-25', 60, [{ minutes: 60, at: '2026-11-25T15:59:00Z' }])], today).days).toBe(1);
  });

  it('counts a day at 80 % of its minutes, not below', () => {
    expect(streakOf([day('2026-11-25', 50, [{ minutes: 40, at: '2026-11-25T10:00:00+08:00' }])], today).days).toBe(1);
    expect(streakOf([day('2026-11-25', 50, [{ minutes: 39, at: '2026-11-25T10:00:00+08:00' }])], today).days).toBe(0);
  });

  it('runs over consecutive counted days and includes today only once it counts', () => {
    const past = [full('2026-11-23'), full('2026-11-24'), full('2026-11-25')];
    const notYet = streakOf([...past, day(today, 60, [{ minutes: 20, at: `${today}T09:00:00+08:00` }])], today);
    expect(notYet).toMatchObject({ days: 3, best: 3, todayCounted: false });
    expect(notYet.states.get(today)).toBe('today');
    const counted = streakOf([...past, day(today, 60, [{ minutes: 50, at: `${today}T21:00:00+08:00` }])], today);
    expect(counted).toMatchObject({ days: 4, best: 4, todayCounted: true });
    expect(counted.states.get(today)).toBe('today');
  });

  it('breaks on a missed day without a freeze, and keeps the best', () => {
    const s = streakOf([full('2026-11-19'), full('2026-11-20'), full('2026-11-21'), idle('2026-11-22'), full('2026-11-23'), full('2026-11-24')], today);
    expect(s).toMatchObject({ days: 2, best: 3, freezes: 0 });
    expect(s.states.get('2026-11-22')).toBe('missed');
  });

  it('lets days without tasks neither count nor break', () => {
    const s = streakOf([full('2026-11-20'), day('2026-11-21', 0), full('2026-11-23'), full('2026-11-25')], today);
    expect(s.days).toBe(3);
    expect(s.states.has('2026-11-21')).toBe(false);
    expect(s.states.has('2026-11-22')).toBe(false);
  });

  it('earns a freeze by clearing a day’s review and spends it on a missed day, which shows as frozen', () => {
    const s = streakOf([full('2026-11-22', true), full('2026-11-23'), idle('2026-11-24'), full('2026-11-25')], today);
    expect(s.states.get('2026-11-24')).toBe('frozen');
    expect(s).toMatchObject({ days: 3, best: 3, freezes: 0 });
  });

  it('holds at most two freezes; a third missed day in a row breaks the streak', () => {
    const earned = [full('2026-11-15', true), full('2026-11-16', true), full('2026-11-17', true)];
    expect(streakOf(earned, today).freezes).toBe(STREAK_FREEZE_MAX);
    const s = streakOf([...earned, idle('2026-11-18'), idle('2026-11-19'), idle('2026-11-20'), full('2026-11-21')], today);
    expect(['2026-11-18', '2026-11-19', '2026-11-20'].map((d) => s.states.get(d))).toEqual(['frozen', 'frozen', 'missed']);
    expect(s).toMatchObject({ days: 1, best: 3, freezes: 0 });
  });

  it('does not let a missed day be covered by its own review, nor spend freezes with no streak running', () => {
    const own = streakOf([full('2026-11-23'), day('2026-11-24', 60, [], '2026-11-24T20:00:00+08:00')], today);
    expect(own.states.get('2026-11-24')).toBe('missed');
    expect(own.freezes).toBe(1);
    const none = streakOf([idle('2026-11-23'), full('2026-11-24', true), full('2026-11-25')], today);
    expect(none.states.get('2026-11-23')).toBe('missed');
    expect(none.freezes).toBe(1);
  });

  it('needs the review cleared on its own day: a review done after midnight earns nothing', () => {
    const s = streakOf([day('2026-11-24', 60, [{ minutes: 60, at: '2026-11-24T12:00:00+08:00' }], '2026-11-25T00:01:00+08:00')], today);
    expect(s.freezes).toBe(0);
    expect(streakOf([full('2026-11-25'), day(today, 60, [], `${today}T08:00:00+08:00`)], today).freezes).toBe(1);
  });

  it('marks later days coming and keeps them out of the count', () => {
    const s = streakOf([full('2026-11-25'), full(today), full('2026-11-27'), idle('2026-11-28')], today);
    expect(s.states.get('2026-11-27')).toBe('coming');
    expect(s.states.get('2026-11-28')).toBe('coming');
    expect(s.days).toBe(2);
  });

  it('answers an empty streak for no days', () => {
    const s = streakOf([], today);
    expect(s).toMatchObject({ days: 0, best: 0, freezes: 0, todayCounted: false });
    expect(s.states.size).toBe(0);
  });
});

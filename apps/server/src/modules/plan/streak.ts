import { STREAK_DAY_SHARE, STREAK_FREEZE_MAX } from '@kaoshi/contract';

/** The study streak (docs/plan.md "Streaks"). Pure: the service measures each day and passes it in. */

export interface StreakDay {
  /** China day 'YYYY-MM-DD'. */
  date: string;
  /** Planned minutes of the day's tasks (skipped ones left out). */
  minutes: number;
  /** Minutes of the day's tasks whose done_at fell on that China day. */
  doneMinutes: number;
  /** The day's review task was done that day. */
  reviewCleared: boolean;
}

export type StreakState = 'counted' | 'frozen' | 'missed' | 'today' | 'coming';

export interface Streak {
  /** Consecutive counted days up to today (today included once it counts, else up to yesterday). */
  days: number;
  best: number;
  /** Freezes held now (0..STREAK_FREEZE_MAX). */
  freezes: number;
  todayCounted: boolean;
  /** The state of each day with planned minutes (days without are left out: they neither count nor break). */
  states: Map<string, StreakState>;
}

const counts = (d: StreakDay) => d.doneMinutes >= STREAK_DAY_SHARE * d.minutes;

/**
 * Walks the days with planned minutes in date order. A past day counts when STREAK_DAY_SHARE of its minutes were
 * done that day; one missed while a streak runs spends a freeze when one is held (`frozen`: the streak goes on
 * without growing), else breaks it (`missed`). Clearing a day's review earns a freeze at the end of that day
 * (at most STREAK_FREEZE_MAX held), so a day cannot be covered by its own freeze. Today counts once it reaches
 * the share and never breaks the streak; its cleared review earns its freeze at once.
 */
export const streakOf = (days: readonly StreakDay[], today: string): Streak => {
  const states = new Map<string, StreakState>();
  let run = 0;
  let best = 0;
  let freezes = 0;
  let todayCounted = false;
  const earn = (d: StreakDay) => {
    if (d.reviewCleared) freezes = Math.min(STREAK_FREEZE_MAX, freezes + 1);
  };
  const sorted = days.filter((d) => d.minutes > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const d of sorted) {
    if (d.date > today) {
      states.set(d.date, 'coming');
      continue;
    }
    if (d.date === today) {
      states.set(d.date, 'today');
      todayCounted = counts(d);
      if (todayCounted) run += 1;
    } else if (counts(d)) {
      states.set(d.date, 'counted');
      run += 1;
    } else if (run > 0 && freezes > 0) {
      states.set(d.date, 'frozen');
      freezes -= 1;
    } else {
      states.set(d.date, 'missed');
      run = 0;
    }
    best = Math.max(best, run);
    earn(d);
  }
  return { days: run, best, freezes, todayCounted, states };
};

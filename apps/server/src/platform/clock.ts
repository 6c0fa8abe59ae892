/** Milliseconds since the epoch. Injected everywhere time matters so that tests can move it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Whole minutes until `resetAt`, at least 1: for '请在X分钟后重试'. */
export const minutesUntil = (resetAt: number, now: number): number => Math.max(1, Math.ceil((resetAt - now) / 60_000));

/** Milliseconds until the next midnight in China (UTC+8): daily limits reset then. */
export const msUntilChinaMidnight = (now: number): number => {
  const day = 24 * 3600_000;
  const offset = 8 * 3600_000;
  return day - ((now + offset) % day);
};

/** The China calendar date of `now`, e.g. '2026-03-01': part of daily rate-limit keys. */
export const chinaDate = (now: number): string => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

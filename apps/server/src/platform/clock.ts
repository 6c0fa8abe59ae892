/** Milliseconds since the epoch. Injected everywhere time matters so that tests can move it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Whole minutes until `resetAt`, at least 1: for '请在X分钟后重试'. */
export const minutesUntil = (resetAt: number, now: number): number => Math.max(1, Math.ceil((resetAt - now) / 60_000));

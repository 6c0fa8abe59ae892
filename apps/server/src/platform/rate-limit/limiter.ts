/** A fixed window: `count` hits since the window opened; it closes at `resetAt` (ms since epoch). */
export interface RateWindow {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters shared by every server instance. A window opens at the first hit of a key and
 * lasts `windowMs`; a hit after it closed opens a new one. Implementations: database (default) and Redis.
 */
export interface RateLimiter {
  /** Count one hit; returns the window after the hit. Atomic across instances. */
  hit(key: string, windowMs: number): Promise<RateWindow>;
  /** The open window of `key` without counting (count 0 when none is open). */
  peek(key: string): Promise<RateWindow>;
  /** Give back one hit of the open window (a reservation that turned out not to count); never below 0. */
  release(key: string): Promise<void>;
  /** Forget `key` (e.g. failed logins after a successful one). */
  reset(key: string): Promise<void>;
}

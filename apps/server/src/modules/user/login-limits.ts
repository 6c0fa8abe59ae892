import { LOGIN_LIMIT, MSG } from '@kaoshi/contract';
import { minutesUntil, type Clock } from '../../platform/clock.ts';
import { badInput, tooMany } from '../../platform/errors.ts';
import { limitIp } from '../../platform/rate-limit/ip-key.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';

/** checkUser (and sendcode refusals that reveal an account) per IP per minute. */
export const EXISTENCE_PROBES_PER_MINUTE = 30;

/**
 * Code-proven account changes (freeFegist, restorePassword, bindPhone, changePasswordnew): attempts per IP and per
 * phone in a window, each call counted whatever its outcome (docs/accounts.md, 'What each call reveals').
 */
export const ACCOUNT_CHANGE_LIMIT = { perIp: 30, perPhone: 10, windowMs: 15 * 60_000 } as const;

export const LOCK_MSG = {
  locked: (minutes: number) => `密码错误次数过多，请在${minutes}分钟后重试`,
  ipLocked: (minutes: number) => `登录失败次数过多，请在${minutes}分钟后重试`,
} as const;

export const accountKey = (name: string | number) => `login:fail:acct:${name}`;
const ipKey = (ip: string) => `login:fail:ip:${limitIp(ip)}`;

/**
 * Count one probe of account existence (checkUser, and sendcode refusals that reveal an account)
 * for an IP; refuse past EXISTENCE_PROBES_PER_MINUTE.
 */
export const existenceProbeLimit =
  (limiter: RateLimiter) =>
  async (ip: string): Promise<void> => {
    const w = await limiter.hit(`probe:ip:${limitIp(ip)}`, 60_000);
    if (w.count > EXISTENCE_PROBES_PER_MINUTE) throw tooMany(MSG.tooOften);
  };

/** The login limits of docs/accounts.md: password checks per account and IP, code-proven changes per IP and phone. */
export function createLoginLimits(limiter: RateLimiter, clock: Clock) {
  return {
    /**
     * Reserve one password check on the account's and the IP's failure counters before argon2 runs (atomic
     * increments), so that at most LOGIN_LIMIT.perAccount wrong passwords are ever checked per account per
     * window, however many arrive at once. Over a limit the reservation is given back and the attempt refused
     * unchecked. Answers what to do with the outcome: a right password clears the account's failures and gives
     * back the IP's reservation; a wrong one stays counted (the lock message once the account reaches the limit).
     */
    async reservePasswordCheck(account: string | number, ip: string) {
      const [acct, byIp] = await Promise.all([limiter.hit(accountKey(account), LOGIN_LIMIT.windowMs), limiter.hit(ipKey(ip), LOGIN_LIMIT.windowMs)]);
      if (acct.count > LOGIN_LIMIT.perAccount || byIp.count > LOGIN_LIMIT.perIp) {
        await Promise.all([limiter.release(accountKey(account)), limiter.release(ipKey(ip))]);
        if (acct.count > LOGIN_LIMIT.perAccount) throw tooMany(LOCK_MSG.locked(minutesUntil(acct.resetAt, clock())));
        throw tooMany(LOCK_MSG.ipLocked(minutesUntil(byIp.resetAt, clock())));
      }
      return {
        async right() {
          await Promise.all([limiter.reset(accountKey(account)), limiter.release(ipKey(ip))]);
        },
        wrong(msg: string): never {
          if (acct.count >= LOGIN_LIMIT.perAccount) throw tooMany(LOCK_MSG.locked(minutesUntil(acct.resetAt, clock())));
          throw badInput(msg);
        },
      };
    },

    /** Count one code-proven account change for the IP and the phone; refuse past ACCOUNT_CHANGE_LIMIT. */
    async limitAccountChange(op: string, phone: string, ip: string) {
      const [byIp, byPhone] = await Promise.all([
        limiter.hit(`acct:${op}:ip:${limitIp(ip)}`, ACCOUNT_CHANGE_LIMIT.windowMs),
        limiter.hit(`acct:${op}:phone:${phone}`, ACCOUNT_CHANGE_LIMIT.windowMs),
      ]);
      if (byIp.count > ACCOUNT_CHANGE_LIMIT.perIp || byPhone.count > ACCOUNT_CHANGE_LIMIT.perPhone) throw tooMany(MSG.tooOften);
    },

    /** A new password clears the account's failure count. */
    clearFailures: (userId: number) => limiter.reset(accountKey(userId)),
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;

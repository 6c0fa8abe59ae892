import { SMS, type SmsOp } from '@kaoshi/contract';
import { chinaDay, msUntilChinaMidnight } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomDigits, sameHex, sha256Hex } from '../../platform/crypto.ts';
import { badInput, tooMany } from '../../platform/errors.ts';
import { limitIp } from '../../platform/rate-limit/ip-key.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import type { Captchas } from './captcha.ts';
import type { SmsCodeStore } from './store.ts';

export const SMS_MSG = {
  tooFrequent: (seconds: number) => `发送过于频繁，请${seconds}秒后再试`,
  dailyLimit: '今日发送次数已达上限',
  phoneRegistered: '该手机号已注册，请直接登录',
  phoneUnknown: '该手机号尚未注册',
  phoneBound: '该手机号已被其他账号使用',
  expired: '验证码已失效，请重新获取',
  wrong: '验证码错误',
  tooManyGuesses: '验证码错误次数过多，请重新获取',
} as const;

export interface SmsCodeDeps {
  store: SmsCodeStore;
  limiter: RateLimiter;
  sms: SmsProvider;
  clock: Clock;
  /** Whether an account uses this phone (as phone or user name): register and bind need it free. */
  phoneTaken(phone: string): Promise<boolean>;
  /** Whether an account is bound to this phone: a reset code is only worth sending then. */
  phoneBound(phone: string): Promise<boolean>;
  /** Count a lookup that reveals whether an account exists (shared per-IP limit with checkUser). */
  countExistenceProbe(ip: string): Promise<void>;
  /** Picture challenges for an IP past its burst (captcha.ts). */
  captchas: Captchas;
}

const codeHash = (phone: string, op: string, code: string) => sha256Hex(`${phone}:${op}:${code}`);

/**
 * SMS verification codes: 6 digits from a secure RNG, stored hashed, valid 5 minutes, single use,
 * dead after 5 wrong guesses; per phone at most 1 send per 60 s and 10 per China calendar day. Per IP
 * (many learners share a hospital's or a school's network): SMS.ipBurst sends per 10 minutes freely,
 * then each send needs a picture challenge, up to SMS.ipPerDay a day.
 */
export function createSmsCodeService(deps: SmsCodeDeps) {
  const { store, limiter, clock } = deps;

  async function checkOp(phone: string, op: SmsOp, ip: string) {
    if (op === 'login') return;
    const problem =
      op === 'reset' || op === 'cancel'
        ? (await deps.phoneBound(phone))
          ? undefined
          : SMS_MSG.phoneUnknown
        : (await deps.phoneTaken(phone))
          ? op === 'register'
            ? SMS_MSG.phoneRegistered
            : SMS_MSG.phoneBound
          : undefined;
    if (problem) {
      await deps.countExistenceProbe(ip);
      throw badInput(problem);
    }
  }

  return {
    /**
     * Send a new code; returns seconds until it expires and until another may be sent. `agentCode`: the learner's
     * agent, whose own sign name and template the provider uses where it has them.
     */
    async send(phone: string, op: SmsOp, ip: string, captcha: { id?: string; answer?: string } = {}, agentCode?: string): Promise<{ expiresIn: number; resendAfter: number }> {
      const now = clock();
      const day = chinaDay(now);
      const limits = [
        { key: `sms:min:phone:${phone}`, windowMs: SMS.resendAfterMs, max: 1 },
        { key: `sms:day:phone:${phone}:${day}`, windowMs: msUntilChinaMidnight(now), max: SMS.perDay },
        { key: `sms:day:ip:${limitIp(ip)}:${day}`, windowMs: msUntilChinaMidnight(now), max: SMS.ipPerDay },
      ];
      const burst = `sms:burst:ip:${limitIp(ip)}`;
      const refuse = (max: number, w: { resetAt: number }) =>
        max === 1 ? tooMany(SMS_MSG.tooFrequent(Math.max(1, Math.ceil((w.resetAt - clock()) / 1000)))) : tooMany(SMS_MSG.dailyLimit);

      // Refuse without counting when a window is already full; then count (atomically) and re-check for races.
      const open = await Promise.all(limits.map((l) => limiter.peek(l.key)));
      limits.forEach((l, i) => {
        if (open[i].count >= l.max) throw refuse(l.max, open[i]);
      });
      // Past the IP's burst: a person answers a picture challenge (used up, right or wrong).
      if ((await limiter.peek(burst)).count >= SMS.ipBurst) await deps.captchas.check(captcha.id, captcha.answer);
      await checkOp(phone, op, ip);
      await limiter.hit(burst, SMS.ipBurstWindowMs);
      const hits = await Promise.all(limits.map((l) => limiter.hit(l.key, l.windowMs)));
      limits.forEach((l, i) => {
        if (hits[i].count > l.max) throw refuse(l.max, hits[i]);
      });

      const code = randomDigits(SMS.digits);
      const id = await store.insert({
        phone,
        op,
        codeHash: codeHash(phone, op, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + SMS.validMs),
        ip,
      });
      try {
        await deps.sms.send({ phone, op, code, ...(agentCode && { agentCode }) });
      } catch (err) {
        // The text never went out: the code is dropped and the hits counted above are given back, so a refusal
        // does not use up the learner's limits. The hits were taken (atomically) before the send, so a burst
        // of parallel sends is still held to the limits; only a failed one returns its own hits.
        await store.remove(id);
        await Promise.all([...limits.map((l) => limiter.release(l.key)), limiter.release(burst)]);
        throw err;
      }
      return { expiresIn: SMS.validMs / 1000, resendAfter: SMS.resendAfterMs / 1000 };
    },

    /**
     * Check the latest code of a phone for a purpose. A wrong guess counts against the code; `consume`
     * uses the code up (every call that acts on a code consumes it; checkcode only looks).
     */
    async verify(phone: string, op: SmsOp, code: string, opts: { consume: boolean }): Promise<void> {
      const row = await store.latestUnused(phone, op);
      if (!row || row.expiresAt.getTime() <= clock()) throw badInput(SMS_MSG.expired);
      const counted = await store.reserveGuess(row.id, SMS.maxWrongGuesses);
      if (counted === undefined) throw badInput(SMS_MSG.tooManyGuesses);
      if (!sameHex(codeHash(phone, op, code), row.codeHash)) {
        throw badInput(counted >= SMS.maxWrongGuesses ? SMS_MSG.tooManyGuesses : SMS_MSG.wrong);
      }
      await store.releaseGuess(row.id);
      if (opts.consume && !(await store.markUsed(row.id, new Date(clock())))) throw badInput(SMS_MSG.expired);
    },

    purge: () => store.purge(new Date(clock() - 24 * 3600_000)),
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

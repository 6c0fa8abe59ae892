import { CAPTCHA_MSG, SMS } from '@kaoshi/contract';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../../platform/clock.ts';
import { newToken, sameHex, sha256Hex } from '../../platform/crypto.ts';
import { AppError, tooMany } from '../../platform/errors.ts';
import { limitIp } from '../../platform/rate-limit/ip-key.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { SmsCodeStore } from './store.ts';

/** A refusal that the client answers with a picture challenge: `data: { captcha: true }`. */
const needsCaptcha = (status: number, msg: string) => new AppError(status, msg, { captcha: true });

const answerHash = (id: string, answer: string) => sha256Hex(`${id}:${answer.trim().toLowerCase()}`);

/**
 * Picture challenges (图形验证码, svg-captcha: four characters drawn as paths with noise lines) for an IP
 * that sends many SMS codes: only the answer's hash is stored, a challenge is answered once (right or
 * wrong) within SMS.captchaValidMs, and one IP may ask for SMS.captchasPerWindow per burst window.
 * Under NODE_ENV=test the last answers are kept for the GET /__test__/captcha hook.
 */
export function createCaptchas(deps: { store: SmsCodeStore; limiter: RateLimiter; clock: Clock; keepAnswers: boolean }) {
  const { store, limiter, clock } = deps;
  const answers = deps.keepAnswers ? new Map<string, string>() : undefined;

  return {
    async create(ip: string): Promise<{ captchaId: string; image: string; expiresIn: number }> {
      const w = await limiter.hit(`captcha:new:ip:${limitIp(ip)}`, SMS.ipBurstWindowMs);
      if (w.count > SMS.captchasPerWindow) throw tooMany(CAPTCHA_MSG.tooMany);
      // No 0/o/1/l/i: characters a learner can tell apart on a phone.
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0o1ilI', color: true, width: 132, height: 48, fontSize: 46 });
      const id = newToken().slice(0, 32);
      const now = clock();
      await store.insertCaptcha({ id, answerHash: answerHash(id, c.text), ip, createdAt: new Date(now), expiresAt: new Date(now + SMS.captchaValidMs) });
      answers?.set(id, c.text);
      return { captchaId: id, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, expiresIn: SMS.captchaValidMs / 1000 };
    },

    /** Uses the challenge up and checks the answer: refuses (asking for a new one) when absent, used, late or wrong. */
    async check(captchaId: string | undefined, answer: string | undefined): Promise<void> {
      if (!captchaId || !answer) throw needsCaptcha(429, CAPTCHA_MSG.needed);
      const row = await store.useCaptcha(captchaId, new Date(clock()));
      if (!row) throw needsCaptcha(400, CAPTCHA_MSG.expired);
      if (!sameHex(answerHash(captchaId, answer), row.answerHash)) throw needsCaptcha(400, CAPTCHA_MSG.wrong);
    },

    lastAnswer: (captchaId: string) => answers?.get(captchaId),
  };
}

export type Captchas = ReturnType<typeof createCaptchas>;

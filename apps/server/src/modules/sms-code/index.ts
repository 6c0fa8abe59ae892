import { HOUR, serverModule, type Platform } from '../../platform/module.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import { smsCodeRoutes } from './routes.ts';
import { createSmsCodeService, type SmsCodeDeps, type SmsCodeService } from './service.ts';
import { createSmsCodeStore } from './store.ts';
import { createCaptchas } from './captcha.ts';
import type { FastifyInstance } from 'fastify';

export type { SmsCodeService };
export { forgetCodesOf } from './erase.ts';

/** SMS verification codes. Whether a phone has an account is asked of the accounts module (modules/user). */
export function createSmsCodeModule(p: Platform, deps: Pick<SmsCodeDeps, 'phoneTaken' | 'phoneBound' | 'countExistenceProbe'> & { sms: SmsProvider }) {
  const store = createSmsCodeStore(p.db);
  const testHooks = p.config.NODE_ENV === 'test';
  const captchas = createCaptchas({ store, limiter: p.limiter, clock: p.clock, keepAnswers: testHooks });
  const codes = createSmsCodeService({ ...deps, store, captchas, limiter: p.limiter, clock: p.clock });
  return serverModule({
    name: 'sms-code',
    handlers: smsCodeRoutes(codes, captchas),
    jobs: [{ name: 'SMS code purge', everyMs: HOUR, atReady: true, run: codes.purge }],
    // Test-only hook: the answer of a picture challenge. Exists only under NODE_ENV=test.
    install: testHooks
      ? (app: FastifyInstance) => {
          app.get('/__test__/captcha', async (request) => {
            const answer = captchas.lastAnswer(String((request.query as Record<string, unknown>).captchaId ?? ''));
            return answer ? { status: 200, msg: '', data: { answer } } : { status: 404, msg: 'no such challenge', data: null };
          });
        }
      : undefined,
    codes,
  });
}

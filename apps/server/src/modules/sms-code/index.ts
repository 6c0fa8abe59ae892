import { HOUR, serverModule, type Platform } from '../../platform/module.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import { smsCodeRoutes } from './routes.ts';
import { createSmsCodeService, type SmsCodeDeps, type SmsCodeService } from './service.ts';
import { createSmsCodeStore } from './store.ts';

export type { SmsCodeService };

/** SMS verification codes. Whether a phone has an account is asked of the accounts module (modules/user). */
export function createSmsCodeModule(p: Platform, deps: Pick<SmsCodeDeps, 'phoneTaken' | 'phoneBound' | 'countExistenceProbe'> & { sms: SmsProvider }) {
  const codes = createSmsCodeService({ ...deps, store: createSmsCodeStore(p.db), limiter: p.limiter, clock: p.clock });
  return serverModule({
    name: 'sms-code',
    handlers: smsCodeRoutes(codes),
    jobs: [{ name: 'SMS code purge', everyMs: HOUR, atReady: true, run: codes.purge }],
    codes,
  });
}

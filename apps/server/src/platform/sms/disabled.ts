import { unavailable } from '../errors.ts';
import type { SmsProvider } from './provider.ts';

/** Learner-facing text when no SMS provider is configured. */
export const SMS_UNAVAILABLE = '短信服务暂不可用，请使用密码登录';

/**
 * SMS_PROVIDER=disabled: no codes are sent (and none are logged). Lets an operator run in production
 * before a real provider is wired in; every send is refused with a clear Chinese message.
 */
export function createDisabledSmsProvider(): SmsProvider {
  return {
    name: 'disabled',
    async send() {
      throw unavailable(SMS_UNAVAILABLE);
    },
  };
}

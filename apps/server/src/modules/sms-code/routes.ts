import { captchaNew, checkcode, sendcode } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { Captchas } from './captcha.ts';
import type { SmsCodeService } from './service.ts';

export const smsCodeRoutes = (codes: SmsCodeService, captchas: Captchas) => [
  handle(sendcode, async ({ input, ip }) => codes.send(input.phone, input.op, ip, { id: input.captchaId, answer: input.validate })),
  handle(captchaNew, async ({ ip }) => captchas.create(ip)),
  handle(checkcode, async ({ input }) => {
    await codes.verify(input.phone, input.op, input.code, { consume: false });
    return { valid: true as const };
  }),
];

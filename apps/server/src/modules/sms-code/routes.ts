import { captchaNew, checkcode, sendcode } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { Captchas } from './captcha.ts';
import type { SmsCodeService } from './service.ts';

export const smsCodeRoutes = (codes: SmsCodeService, captchas: Captchas) => [
  // The sign name and template are the agent's of the site the learner is on (agentCode, else the Host's).
  handle(sendcode, async ({ input, ip, tenant }) => codes.send(input.phone, input.op, ip, { id: input.captchaId, answer: input.validate }, (await tenant()).code)),
  handle(captchaNew, async ({ ip }) => captchas.create(ip)),
  handle(checkcode, async ({ input }) => {
    await codes.verify(input.phone, input.op, input.code, { consume: false });
    return { valid: true as const };
  }),
];

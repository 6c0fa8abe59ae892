import { captchaNew, checkcode, sendcode } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { Captchas } from './captcha.ts';
import type { SmsCodeService } from './service.ts';

export const smsCodeRoutes = (codes: SmsCodeService, captchas: Captchas) => [
  // The sign name and template are the agent's of the site the learner is on (agentCode, else the Host's); an
  // unknown agent code does not stop the code (it goes out under the environment's sign, as it did before agents had one).
  handle(sendcode, async ({ input, ip, tenant }) => {
    const agent = await tenant().catch(() => undefined);
    return codes.send(input.phone, input.op, ip, { id: input.captchaId, answer: input.validate }, agent?.code);
  }),
  handle(captchaNew, async ({ ip }) => captchas.create(ip)),
  handle(checkcode, async ({ input }) => {
    await codes.verify(input.phone, input.op, input.code, { consume: false });
    return { valid: true as const };
  }),
];

import { checkcode, sendcode } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { SmsCodeService } from './service.ts';

export const smsCodeRoutes = (codes: SmsCodeService) => [
  handle(sendcode, async ({ input, ip }) => codes.send(input.phone, input.op, ip)),
  handle(checkcode, async ({ input }) => {
    await codes.verify(input.phone, input.op, input.code, { consume: false });
    return { valid: true as const };
  }),
];

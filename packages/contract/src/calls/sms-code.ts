import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode, flag, mobile, optText, smsCode } from '../fields.ts';

/** SMS codes and the picture challenge (图形验证码) a busy network is asked for (docs/accounts.md). */

/**
 * Purposes of an SMS code: a code sent for one purpose cannot be used for another. 'cancel' re-checks a learner who asks
 * to delete the account (account.deletionCode sends it to the session's own phone; like 'reset', only to a bound phone).
 */
export const smsOps = ['register', 'login', 'reset', 'bind', 'cancel'] as const;
export type SmsOp = (typeof smsOps)[number];

export const sendcode = defineCall({
  id: 'user.sendcode',
  method: 'POST',
  path: '/api/user/sendcode',
  group: 'general',
  needsSession: false,
  summary:
    'Send a 6-digit SMS code for a purpose (op). Per phone 1 per 60 s and 10 per day; per IP, after a burst (SMS.ipBurst in 10 min) each send needs a picture challenge (captchaId + validate: the answer), up to SMS.ipPerDay.',
  request: z.object({
    phone: mobile(),
    op: z.enum(smsOps, { error: '验证码用途不正确' }).default('login'),
    agentCode: agentCode().optional(),
    isRepeat: flag(),
    product: optText('产品', 32),
    validate: optText('校验值', 256),
    captchaId: optText('验证码编号', 128),
    clienttype: optText('客户端类型', 20),
    os: optText('系统', 32),
  }),
  data: z.object({ expiresIn: z.number().int(), resendAfter: z.number().int() }),
});

/** A refusal that asks for a picture challenge carries `data: { captcha: true }` (CAPTCHA_MSG). */
export const CAPTCHA_MSG = {
  needed: '请输入图形验证码',
  wrong: '图形验证码错误，请重新输入',
  expired: '图形验证码已失效，请换一张',
  tooMany: '图形验证码获取过于频繁，请稍后再试',
} as const;

export const captchaNew = defineCall({
  id: 'user.captcha',
  method: 'GET',
  path: '/api/user/captcha',
  group: 'general',
  needsSession: false,
  summary: 'A new picture challenge (图形验证码) for sendcode: its id and the picture as an SVG data URL. Limited per IP.',
  request: z.object({}),
  data: z.object({ captchaId: z.string(), image: z.string(), expiresIn: z.number().int() }),
});

export const checkcode = defineCall({
  id: 'user.checkcode',
  method: 'POST',
  path: '/api/user/checkcode',
  group: 'general',
  needsSession: false,
  summary: 'Check an SMS code without using it up (a wrong guess counts against the code).',
  request: z.object({ phone: mobile(), code: smsCode(), op: z.enum(smsOps, { error: '验证码用途不正确' }).default('login') }),
  data: z.object({ valid: z.literal(true) }),
});

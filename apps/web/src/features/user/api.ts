import {
  AGREEMENT_VERSION,
  bindPhone,
  captchaNew,
  changePassword,
  changePasswordnew,
  changePasswordweakusers,
  checkcode,
  codelogin,
  freeFegist,
  logout,
  restorePassword,
  sendcode,
  userlogin,
  type SmsOp,
} from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { hashPassword } from '../../lib/password';
import { getGuid } from '../../lib/session';
import { loginOrigin } from './use-finish-login';

/** The current local time as HHmmss: the six-character `time` of the password-change call (spec §5). Here, not in
 * lib/format: only these calls use it, and the sign-in screens would load all of lib/format for it. */
export function hhmmss(date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

/**
 * The account calls. Each takes what the learner typed (trimmed here); a password leaves the device
 * only as its MD5, and logins carry where they came from (agent, client kind, user agent).
 */
const silent = { silent: true } as const;

/** Sends an SMS code; past the network's burst with the answered picture challenge (captcha). */
export const sendCode = (phone: string, op: SmsOp, captcha?: { captchaId: string; validate: string }) =>
  call(sendcode, { phone, op, agentCode: currentAgentCode(), ...captcha }, silent);

/** A new picture challenge (图形验证码). */
export const newCaptcha = () => call(captchaNew, {}, silent);

export const checkCode = (phone: string, code: string) => call(checkcode, { phone: phone.trim(), code: code.trim(), op: 'reset' }, silent);

export const resetPassword = (phone: string, code: string, password: string) =>
  call(restorePassword, { phone: phone.trim(), verifyCode: code.trim(), password: hashPassword(password) }, silent);

export const passwordLogin = (account: string, password: string) =>
  call(userlogin, { username: account.trim(), password: hashPassword(password), timestamp: Date.now(), ...loginOrigin() }, silent);

/** Called only once the learner ticked the agreement (the form checks it): the version accepted goes along. */
export const codeLogin = (phone: string, code: string) => call(codelogin, { userName: phone.trim(), verifyCode: code.trim(), agreed: AGREEMENT_VERSION, ...loginOrigin() }, silent);

export const register = (phone: string, code: string, password: string) =>
  call(freeFegist, { phone: phone.trim(), verifyCode: code.trim(), password: hashPassword(password), agreed: AGREEMENT_VERSION, ...loginOrigin() }, silent);

/** Sets a first password, or changes it when `old` is given (the server may then end every session). */
export const setPassword = (password: string, old?: string) =>
  call(changePassword, { guid: getGuid() ?? '', ...(old !== undefined ? { oldPassword: hashPassword(old) } : {}), password: hashPassword(password), time: hhmmss() }, silent);

/** changePasswordweakusers: right after a login that found the password weak; this session stays. */
export const changeWeakPassword = (password: string) => call(changePasswordweakusers, { password: hashPassword(password), time: hhmmss() }, silent);

/** changePasswordnew: without the old password, by a code (op reset) sent to the bound phone; this session stays. */
export const changePasswordByCode = (code: string, password: string) =>
  call(changePasswordnew, { verifyCode: code.trim(), password: hashPassword(password), time: hhmmss() }, silent);

export const bindNewPhone = (phone: string, code: string) => call(bindPhone, { guid: getGuid() ?? '', phone: phone.trim(), verifyCode: code.trim() }, silent);

/** Ends the session on the server; best effort, since the device forgets it either way. */
export async function endSession(): Promise<void> {
  const guid = getGuid();
  if (guid) await call(logout, { guid }, { quiet: true }).catch(() => undefined);
}

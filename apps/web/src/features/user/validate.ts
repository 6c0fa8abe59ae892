import { SMS, isMobile } from '@kaoshi/contract';

/** Inline checks of the account forms; each returns a Chinese message or null. */

export function phoneProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return '请输入手机号';
  return isMobile(v) ? null : '请输入正确的手机号';
}

/** Password login accepts a phone or an account name; something that looks like a number must be a mobile. */
export function accountProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return '请输入手机号或账号';
  if (/^\d+$/.test(v) && !isMobile(v)) return '请输入正确的手机号';
  return v.length > 32 ? '账号不能超过32个字符' : null;
}

export function codeProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return '请输入验证码';
  return new RegExp(`^\\d{${SMS.digits}}$`).test(v) ? null : `请输入${SMS.digits}位数字验证码`;
}

export function confirmProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return '请再次输入密码';
  return password === confirmation ? null : '两次输入的密码不一致';
}

/** Drops null entries, so `Object.keys(errors).length === 0` means the form is valid. */
export function collect<K extends string>(checks: Partial<Record<K, string | null>>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) out[key] = message;
  }
  return out;
}

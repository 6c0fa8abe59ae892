import { md5 } from 'js-md5';

/**
 * The password contract: the client never sends the typed password, only its lowercase hex MD5
 * (spec §3 "password (sent as a hash)"). The server hashes that value again with argon2id.
 */
export function hashPassword(typed: string): string {
  return md5(typed);
}

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/**
 * The registration rule for a new password, as a Chinese message for the form, or null when the
 * password is acceptable: 6–20 characters, at least one letter and one digit, printable ASCII only
 * (letters, digits and common symbols; no spaces, no Chinese characters).
 */
export function passwordProblem(typed: string): string | null {
  if (typed === '') return '请输入密码';
  if (typed.length < PASSWORD_MIN || typed.length > PASSWORD_MAX) {
    return `密码长度应为${PASSWORD_MIN}-${PASSWORD_MAX}位`;
  }
  if (!/^[\x21-\x7e]+$/.test(typed)) return '密码只能包含字母、数字和常用符号，不能有空格';
  if (!/[A-Za-z]/.test(typed) || !/\d/.test(typed)) return '密码需同时包含字母和数字';
  return null;
}

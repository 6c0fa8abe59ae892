import { createHash } from 'node:crypto';

/**
 * Passwords too common to keep (docs/account-security.md): the most used passwords of Chinese and international
 * leak lists, written out here so that the list is reviewed with the code. The server only ever sees the MD5 hex
 * the client sends (platform/passwords.ts), so it compares against the MD5 of each entry, and of the learner's own
 * phone, its last 6 digits and the user name.
 */
const COMMON = [
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '12345',
  '654321',
  '87654321',
  '123123',
  '123321',
  '111111',
  '000000',
  '666666',
  '888888',
  '999999',
  '222222',
  '555555',
  '121212',
  '112233',
  '11223344',
  '147258',
  '147258369',
  '159357',
  '123654',
  '5201314',
  '520520',
  '1314520',
  'woaini',
  'woaini1314',
  'iloveyou',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwerty',
  'qwerty123',
  'qwe123',
  'qweasd',
  'qweasdzxc',
  'asdfgh',
  'asd123',
  'asdasd',
  'zxcvbn',
  'zxc123',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e',
  'qazwsx',
  'abc123',
  'abc12345',
  'abc123456',
  'a123456',
  'a12345678',
  'aa123456',
  'a111111',
  'aaa111',
  'aaaaaa',
  'admin',
  'admin123',
  'root',
  'test123',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'sunshine',
  'football',
  'princess',
  'master',
  'huxi123',
  'hushi123',
  'yisheng',
  'nurse123',
  'doctor123',
  'kaoshi',
  'kaoshi123',
  'xuexi123',
  '12345abc',
  '123abc',
  '123qwe',
  '123456a',
  '123456aa',
  '123456abc',
  '123456q',
  '123456qq',
  'qq123456',
  'wang123456',
  'zhang123',
  'li123456',
] as const;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The MD5 hex of every common weak password. */
export const WEAK_PASSWORD_HASHES: ReadonlySet<string> = new Set(COMMON.map(md5));

/**
 * Whether a password, given as the client's MD5 hex, is weak: a common password, or the learner's phone, its
 * last 6 digits or their user name. Case matters for MD5, so the lower-case form of each entry is what is listed.
 */
export function isWeakPassword(md5hex: string, account: { phone?: string | null; userName?: string | null }): boolean {
  const hex = md5hex.toLowerCase();
  if (WEAK_PASSWORD_HASHES.has(hex)) return true;
  const own = [account.phone, account.phone?.slice(-6), account.userName].filter((s): s is string => !!s);
  return own.some((s) => md5(s) === hex);
}

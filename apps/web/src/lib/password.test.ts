import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem } from './password';

describe('hashPassword', () => {
  it('is the lowercase hex MD5 of the typed text (RFC 1321 vectors)', () => {
    expect(hashPassword('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hashPassword('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(hashPassword('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(hashPassword('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(hashPassword('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('hashes the demo password and non-ASCII text as UTF-8', () => {
    expect(hashPassword('Demo@2026')).toBe('793239beed23cff0a99388438be89eae');
    expect(hashPassword('中文')).toBe('a7bac2239fcdcb3a067903d8077c4a07');
    expect(hashPassword('Demo@2026')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('passwordProblem', () => {
  it('accepts 6–20 characters with letters and digits', () => {
    expect(passwordProblem('abc123')).toBeNull();
    expect(passwordProblem('Demo@2026')).toBeNull();
    expect(passwordProblem('a1'.repeat(10))).toBeNull();
  });

  it('explains what is wrong in Chinese', () => {
    expect(passwordProblem('')).toBe('请输入密码');
    expect(passwordProblem('ab12')).toBe('密码长度应为6-20位');
    expect(passwordProblem('a1'.repeat(10) + 'x')).toBe('密码长度应为6-20位');
    expect(passwordProblem('abcdefg')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('1234567')).toBe('密码需同时包含字母和数字');
    expect(passwordProblem('abc 123')).toMatch(/不能有空格/);
    expect(passwordProblem('密码abc123')).toMatch(/字母、数字和常用符号/);
  });
});

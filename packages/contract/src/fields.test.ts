import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { agentCode, fieldLabel, flag, guid, hasForbiddenChars, int, mobile, optInt, optText, passwordHash, smsCode, text } from './fields.ts';

/** The first message zod gives for `input`, or undefined when it parses. */
const messageOf = (schema: z.ZodType, input: unknown): string | undefined => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 });

describe('text(label, max)', () => {
  const nick = text('昵称', 5);

  it('keeps any text whose trimmed length is 1..max, trimmed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 5 }), fc.constantFrom('', ' ', '  '), (s, pad) => {
        fc.pre(s.trim() !== '');
        return nick.parse(pad + s + pad) === s.trim();
      }),
    );
  });

  it('names the field when the text is too long', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '中'), minLength: 6, maxLength: 40 }), (s) => messageOf(nick, s) === '昵称不能超过5个字符'));
  });

  it.each([[undefined], [''], ['   '], [42], [null]])('asks for the field when given %j', (input) => {
    expect(messageOf(nick, input)).toBe('请填写昵称');
  });

  it('defaults to 200 characters', () => {
    expect(messageOf(text('备注'), 'a'.repeat(200))).toBeUndefined();
    expect(messageOf(text('备注'), 'a'.repeat(201))).toBe('备注不能超过200个字符');
  });
});

describe('optText(label, max)', () => {
  const note = optText('备注', 3);

  it('allows absence and the empty text', () => {
    expect(note.parse(undefined)).toBeUndefined();
    expect(note.parse('')).toBe('');
  });

  it('names the field for a wrong type or too long a text', () => {
    expect(messageOf(note, 12)).toBe('备注格式不正确');
    expect(messageOf(note, 'abcd')).toBe('备注不能超过3个字符');
    expect(note.parse(' abc ')).toBe('abc'); // length counted after trimming
  });
});

describe('int(label, min, max) and optInt', () => {
  const age = int('年龄', 0, 150);

  it('reads back any integer in range written as a string', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 150 }), (n) => age.parse(String(n)) === n));
  });

  it('names the field for an integer out of range', () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 151 })), (n) => messageOf(age, String(n)) === '年龄格式不正确'));
  });

  it.each([['abc'], ['1.5'], ['12abc'], [{}]])('names the field for %j', (input) => {
    expect(messageOf(age, input)).toBe('年龄格式不正确');
  });

  it('optInt treats absence, "" and null as no value', () => {
    const page = optInt('页码', 1, 99);
    expect([page.parse(undefined), page.parse(''), page.parse(null), page.parse('7')]).toEqual([undefined, undefined, undefined, 7]);
    expect(messageOf(page, 'x')).toBe('页码格式不正确');
    expect(messageOf(page, '0')).toBe('页码格式不正确');
  });
});

describe('mobile(label)', () => {
  it('accepts a mainland number, trimmed', () => {
    expect(mobile().parse(' 13800138000 ')).toBe('13800138000');
  });

  it('names the field for a bad or missing number', () => {
    expect(messageOf(mobile(), '12345')).toBe('请输入正确的手机号');
    expect(messageOf(mobile('新手机号'), '12800138000')).toBe('请输入正确的新手机号');
    expect(messageOf(mobile(), undefined)).toBe('请填写手机号');
  });
});

describe('passwordHash, smsCode, guid, agentCode, flag', () => {
  it('passwordHash accepts exactly 32 lowercase hex digits', () => {
    fc.assert(fc.property(hex, (h) => passwordHash().parse(h) === h));
    expect(messageOf(passwordHash(), 'A'.repeat(32))).toBe('密码格式不正确');
    expect(messageOf(passwordHash('新密码'), 'secret')).toBe('新密码格式不正确');
    expect(messageOf(passwordHash(), undefined)).toBe('请填写密码');
  });

  it('smsCode accepts six digits only', () => {
    expect(smsCode().parse(' 123456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef']) expect(messageOf(smsCode(), bad)).toBe('请输入6位数字验证码');
  });

  it('guid asks to log in when missing or too short', () => {
    expect(messageOf(guid(), undefined)).toBe('请先登录');
    expect(messageOf(guid(), 'short')).toBe('请先登录');
    expect(guid().parse('a'.repeat(32))).toBe('a'.repeat(32));
  });

  it('agentCode is 1–12 digits', () => {
    expect(agentCode().parse('888')).toBe('888');
    expect(messageOf(agentCode(), 'abc')).toBe('代理商编号格式不正确');
    expect(messageOf(agentCode(), '1'.repeat(13))).toBe('代理商编号格式不正确');
  });

  it('flag reads form booleans', () => {
    const f = flag();
    expect(['true', '1', 'false', '0', 'no', '', undefined].map((v) => f.parse(v))).toEqual([true, true, false, false, false, undefined, undefined]);
  });
});

describe('int: blank is missing, not 0', () => {
  it('rejects blank text with a "please fill" message', async () => {
    const { int } = await import('./fields.ts');
    const r = int('题号').safeParse('');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('请填写题号');
    expect(int('题号').safeParse('  ').success).toBe(false);
    expect(int('题号').parse('0')).toBe(0);
  });
});

describe('forbidden characters', () => {
  it('text and optText refuse C0/C1 controls, DEL and lone surrogates, keep tab, newlines and paired surrogates', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001f', '\u007f', '\u009f', '\ud83d', 'a\ude00b']) {
      expect(messageOf(text('备注'), bad), JSON.stringify(bad)).toBe('备注包含不允许的字符');
      expect(messageOf(optText('详情'), bad), JSON.stringify(bad)).toBe('详情包含不允许的字符');
    }
    for (const good of ['a\tb', '第一行\n第二行\r\n', '😀 emoji', '中文　全角空格']) expect(messageOf(text('备注'), good), JSON.stringify(good)).toBeUndefined();
  });

  it('hasForbiddenChars agrees with a per-code-unit reading for any string', () => {
    const forbiddenUnit = (s: string, i: number) => {
      const c = s.charCodeAt(i);
      if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f)) return true;
      if (c >= 0xd800 && c <= 0xdbff) return !(i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff);
      if (c >= 0xdc00 && c <= 0xdfff) return !(i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff);
      return false;
    };
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)), maxLength: 6 }),
        (a, b) => {
          const s = a + b;
          return hasForbiddenChars(s) === [...Array(s.length).keys()].some((i) => forbiddenUnit(s, i));
        },
      ),
    );
  });

  it('fieldLabel reads the label of every builder, through optional', () => {
    expect(fieldLabel(text('昵称'))).toBe('昵称');
    expect(fieldLabel(optText('详情'))).toBe('详情');
    expect(fieldLabel(optInt('页码'))).toBe('页码');
    expect(fieldLabel(mobile())).toBe('手机号');
    expect(fieldLabel(guid())).toBe('登录信息');
  });
});

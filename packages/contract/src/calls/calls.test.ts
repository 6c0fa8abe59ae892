import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls, fieldLabel } from '../index.ts';
import { frontendError, position, trackingCalls, userclick } from './tracking.ts';
import { changePassword, userlogin } from './user.ts';
import { sendcode } from './sms-code.ts';

const messagesOf = (schema: z.ZodType, input: unknown): string[] => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

const HASH = 'e10adc3949ba59abbe56e057f20f883e';
const GUID = 'a'.repeat(32);

describe('user.userlogin request', () => {
  it('accepts a user name and a password hash', () => {
    expect(userlogin.request.parse({ username: ' 13800138000 ', password: HASH })).toMatchObject({ username: '13800138000' });
  });

  it('names each bad field in Chinese', () => {
    expect(messagesOf(userlogin.request, { password: HASH })).toEqual(['请填写账号']);
    expect(messagesOf(userlogin.request, { username: 'a'.repeat(33), password: HASH })).toEqual(['账号不能超过32个字符']);
    expect(messagesOf(userlogin.request, { username: 'u', password: '123456' })).toEqual(['密码格式不正确']);
    expect(messagesOf(userlogin.request, { username: 'u', password: HASH, timestamp: 'soon' })).toEqual(['时间戳格式不正确']);
  });
});

describe('user.sendcode request', () => {
  it('defaults the purpose to login and reads isRepeat', () => {
    expect(sendcode.request.parse({ phone: '13800138000', isRepeat: '1' })).toMatchObject({ op: 'login', isRepeat: true });
  });

  it('names a bad phone or purpose in Chinese', () => {
    expect(messagesOf(sendcode.request, { phone: '1380013800' })).toEqual(['请输入正确的手机号']);
    expect(messagesOf(sendcode.request, {})).toEqual(['请填写手机号']);
    expect(messagesOf(sendcode.request, { phone: '13800138000', op: 'hack' })).toEqual(['验证码用途不正确']);
  });
});

describe('user.changePassword request (spec §5: time must be six characters)', () => {
  const base = { guid: GUID, password: HASH };

  it('accepts a six-character time', () => {
    fc.assert(fc.property(fc.string({ minLength: 6, maxLength: 6 }), (time) => changePassword.request.safeParse({ ...base, time }).success));
  });

  it('answers 时间长度错误 for any other length or a missing time', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (time) => {
        fc.pre(time.length !== 6);
        const messages = messagesOf(changePassword.request, { ...base, time });
        return messages.length === 1 && messages[0] === '时间长度错误';
      }),
    );
    expect(messagesOf(changePassword.request, base)).toEqual(['时间长度错误']);
  });
});

describe('tracking requests', () => {
  it('accept a guest with no fields at all', () => {
    for (const call of Object.values(trackingCalls)) expect(call.request.safeParse({}).success, call.id).toBe(true);
  });

  it('name a too-long field in Chinese', () => {
    expect(messagesOf(userclick.request, { btnName: 'x'.repeat(101) })).toEqual(['按钮名称不能超过100个字符']);
    expect(messagesOf(frontendError.request, { detail: 'x'.repeat(4001) })).toEqual(['详情不能超过4000个字符']);
    expect(messagesOf(position.request, { agentCode: '8'.repeat(13) })).toEqual(['代理商编号不能超过12个字符']);
  });

  it('name a non-number in Chinese', () => {
    expect(messagesOf(position.request, { clientType: 'abc' })).toEqual(['客户端类型格式不正确']);
  });
});

describe('every call', () => {
  /**
   * Fields whose schema still falls back to zod's English message. They should get a Chinese one in
   * calls/user.ts; remove an entry here when it does.
   */
  it('answers bad input for any field with a Chinese message', () => {
    const bad = fc.oneof(fc.constant('x'.repeat(5000)), fc.constant({}), fc.constant(12), fc.constant(''), fc.string());
    for (const call of allCalls) {
      const shape = (call.request as z.ZodObject).shape;
      for (const field of Object.values(shape)) {
        fc.assert(
          fc.property(bad, (value) => messagesOf(field as z.ZodType, value).every((m) => /\p{Script=Han}/u.test(m))),
          { numRuns: 20 },
        );
      }
    }
  });

  it('refuses control characters and lone surrogates in every text field, naming the field', () => {
    const forbidden = fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff');
    const withForbidden = fc.tuple(fc.string({ maxLength: 8 }), forbidden, fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b);
    let textFields = 0;
    for (const call of allCalls) {
      for (const [key, field] of Object.entries((call.request as z.ZodObject).shape)) {
        const label = fieldLabel(field as z.ZodType);
        if (!label || !(field as z.ZodType).safeParse('ab').success) continue; // not a text field
        textFields++;
        fc.assert(
          fc.property(withForbidden, (value) => {
            const messages = messagesOf(field as z.ZodType, value);
            return (
              messages.length > 0 &&
              messages.every((m) => /\p{Script=Han}/u.test(m)) &&
              (messages.includes(`${label}包含不允许的字符`) || !messages.some((m) => m.includes('不允许')))
            );
          }),
          { numRuns: 15 },
        );
        expect(messagesOf(field as z.ZodType, 'a\u0000b'), `${call.id}.${key}`).toContain(`${label}包含不允许的字符`);
      }
    }
    expect(textFields).toBeGreaterThan(40);
  });

  it('has a unique id and a unique method + path', () => {
    expect(new Set(allCalls.map((c) => c.id)).size).toBe(allCalls.length);
    expect(new Set(allCalls.map((c) => `${c.method} ${c.path}`)).size).toBe(allCalls.length);
  });
});

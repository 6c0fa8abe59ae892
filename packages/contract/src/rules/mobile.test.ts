import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMobile, isMobileOrEmpty } from './mobile.ts';

const digit = fc.constantFrom(...'0123456789');
const digits = (n: number) => fc.string({ unit: digit, minLength: n, maxLength: n });
/** A valid mainland mobile number: 1, then 3–9, then nine digits. */
const validMobile = fc.tuple(fc.constantFrom(...'3456789'), digits(9)).map(([second, rest]) => `1${second}${rest}`);

describe('isMobile (spec §5: 11 digits, first 1, second 3–9)', () => {
  it('accepts every 11-digit number starting 1 with a second digit 3–9', () => {
    fc.assert(fc.property(validMobile, (phone) => isMobile(phone)));
  });

  it('rejects a wrong second digit (0, 1 or 2)', () => {
    fc.assert(fc.property(fc.constantFrom('0', '1', '2'), digits(9), (second, rest) => !isMobile(`1${second}${rest}`)));
  });

  it('rejects a first digit other than 1', () => {
    fc.assert(fc.property(fc.constantFrom(...'023456789'), fc.constantFrom(...'3456789'), digits(9), (first, second, rest) => !isMobile(`${first}${second}${rest}`)));
  });

  it('rejects any other length', () => {
    fc.assert(
      fc.property(validMobile, fc.integer({ min: 0, max: 20 }), (phone, len) => {
        fc.pre(len !== 11);
        const other = len < 11 ? phone.slice(0, len) : phone + '0'.repeat(len - 11);
        return !isMobile(other);
      }),
    );
  });

  it('agrees with the rule written out by hand on arbitrary text', () => {
    const byHand = (s: string) => s.length === 11 && [...s].every((c) => c >= '0' && c <= '9') && s[0] === '1' && s[1] >= '3' && s[1] <= '9';
    fc.assert(fc.property(fc.oneof(fc.string(), validMobile, digits(11)), (s) => isMobile(s) === byHand(s)));
  });

  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['12800138000', false],
    ['1380013800', false],
    ['138001380001', false],
    [' 13800138000', false],
    ['13800138000 ', false],
    ['+8613800138000', false],
    ['138-0013-8000', false],
    ['１３８００１３８０００', false], // full-width digits
    ['', false],
  ])('isMobile(%j) is %s', (input, expected) => {
    expect(isMobile(input)).toBe(expected);
  });
});

describe('isMobileOrEmpty (spec §5: empty is not checked)', () => {
  it('passes the empty value', () => {
    expect(isMobileOrEmpty('')).toBe(true);
  });

  it('is isMobile for every non-empty value', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ minLength: 1 }), validMobile), (s) => isMobileOrEmpty(s) === isMobile(s)));
  });

  it('does not treat blanks as empty', () => {
    expect(isMobileOrEmpty(' ')).toBe(false);
  });
});

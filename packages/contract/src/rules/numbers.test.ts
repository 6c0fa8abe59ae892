import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInteger, isNumber } from './numbers.ts';

const digitString = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1 });
const blank = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u3000'), maxLength: 3 });

describe('isInteger (spec §5: digits only)', () => {
  it('accepts every non-empty string of ASCII digits, leading zeros included', () => {
    fc.assert(fc.property(digitString, (s) => isInteger(s)));
    fc.assert(fc.property(fc.nat(), (n) => isInteger(String(n))));
  });

  it('rejects any string with a non-digit in it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.string(), (a, b, c) => {
        fc.pre(/[^0-9]/.test(b));
        return !isInteger(a + b + c);
      }),
    );
  });

  it.each([
    ['0', true],
    ['007', true],
    ['12345678901234567890', true],
    ['', false],
    ['-1', false],
    ['+1', false],
    ['1.0', false],
    [' 1', false],
    ['1e3', false],
    ['１２', false], // full-width digits
  ])('isInteger(%j) is %s', (input, expected) => {
    expect(isInteger(input)).toBe(expected);
  });
});

describe('isNumber (spec §5: must parse as a number)', () => {
  it('accepts how JavaScript writes any finite number, with surrounding blanks', () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(fc.property(finite, blank, blank, (d, before, after) => isNumber(before + String(d) + after)));
  });

  it('accepts every integer string', () => {
    fc.assert(fc.property(digitString, (s) => isNumber(s)));
  });

  it('only ever accepts text that Number() reads as a finite number', () => {
    const numberish = fc.string({ unit: fc.constantFrom(...'0123456789+-.eE x '), maxLength: 8 });
    fc.assert(fc.property(fc.oneof(fc.string(), numberish), (s) => !isNumber(s) || (s.trim() !== '' && Number.isFinite(Number(s)))));
  });

  it.each([
    ['1e3', true],
    ['-1.5', true],
    ['+2', true],
    ['.5', true],
    ['1.', true],
    ['2E-4', true],
    ['  42  ', true],
    ['0', true],
    ['', false],
    ['   ', false],
    ['-', false],
    ['.', false],
    ['e3', false],
    ['1e', false],
    ['1.2.3', false],
    ['abc', false],
    ['12abc', false],
    ['0x10', false],
    ['0b1', false],
    ['Infinity', false],
    ['NaN', false],
    ['1e999', false],
    ['1,000', false],
    ['1_000', false],
  ])('isNumber(%j) is %s', (input, expected) => {
    expect(isNumber(input)).toBe(expected);
  });
});

/**
 * Number checks of spec §5 for values typed into forms (they arrive as strings).
 *
 * Decisions (the spec only says "Integer: digits only. Number: must parse as a number"):
 * - isInteger: ASCII digits 0–9 only, at least one; no sign, no spaces, no decimal point.
 *   Leading zeros are allowed ('007' is an integer). Full-width digits (０–９) are not.
 * - isNumber: surrounding whitespace is ignored; '' (or only spaces) is not a number; the rest
 *   must be a plain decimal literal with optional sign, fraction and exponent ('-1.5', '+2', '.5',
 *   '1.', '1e3', '2E-4') whose value is finite. Hex/binary/octal ('0x10'), 'Infinity', 'NaN',
 *   digit separators ('1_000', '1,000') and out-of-range values ('1e999') are rejected, although
 *   JavaScript's Number() would accept some of them.
 */

const DIGITS = /^[0-9]+$/;
const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** Digits only, non-empty. */
export const isInteger = (value: string): boolean => DIGITS.test(value);

/** A finite decimal number, surrounding whitespace ignored; '' is not a number. */
export const isNumber = (value: string): boolean => {
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) && Number.isFinite(Number(trimmed));
};

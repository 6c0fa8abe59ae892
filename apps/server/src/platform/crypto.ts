import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** SHA-256 as hex, one-shot (a session's guid is hashed on every call: a Hash object costs five times as much). */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** 256 random bits as 64 hex characters: the session guid handed to the client. */
export const newToken = (): string => randomBytes(32).toString('hex');

/** A numeric code of `digits` digits from the OS's secure RNG, zero-padded. */
export const randomDigits = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

/** Constant-time comparison of two hex digests. */
export const sameHex = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** 138****0000: a phone number fit for logs. */
export const maskPhone = (phone: string): string => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

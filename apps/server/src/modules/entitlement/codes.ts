import { createHash } from 'node:crypto';

/** Activation codes are compared case-insensitively without spaces; only their SHA-256 is stored. */
export const normaliseCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();
export const hashCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex');

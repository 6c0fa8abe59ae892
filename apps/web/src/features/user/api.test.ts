import { describe, expect, it } from 'vitest';
import { hhmmss } from './api';

describe('hhmmss', () => {
  it('formats the six-character time of the password calls', () => {
    expect(hhmmss(new Date(2026, 0, 2, 9, 5, 7))).toBe('090507');
    expect(hhmmss()).toMatch(/^\d{6}$/);
  });
});

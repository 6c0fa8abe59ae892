import { describe, expect, it } from 'vitest';
import { beijingTime, yuan } from './format';

describe('shop formats', () => {
  it('writes receipt times in Beijing time whatever the device zone', () => {
    expect(beijingTime('2026-11-25T04:05:06.000Z')).toBe('2026/11/25 12:05:06');
    expect(beijingTime('2026-11-25T16:30:00.000Z')).toBe('2026/11/26 00:30:00');
    expect(beijingTime(null)).toBe('—');
    expect(yuan(39800)).toBe('¥398.00');
  });
});

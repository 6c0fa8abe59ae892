import { describe, expect, it } from 'vitest';
import { safeInternalPath, safeTargetPath } from './safe-path';
import { initialOf, maskPhone, shortTime } from './format';

describe('safeInternalPath', () => {
  it('keeps paths inside the app', () => {
    expect(safeInternalPath('/homePage')).toBe('/homePage');
    expect(safeInternalPath('/settings?x=1#top')).toBe('/settings?x=1#top');
    expect(safeInternalPath('/a/../homePage')).toBe('/homePage');
  });

  it('refuses external, protocol-relative and scheme URLs', () => {
    for (const bad of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /homePage',
      '/\thomePage',
      'homePage',
      '',
      null,
      undefined,
    ]) {
      expect(safeInternalPath(bad), String(bad)).toBeNull();
    }
  });

  it('refuses the hand-over routes as targets', () => {
    expect(safeTargetPath('/way?guid=x')).toBeNull();
    expect(safeTargetPath('/gateway')).toBeNull();
    expect(safeTargetPath('/settings')).toBe('/settings');
  });
});

describe('format', () => {
  it('masks phones and names', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('zhangsan01')).toBe('zh****01');
    expect(maskPhone('')).toBe('');
  });

  it('takes an initial', () => {
    expect(initialOf('小明')).toBe('小');
    expect(initialOf('amy')).toBe('A');
    expect(initialOf('')).toBe('学');
    expect(initialOf('13800000000')).toBe('学');
  });

  it('formats a list time in China time, relative to today', () => {
    const now = Date.parse('2026-11-26T04:00:00Z'); // 12:00 in China
    expect(shortTime('2026-11-26T01:05:00Z', now)).toBe('09:05');
    expect(shortTime('2026-11-25T17:30:00Z', now)).toBe('01:30'); // already the 26th in China
    expect(shortTime('2026-11-25T06:00:00Z', now)).toBe('昨天 14:00');
    expect(shortTime('2026-03-02T02:00:00Z', now)).toBe('3月2日 10:00');
    expect(shortTime('2025-12-31T15:00:00Z', now)).toBe('2025年12月31日');
    expect(shortTime('nope', now)).toBe('');
  });
});

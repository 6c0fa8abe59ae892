import { describe, expect, it } from 'vitest';
import { safeInternalPath, safeTargetPath } from './safe-path';
import { hhmmss, initialOf, maskPhone } from './format';

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

  it('formats the six-character time', () => {
    expect(hhmmss(new Date(2026, 0, 2, 9, 5, 7))).toBe('090507');
    expect(hhmmss()).toMatch(/^\d{6}$/);
  });
});

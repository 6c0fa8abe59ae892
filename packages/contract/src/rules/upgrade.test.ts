import { describe, expect, it } from 'vitest';
import { contains, upgradable, validityLabel } from './upgrade.ts';

const v = (vnorder: number, ...ids: string[]) => ({ vnorder, modules: ids.map((id) => ({ id })) });

describe('upgradable', () => {
  it('goes up to a version that holds every module of the held one', () => {
    expect(upgradable(v(1, 'chapter', 'paper'), v(2, 'chapter', 'paper', 'video'))).toBe(true);
  });
  it('refuses a higher-ranked product that lacks a held module (考前模拟 from 至尊班)', () => {
    expect(upgradable(v(3, 'chapter', 'video', 'mock'), v(4, 'chapter', 'mock'))).toBe(false);
  });
  it('refuses the same or a lower rank, whatever the modules', () => {
    expect(upgradable(v(2, 'chapter'), v(2, 'chapter', 'video'))).toBe(false);
    expect(upgradable(v(2, 'chapter'), v(1, 'chapter', 'video'))).toBe(false);
  });
});

describe('contains', () => {
  it('holds when every module of the other is one of its own, whatever the rank (至尊班 contains VIP班 and 考前模拟)', () => {
    const top = v(3, 'chapter', 'video', 'mock');
    expect(contains(top, v(2, 'chapter', 'video'))).toBe(true);
    expect(contains(top, v(4, 'chapter', 'mock'))).toBe(true);
    expect(contains(top, top)).toBe(true);
  });
  it('fails when the other opens a module it lacks (VIP班 does not contain 考前模拟)', () => {
    expect(contains(v(2, 'chapter', 'video'), v(4, 'chapter', 'mock'))).toBe(false);
  });
});

describe('validityLabel', () => {
  it('names whole years and says days otherwise', () => {
    expect(validityLabel(365)).toBe('一年');
    expect(validityLabel(730)).toBe('两年');
    expect(validityLabel(1460)).toBe('4年');
    expect(validityLabel(90)).toBe('90天');
    expect(validityLabel(400)).toBe('400天');
  });
});

import { describe, expect, it } from 'vitest';
import { upgradable } from './upgrade.ts';

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

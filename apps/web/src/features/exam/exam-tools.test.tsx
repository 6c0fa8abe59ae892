import { describe, expect, it } from 'vitest';
import { CALC_START, calcPress } from './exam-tools';

const run = (keys: string) => [...keys].reduce((s, k) => calcPress(s, k), CALC_START).display;

describe('calculator', () => {
  it('does the four operations, chained left to right', () => {
    expect(run('12+30=')).toBe('42');
    expect(run('9-12=')).toBe('-3');
    expect(run('2+3×4=')).toBe('20');
    expect(run('7÷2=')).toBe('3.5');
    expect(run('0.1+0.2=')).toBe('0.3');
    expect(run('5×+2=')).toBe('7');
  });

  it('shows 错误 for a division by zero, clears with C, backspaces and changes sign', () => {
    expect(run('5÷0=')).toBe('错误');
    expect(run('5÷0=3+1=')).toBe('4');
    expect(run('123⌫')).toBe('12');
    expect(run('12±')).toBe('-12');
    expect(run('12+3C')).toBe('0');
  });
});

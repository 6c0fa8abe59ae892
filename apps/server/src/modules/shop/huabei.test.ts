import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { huabeiPlans, instalmentTerms } from './huabei.ts';

describe('Huabei plans (pure)', () => {
  it('3 periods are free of interest (the seller pays 2.3 %); 6 and 12 cost the learner 4.5 % and 7.5 %', () => {
    expect(huabeiPlans(39_800)).toEqual([
      { periods: 3, feeRatePermille: 23, fee: 915, sellerPays: true, total: 39_800, perPeriod: 13_266, firstPeriod: 13_268 },
      { periods: 6, feeRatePermille: 45, fee: 1791, sellerPays: false, total: 41_591, perPeriod: 6931, firstPeriod: 6936 },
      { periods: 12, feeRatePermille: 75, fee: 2985, sellerPays: false, total: 42_785, perPeriod: 3565, firstPeriod: 3570 },
    ]);
    expect(instalmentTerms(3)).toEqual({ periods: 3, sellerPercent: 100 });
    expect(instalmentTerms(12)).toEqual({ periods: 12, sellerPercent: 0 });
    expect(instalmentTerms(0)).toBeUndefined();
  });

  it('the periods add up to the total exactly, the first carries less than one fen per period more, and nobody pays less than the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 10_000_000 }), (amount) => {
        for (const p of huabeiPlans(amount)) {
          expect(p.firstPeriod + p.perPeriod * (p.periods - 1)).toBe(p.total);
          expect(p.firstPeriod - p.perPeriod).toBeGreaterThanOrEqual(0);
          expect(p.firstPeriod - p.perPeriod).toBeLessThan(p.periods);
          expect(p.total).toBe(amount + (p.sellerPays ? 0 : p.fee));
          expect(p.fee).toBeGreaterThan(0);
        }
      }),
    );
  });
});

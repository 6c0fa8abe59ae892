import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { couponOff, DAY_MS, daysLeft, MIN_AMOUNT_FEN, quote, upgradePrice, type CouponTerms } from './quote.ts';

const coupon = fc
  .record({
    kind: fc.constantFrom<'amount' | 'percent'>('amount', 'percent'),
    value: fc.integer({ min: 1, max: 1_000_000 }),
    minSpendFen: fc.integer({ min: 0, max: 200_000 }),
  })
  .map((c): CouponTerms => (c.kind === 'percent' ? { ...c, value: (c.value % 99) + 1 } : c));
const price = fc.integer({ min: 1, max: 10_000_000 });

describe('quote', () => {
  it('is never below the least amount nor above the price, and the coupon takes off at most what it says', () => {
    fc.assert(
      fc.property(price, coupon, (p, c) => {
        const q = quote(p, c);
        expect(q.amountFen).toBeGreaterThanOrEqual(MIN_AMOUNT_FEN);
        expect(q.amountFen).toBeLessThanOrEqual(Math.max(p, MIN_AMOUNT_FEN));
        expect(q.couponOffFen).toBeGreaterThanOrEqual(0);
        expect(q.couponOffFen).toBeLessThanOrEqual(c.kind === 'amount' ? c.value : Math.floor((p * c.value) / 100));
        expect(q.amountFen + q.couponOffFen).toBe(Math.max(p, MIN_AMOUNT_FEN));
        if (p < c.minSpendFen) expect(q.couponOffFen).toBe(0);
      }),
    );
  });

  it('with a discount code after the coupon: the parts add up to the price, the amount never below the least, the code bounded by its terms', () => {
    fc.assert(
      fc.property(price, fc.option(coupon, { nil: undefined }), coupon, (p, c, d) => {
        const q = quote(p, c, d);
        expect(q.amountFen).toBeGreaterThanOrEqual(MIN_AMOUNT_FEN);
        expect(q.amountFen + q.couponOffFen + q.discountOffFen).toBe(Math.max(p, MIN_AMOUNT_FEN));
        expect(q.discountOffFen).toBeGreaterThanOrEqual(0);
        expect(q.discountOffFen).toBeLessThanOrEqual(d.kind === 'amount' ? d.value : Math.floor(((p - q.couponOffFen) * d.value) / 100));
        if (p - q.couponOffFen < d.minSpendFen) expect(q.discountOffFen).toBe(0);
      }),
    );
  });

  it('applies the kinds as named', () => {
    expect(couponOff(39800, { kind: 'amount', value: 3000, minSpendFen: 10000 })).toBe(3000);
    expect(couponOff(9900, { kind: 'amount', value: 3000, minSpendFen: 10000 })).toBe(0);
    expect(couponOff(39800, { kind: 'percent', value: 10, minSpendFen: 0 })).toBe(3980);
    expect(quote(2000, { kind: 'amount', value: 5000, minSpendFen: 0 })).toEqual({ baseFen: 2000, couponOffFen: 1999, discountOffFen: 0, amountFen: 1 });
    // ¥398 − ¥30 coupon = ¥368, then 10 % off that: ¥36.80.
    expect(quote(39800, { kind: 'amount', value: 3000, minSpendFen: 10000 }, { kind: 'percent', value: 10, minSpendFen: 0 })).toEqual({
      baseFen: 39800,
      couponOffFen: 3000,
      discountOffFen: 3680,
      amountFen: 33120,
    });
  });
});

describe('upgradePrice', () => {
  const now = Date.UTC(2026, 10, 25);
  const terms = (endsInDays: number) => ({ fromPriceFen: 19800, fromValidityDays: 365, toPriceFen: 69800, toValidityDays: 365, endsAt: now + endsInDays * DAY_MS, now });

  it('charges the daily difference for the days left, bounded by the target price and the least amount', () => {
    fc.assert(
      fc.property(
        price,
        price,
        fc.integer({ min: 1, max: 730 }),
        fc.integer({ min: 1, max: 730 }),
        fc.integer({ min: -10 * DAY_MS, max: 800 * DAY_MS }),
        (from, to, fd, td, left) => {
          const p = upgradePrice({ fromPriceFen: from, fromValidityDays: fd, toPriceFen: to, toValidityDays: td, endsAt: now + left, now });
          expect(p).toBeGreaterThanOrEqual(MIN_AMOUNT_FEN);
          expect(p).toBeLessThanOrEqual(Math.max(to, MIN_AMOUNT_FEN));
        },
      ),
    );
  });

  it('at the edges: a full year is the whole difference, expiring today is one day of it, expired is the least amount', () => {
    expect(upgradePrice(terms(365))).toBe(50000);
    expect(upgradePrice(terms(0.25))).toBe(Math.ceil(50000 / 365));
    expect(daysLeft(now + DAY_MS / 4, now)).toBe(1);
    expect(upgradePrice(terms(-1))).toBe(MIN_AMOUNT_FEN);
    expect(upgradePrice({ ...terms(100), toPriceFen: 19800 })).toBe(MIN_AMOUNT_FEN);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { couponOff, DAY_MS, daysLeft, MIN_AMOUNT_FEN, planUpgrade, quote, unwoundEnd, type CouponTerms } from './quote.ts';

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

describe('planUpgrade', () => {
  const now = Date.UTC(2026, 10, 25);
  const ladder = { fromPriceFen: 19800, fromValidityDays: 365, toPriceFen: 69800, toValidityDays: 365 };
  const terms = fc.record({
    fromPriceFen: fc.integer({ min: 0, max: 10_000_000 }),
    fromValidityDays: fc.integer({ min: 1, max: 730 }),
    toPriceFen: price,
    toValidityDays: fc.integer({ min: 1, max: 730 }),
  });

  it('charges every granted day at the target price less the held version on those days: never less, never below the least amount', () => {
    fc.assert(
      fc.property(
        terms,
        fc.integer({ min: -10 * DAY_MS, max: 3 * 800 * DAY_MS }),
        fc.option(fc.integer({ min: -10 * DAY_MS, max: 800 * DAY_MS }), { nil: null }),
        (p, left, target) => {
          const up = planUpgrade(p, now + left, target === null ? null : now + target, now);
          const from = Math.max(now, target === null ? now : now + target);
          if (now + left <= from) {
            expect(up).toBeNull();
            return;
          }
          expect(up).not.toBeNull();
          expect(up!.grantFrom).toBe(from);
          expect(up!.grantUntil).toBe(now + left);
          // Every day granted is charged (a started day whole) …
          expect(up!.days).toBe(Math.ceil((now + left - from) / DAY_MS));
          // … at no less than the difference of the daily prices, and within one fen of it.
          const exact = Math.max(0, p.toPriceFen / p.toValidityDays - p.fromPriceFen / p.fromValidityDays) * up!.days;
          expect(up!.priceFen).toBeGreaterThanOrEqual(Math.max(MIN_AMOUNT_FEN, exact - 1e-6));
          expect(up!.priceFen).toBeLessThanOrEqual(Math.max(MIN_AMOUNT_FEN, exact + 1));
        },
      ),
    );
  });

  it('at the edges: a whole year is exactly the difference, three stacked years three times it, the last day one day of it', () => {
    expect(planUpgrade(ladder, now + 365 * DAY_MS, null, now)!.priceFen).toBe(50000);
    expect(planUpgrade(ladder, now + 3 * 365 * DAY_MS, null, now)!.priceFen).toBe(150000);
    expect(planUpgrade(ladder, now + DAY_MS / 4, null, now)!.priceFen).toBe(Math.ceil(50000 / 365));
    expect(daysLeft(now + DAY_MS / 4, now)).toBe(1);
    expect(planUpgrade(ladder, now - 1, null, now)).toBeNull();
    // The target already held to half a year: only the second half is granted and charged.
    expect(planUpgrade(ladder, now + 365 * DAY_MS, now + 183 * DAY_MS, now)).toMatchObject({ days: 182, priceFen: Math.ceil((50000 * 182) / 365) });
    expect(planUpgrade({ ...ladder, toPriceFen: 19800 }, now + 100 * DAY_MS, null, now)!.priceFen).toBe(MIN_AMOUNT_FEN);
  });
});

describe('unwoundEnd', () => {
  const year = 365 * DAY_MS;
  const ladder = { fromPriceFen: 19800, fromValidityDays: 365, toPriceFen: 69800, toValidityDays: 365 };

  it('keeps the days still backed and what the rest of the price buys at the target daily price, never more than it had', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * 365 }), fc.integer({ min: -400, max: 3 * 400 }), (days, baseDays) => {
        const from = 0;
        const until = days * DAY_MS;
        const paid = planUpgrade(ladder, until, null, from)!.priceFen;
        const end = unwoundEnd(ladder, paid, from, until, baseDays * DAY_MS);
        const backed = Math.min(Math.max(0, baseDays * DAY_MS), until);
        expect(end).toBeLessThanOrEqual(until);
        expect(end).toBeGreaterThanOrEqual(backed);
        // What is kept beyond the backed days costs no more at the target's daily price than what is left of the price.
        const keptValue = ((end - backed) / DAY_MS) * (69800 / 365) + (backed / DAY_MS) * (50000 / 365);
        expect(keptValue).toBeLessThanOrEqual(paid + 1e-6);
      }),
    );
  });

  it('three stacked years of 基础班 upgraded to 至尊班 (¥1,500), all refunded: ¥1,500 of 至尊班 is 784 days', () => {
    const until = 3 * year;
    expect(Math.floor(unwoundEnd(ladder, 150000, 0, until, 0) / DAY_MS)).toBe(784);
    // One of the three refunded: two years stay backed, the third year's ¥500 buys 261 days.
    expect(Math.floor(unwoundEnd(ladder, 150000, 0, until, 2 * year) / DAY_MS)).toBe(730 + 261);
    // A renewal refunded that the base still covers: nothing changes.
    expect(unwoundEnd(ladder, 150000, 0, until, 4 * year)).toBe(until);
  });
});

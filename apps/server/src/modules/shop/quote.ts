/**
 * What an order costs (docs/shop.md, "Amounts"): pure, property-tested. Every amount is in fen. The server works
 * it out from the product, the coupon and the upgrade credit; nothing a client sends enters it.
 */

/** The least a provider accepts: an order is never free through a coupon or a credit. */
export const MIN_AMOUNT_FEN = 1;
export const DAY_MS = 86_400_000;

export interface CouponTerms {
  kind: 'amount' | 'percent';
  /** amount: fen off; percent: percent off (1–99). */
  value: number;
  minSpendFen: number;
}

/** The coupon's reduction of `priceFen`: 0 below its minimum spend, never more than leaves MIN_AMOUNT_FEN. */
export function couponOff(priceFen: number, c: CouponTerms): number {
  if (priceFen < c.minSpendFen || priceFen <= MIN_AMOUNT_FEN) return 0;
  const raw = c.kind === 'amount' ? c.value : Math.floor((priceFen * c.value) / 100);
  return Math.max(0, Math.min(raw, priceFen - MIN_AMOUNT_FEN));
}

/** The prices an upgrade is worked out with: the held version's and the target's, each with its validity. */
export interface UpgradePrices {
  fromPriceFen: number;
  fromValidityDays: number;
  toPriceFen: number;
  toValidityDays: number;
}

/** What an upgrade grants and costs: the target from `grantFrom` to `grantUntil` (the held version's end). */
export interface UpgradePlan {
  grantFrom: number;
  grantUntil: number;
  /** The days charged: every day granted, a started day counting whole. */
  days: number;
  priceFen: number;
}

/** Days from `from` to `until`, counting a started day as a whole one (0 once it has ended). */
export const daysLeft = (until: number, from: number) => (until <= from ? 0 : Math.ceil((until - from) / DAY_MS));

/**
 * An upgrade (docs/shop.md, "Upgrades") grants the target from now — or from the end of the target already held —
 * to the held version's end, and charges for every day it grants: the target's daily price minus the held
 * version's daily price (the held version's unused value on those days), rounded up to the fen, at least
 * MIN_AMOUNT_FEN. Worked in integers (fen × days), so a whole year of 基础班 → 至尊班 is exactly ¥500. Null when
 * there is nothing to grant (the held version has ended, or the target already runs past its end).
 */
export function planUpgrade(p: UpgradePrices, heldEnd: number, targetEnd: number | null, now: number): UpgradePlan | null {
  const grantFrom = Math.max(now, targetEnd ?? now);
  const days = daysLeft(heldEnd, grantFrom);
  if (days === 0) return null;
  // (to/toDays − from/fromDays) × days = (to·fromDays − from·toDays) · days / (toDays·fromDays)
  const num = Math.max(0, p.toPriceFen * p.fromValidityDays - p.fromPriceFen * p.toValidityDays) * days;
  const den = p.toValidityDays * p.fromValidityDays;
  return { grantFrom, grantUntil: heldEnd, days, priceFen: Math.max(MIN_AMOUNT_FEN, Math.ceil(num / den)) };
}

/**
 * When the held purchase an upgrade built on shrinks to `baseEnd` (a refund), the end the upgrade keeps
 * (docs/shop.md, "Refunds"): the days the held version still backs, plus what the rest of the upgrade's price buys
 * of the target at its own daily price, rounded down; never later than it ran before.
 */
export function unwoundEnd(p: UpgradePrices, priceFen: number, grantFrom: number, grantUntil: number, baseEnd: number): number {
  const backed = Math.min(Math.max(0, baseEnd - grantFrom), grantUntil - grantFrom);
  const diffPerDay = Math.max(0, p.toPriceFen / p.toValidityDays - p.fromPriceFen / p.fromValidityDays);
  const rest = Math.max(0, priceFen - (diffPerDay * backed) / DAY_MS);
  const extra = Math.floor((rest / (p.toPriceFen / p.toValidityDays)) * DAY_MS);
  return Math.min(grantUntil, grantFrom + backed + extra);
}

export interface Quote {
  /** Before the coupon (the version's price, or the upgrade's difference). */
  baseFen: number;
  couponOffFen: number;
  /** A discount code's reduction, of what is left after the coupon (its minimum spend is of that too). */
  discountOffFen: number;
  amountFen: number;
}

/** The amount: the base, less the coupon, less the discount code (same terms as a coupon), never below the least. */
export function quote(baseFen: number, coupon?: CouponTerms, discount?: CouponTerms): Quote {
  const off = coupon ? couponOff(baseFen, coupon) : 0;
  const afterCoupon = Math.max(MIN_AMOUNT_FEN, baseFen - off);
  const discountOffFen = discount ? couponOff(afterCoupon, discount) : 0;
  return { baseFen, couponOffFen: off, discountOffFen, amountFen: afterCoupon - discountOffFen };
}

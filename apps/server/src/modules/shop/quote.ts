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

export interface UpgradeTerms {
  /** Price and validity of the version held now and of the target. */
  fromPriceFen: number;
  fromValidityDays: number;
  toPriceFen: number;
  toValidityDays: number;
  /** When the held version ends, and now. */
  endsAt: number;
  now: number;
}

/** Days left of a purchase, counting a started day as a whole one (0 once it has ended). */
export const daysLeft = (endsAt: number, now: number) => (endsAt <= now ? 0 : Math.ceil((endsAt - now) / DAY_MS));

/**
 * An upgrade pays the difference for the days left: the target's daily price minus the held version's daily price,
 * times the days left, rounded up to the fen, at least MIN_AMOUNT_FEN. The target then runs to the held one's end.
 */
export function upgradePrice(u: UpgradeTerms): number {
  const days = daysLeft(u.endsAt, u.now);
  const perDayTo = u.toPriceFen / u.toValidityDays;
  const perDayFrom = u.fromPriceFen / u.fromValidityDays;
  const diff = Math.ceil(Math.max(0, perDayTo - perDayFrom) * days);
  return Math.max(MIN_AMOUNT_FEN, Math.min(diff, u.toPriceFen));
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

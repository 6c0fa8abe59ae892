import type { HuabeiPlan } from '@kaoshi/contract';
import type { InstalmentTerms } from './providers.ts';

/** Huabei is offered from this amount up (¥100), in these plans (docs/shop.md, "Huabei instalments"). */
export const HUABEI_MIN_FEN = 10_000;
export const HUABEI_RATES: readonly { periods: InstalmentTerms['periods']; feeRatePermille: number; sellerPercent: InstalmentTerms['sellerPercent'] }[] = [
  { periods: 3, feeRatePermille: 23, sellerPercent: 100 },
  { periods: 6, feeRatePermille: 45, sellerPercent: 0 },
  { periods: 12, feeRatePermille: 75, sellerPercent: 0 },
];

/**
 * The instalment plans of an amount: the fee is the rate of the amount rounded to the fen; when the seller pays
 * it the learner pays the amount only (免息). Each period is the total divided evenly, the first taking the fen
 * left over, so the periods add up to the total exactly.
 */
export function huabeiPlans(amountFen: number): HuabeiPlan[] {
  return HUABEI_RATES.map((r) => {
    const fee = Math.round((amountFen * r.feeRatePermille) / 1000);
    const sellerPays = r.sellerPercent === 100;
    const total = amountFen + (sellerPays ? 0 : fee);
    const perPeriod = Math.floor(total / r.periods);
    return { periods: r.periods, feeRatePermille: r.feeRatePermille, fee, sellerPays, total, perPeriod, firstPeriod: total - perPeriod * (r.periods - 1) };
  });
}

/** What Alipay is told for an order paid in `periods` (extend_params hb_fq_num and hb_fq_seller_percent). */
export function instalmentTerms(instalments: number): InstalmentTerms | undefined {
  const r = HUABEI_RATES.find((x) => x.periods === instalments);
  return r ? { periods: r.periods, sellerPercent: r.sellerPercent } : undefined;
}
